import type { users } from '../db/schema.js';

export type UserRow = typeof users.$inferSelect;
/** A user as services pass it around: never with the password hash. */
export type UserRecord = Omit<UserRow, 'passwordHash'>;

export function withoutSecrets(row: UserRow): UserRecord {
  const { passwordHash: _hash, ...user } = row;
  return user;
}
