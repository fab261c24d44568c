import type { FastifyRequest } from 'fastify';
import type { UserRecord } from '../../../users/userRecord.js';

const ADMINS = new WeakMap<FastifyRequest, UserRecord>();

/** Remembers the administrator the admin guard let through, for the handler. */
export function rememberAdmin(request: FastifyRequest, admin: UserRecord): void {
  ADMINS.set(request, admin);
}

export function adminOf(request: FastifyRequest): UserRecord {
  const admin = ADMINS.get(request);
  if (!admin) throw new Error('admin route reached without the admin guard');
  return admin;
}
