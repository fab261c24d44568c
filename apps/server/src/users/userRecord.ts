import type { users } from '../db/schema.js';

export type UserRow = typeof users.$inferSelect;
/** A user as services pass it around: never with the password hash (nor four-eyes bookkeeping). */
export type UserRecord = Omit<UserRow, 'passwordHash' | 'adminSince' | 'adminGrantedBy'>;

export function withoutSecrets(row: UserRow): UserRecord {
  const { passwordHash: _hash, adminSince: _since, adminGrantedBy: _by, ...user } = row;
  return user;
}
