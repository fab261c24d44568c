import type { FastifyRequest } from 'fastify';
import type { UserRecord } from '../../../users/userRecord.js';
import type { AdminActor } from '../../../wallet/depositDesk.js';

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

/** The administrator behind a request as the audit log records them: id, name and IP address. */
export function actorOf(request: FastifyRequest): AdminActor {
  const admin = adminOf(request);
  return { actorId: admin.id, actorName: admin.username, ip: request.ip };
}
