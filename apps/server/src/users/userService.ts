import { and, eq, ne, sql } from 'drizzle-orm';
import type { Page, Role, UpdateMeRequest, UserStatus } from '@tenger/protocol';
import { PAGE_SIZE_DEFAULT } from '@tenger/protocol';
import type { AuthService } from '../auth/authService.js';
import { verifyPassword } from '../auth/passwords.js';
import { queryRows, type Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { AppError, conflict, notFound } from '../errors.js';
import { withoutSecrets, type UserRecord } from './userRecord.js';
import { availableOf, lastSeatActivityOf, lockedOf } from '../ledger/ledgerReads.js';

export interface UserWithMoney extends UserRecord {
  available: number;
  locked: number;
  /** Latest sign-in (access token issued) or table activity (seat posting); null if never seen. */
  lastSeenAt: Date | null;
}

export interface AdminUserFilter {
  q?: string;
  role?: Role;
  status?: UserStatus;
  page?: number;
  pageSize?: number;
}

/** Accounts as people and admins see them: profile changes, search, blocking, roles. */
export class UserService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
  ) {}

  async get(userId: number): Promise<UserRecord> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!row) throw notFound('User');
    return withoutSecrets(row);
  }

  async updateMe(userId: number, change: UpdateMeRequest): Promise<UserRecord> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!row) throw notFound('User');
    if (change.newPassword !== undefined || change.email !== undefined) {
      if (!change.currentPassword || !(await verifyPassword(change.currentPassword, row.passwordHash))) {
        throw new AppError(400, 'validation_failed', 'Current password is wrong', {
          currentPassword: 'Current password is wrong',
        });
      }
    }
    if (change.email !== undefined && change.email.toLowerCase() !== row.email.toLowerCase()) {
      const [taken] = await this.db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${change.email})`, ne(users.id, userId)));
      if (taken)
        throw new AppError(409, 'duplicate', 'Email is already registered', { email: 'Already registered' });
    }
    const passwordHash = change.newPassword ? await this.auth.hashPassword(change.newPassword) : undefined;
    try {
      const [updated] = await this.db
        .update(users)
        .set({
          email: change.email,
          bank: change.bank,
          accountNumber: change.accountNumber,
          passwordHash,
          preferences: change.preferences ? { ...row.preferences, ...change.preferences } : undefined,
        })
        .where(eq(users.id, userId))
        .returning();
      this.auth.forgetSessions(userId);
      return withoutSecrets(updated);
    } catch {
      throw new AppError(409, 'duplicate', 'Email is already registered', { email: 'Already registered' });
    }
  }

  /** Players find each other by the start of a username (active, human accounts only). */
  async searchPublic(q: string | undefined): Promise<Array<{ userId: number; username: string }>> {
    const pattern = `${escapeLike(q ?? '')}%`;
    const rows = await this.db
      .select({ userId: users.id, username: users.username })
      .from(users)
      .where(and(eq(users.status, 'active'), eq(users.isBot, false), sql`${users.username} ILIKE ${pattern}`))
      .orderBy(users.username)
      .limit(20);
    return rows;
  }

  async adminSearch(filter: AdminUserFilter): Promise<Page<UserWithMoney>> {
    const page = filter.page ?? 1;
    const pageSize = filter.pageSize ?? PAGE_SIZE_DEFAULT;
    const conditions = [sql`TRUE`];
    if (filter.q) {
      const pattern = `%${escapeLike(filter.q)}%`;
      conditions.push(
        sql`(u.username ILIKE ${pattern} OR u.email ILIKE ${pattern} OR u.id::text = ${filter.q})`,
      );
    }
    if (filter.role) conditions.push(sql`u.role = ${filter.role}`);
    if (filter.status) conditions.push(sql`u.status = ${filter.status}`);
    const where = sql.join(conditions, sql` AND `);
    const [{ total }] = await queryRows<{ total: string | number }>(
      this.db,
      sql`SELECT count(*) AS total FROM users u WHERE ${where}`,
    );
    const rows = await this.withMoney(
      sql`WHERE ${where}`,
      sql`ORDER BY u.id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    );
    return { items: rows, total: Number(total), page, pageSize };
  }

  async getWithMoney(userId: number): Promise<UserWithMoney> {
    const [row] = await this.withMoney(sql`WHERE u.id = ${userId}`, sql``);
    if (!row) throw notFound('User');
    return row;
  }

  /** "Deleting" a user blocks the account: tokens revoked, financial history kept. */
  async block(adminId: number, userId: number): Promise<UserWithMoney> {
    if (adminId === userId) throw conflict('conflict', 'You cannot delete your own account');
    const updated = await this.db
      .update(users)
      .set({ status: 'blocked' })
      .where(eq(users.id, userId))
      .returning();
    if (updated.length === 0) throw notFound('User');
    await this.auth.revokeAll(userId);
    return this.getWithMoney(userId);
  }

  async setRole(adminId: number, userId: number, role: Role): Promise<UserWithMoney> {
    if (adminId === userId) throw conflict('conflict', 'You cannot change your own role');
    const updated = await this.db.update(users).set({ role }).where(eq(users.id, userId)).returning();
    if (updated.length === 0) throw notFound('User');
    await this.auth.revokeAll(userId);
    this.auth.forgetSessions(userId);
    return this.getWithMoney(userId);
  }

  private async withMoney(
    where: ReturnType<typeof sql>,
    tail: ReturnType<typeof sql>,
  ): Promise<UserWithMoney[]> {
    const rows = await queryRows<{
      id: number;
      username: string;
      email: string;
      role: Role;
      status: UserStatus;
      isBot: boolean;
      bank: string;
      accountNumber: string;
      preferences: Record<string, unknown>;
      createdAt: Date | string;
      lastSeenAt: Date | string | null;
      available: string | number;
      locked: string | number;
    }>(
      this.db,
      sql`SELECT u.id, u.username, u.email, u.role, u.status, u.is_bot AS "isBot", u.bank,
                 u.account_number AS "accountNumber", u.preferences, u.created_at AS "createdAt",
                 ${LAST_SEEN} AS "lastSeenAt",
                 ${availableOf(sql`u.id`)} AS available,
                 ${lockedOf(sql`u.id`)} AS locked
          FROM users u ${where} ${tail}`,
    );
    return rows.map((r) => ({
      ...r,
      id: Number(r.id),
      createdAt: new Date(r.createdAt),
      lastSeenAt: r.lastSeenAt === null ? null : new Date(r.lastSeenAt),
      available: Number(r.available),
      locked: Number(r.locked),
    }));
  }
}

/**
 * Last seen, derived without a write per request: the newest access token (every login and registration
 * issues one) or the newest posting on one of the user's seat accounts (buy-in, recharge, hand, leaving),
 * found through the (account_id, transaction_id) index. GREATEST ignores NULLs.
 */
const LAST_SEEN = sql`GREATEST(
  (SELECT max(t.created_at) FROM access_tokens t WHERE t.user_id = u.id),
  ${lastSeatActivityOf(sql`u.id`)})`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
