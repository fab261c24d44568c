import type { users } from '../db/schema.js';

export type UserRow = typeof users.$inferSelect;
/** A user as services pass it around: never with the password hash (nor four-eyes or terms bookkeeping). */
export type UserRecord = Omit<UserRow, 'passwordHash' | 'adminSince' | 'adminGrantedBy' | 'termsAcceptedAt'>;

export function withoutSecrets(row: UserRow): UserRecord {
  const {
    passwordHash: _hash,
    adminSince: _since,
    adminGrantedBy: _by,
    termsAcceptedAt: _terms,
    ...user
  } = row;
  return user;
}
