import type { FastifyRequest } from 'fastify';
import type { Settings } from '@tenger/protocol';
import { AppError } from '../errors.js';
import type { Services } from '../services.js';
import type { UserRecord } from '../users/userRecord.js';

/** Who may do what, in one place. Every admin route passes `requireAdmin` on the server. */

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

export async function currentUser(services: Services, request: FastifyRequest): Promise<UserRecord | null> {
  const token = bearerToken(request);
  return token ? services.auth.authenticate(token) : null;
}

export async function requireUser(services: Services, request: FastifyRequest): Promise<UserRecord> {
  const user = await currentUser(services, request);
  if (!user) throw new AppError(401, 'unauthorized', 'Please log in');
  return user;
}

/** An administrator whose session passed the second factor where one is needed (auth/secondFactor.ts). */
export async function requireAdmin(services: Services, request: FastifyRequest): Promise<UserRecord> {
  const user = await requireUser(services, request);
  if (user.role !== 'ADMIN') throw new AppError(403, 'forbidden', 'Administrators only');
  await services.secondFactor.requireForAdmin(user, bearerToken(request)!);
  return user;
}

/**
 * Whether this request may use the house's view outside the admin API (e.g. every card of any hand): an
 * administrator whose session passed the second factor where one is needed.
 */
export async function actsAsAdmin(
  services: Services,
  request: FastifyRequest,
  user: UserRecord,
): Promise<boolean> {
  if (user.role !== 'ADMIN') return false;
  const token = bearerToken(request);
  return token !== null && (await services.secondFactor.stepFor(user, token)) === undefined;
}

/** While maintenance is on, players cannot register or move money; admins can. */
export async function refuseDuringMaintenance(services: Services): Promise<void> {
  const { maintenance } = await services.settings.get();
  if (maintenance.enabled) throw new AppError(503, 'maintenance', maintenance.message);
}

/** The maintenance message in the language the client asks for (Mongolian when it prefers `mn`). */
export function maintenanceMessage(maintenance: Settings['maintenance'], acceptLanguage?: string): string {
  const wantsMongolian = /^\s*mn\b/i.test(acceptLanguage ?? '');
  return (wantsMongolian ? maintenance.messages?.mn : maintenance.messages?.en) || maintenance.message;
}
