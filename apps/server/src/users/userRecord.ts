import type { users } from '../db/schema.js';

export type UserRow = typeof users.$inferSelect;
/**
 * A user as services pass it around: never with the password hash (nor four-eyes or terms bookkeeping, nor
 * the table's look, which has its own route).
 */
export type UserRecord = Omit<
  UserRow,
  'passwordHash' | 'adminSince' | 'adminGrantedBy' | 'termsAcceptedAt' | 'tableFelt' | 'cardBack'
>;

export function withoutSecrets(row: UserRow): UserRecord {
  const {
    passwordHash: _hash,
    adminSince: _since,
    adminGrantedBy: _by,
    termsAcceptedAt: _terms,
    tableFelt: _felt,
    cardBack: _back,
    ...user
  } = row;
  return user;
}
