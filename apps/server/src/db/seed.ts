import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Services } from '../services.js';
import { users } from './schema.js';

/**
 * What a fresh site needs: settings defaults, content blocks, the starting tables, and an
 * administrator (with a random password, returned so it can be printed once, when none is configured).
 * Safe to run on every start: it only adds what is missing.
 */
export async function seedSite(
  services: Services,
): Promise<{ adminCreated: boolean; generatedPassword?: string }> {
  await services.settings.seed();
  await services.blocks.seed();
  await services.tables.seed();
  const [anyAdmin] = await services.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'ADMIN'))
    .limit(1);
  if (anyAdmin) return { adminCreated: false };
  const { admin } = services.config;
  const generatedPassword = admin.password ? undefined : randomBytes(12).toString('base64url');
  const [created] = await services.db
    .insert(users)
    .values({
      username: admin.username,
      email: admin.email,
      passwordHash: await services.auth.hashPassword(admin.password ?? generatedPassword!),
      role: 'ADMIN',
    })
    .returning({ id: users.id });
  const totpSecret = services.config.adminTotp.secret;
  if (totpSecret) await services.secondFactor.enrolFromEnvironment(created.id, totpSecret);
  return { adminCreated: true, generatedPassword };
}
