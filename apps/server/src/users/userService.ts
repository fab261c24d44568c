import { and, eq, ne, sql } from 'drizzle-orm';
import type {
  Page,
  Role,
  SharedPayoutAccount,
  TableLook,
  UpdateMeRequest,
  UserStatus,
} from '@tenger/protocol';
import { PAGE_SIZE_DEFAULT, needsCurrentPassword } from '@tenger/protocol';
import { recordAudit } from '../audit/auditLog.js';
import type { AuthService } from '../auth/authService.js';
import { queryRows, type Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { AppError, DomainError, conflict, notFound } from '../errors.js';
import { sqlState, UNIQUE_VIOLATION, type Ledger } from '../ledger/ledger.js';
import type { AdminActor } from '../wallet/depositDesk.js';
import { withoutSecrets, type UserRecord, type UserRow } from './userRecord.js';
import { depositReferenceOf, parseDepositReference } from './depositReference.js';
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
  isBot?: boolean;
  page?: number;
  pageSize?: number;
}

/** Accounts as people and admins see them: profile changes, search, blocking, roles. */
export class UserService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly ledger: Ledger,
  ) {}

  async get(userId: number): Promise<UserRecord> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!row) throw notFound('User');
    return withoutSecrets(row);
  }

  /**
   * A player's own profile change. Password, email, bank and account number need the current password
   * (checked on the login failure counters, through the password gate) when they really change. A new password revokes every other session and every
   * outstanding reset link; the session making the change (`context.token`) stays. Security-relevant
   * changes write an audit row in the same transaction.
   */
  async updateMe(
    userId: number,
    change: UpdateMeRequest,
    context: { ip: string; token?: string; banks: readonly string[] },
  ): Promise<UserRecord> {
    const [row] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!row) throw notFound('User');
    // Fields sent with the values they already have are no change: no password check is spent on them.
    change = withoutUnchanged(change, row);
    if (needsCurrentPassword(change)) {
      await this.auth.checkCurrentPassword(row, change.currentPassword, context.ip);
    }
    if (change.bank !== undefined && !context.banks.includes(change.bank)) {
      throw new AppError(400, 'validation_failed', 'Choose one of the banks offered', {
        bank: 'Choose one of the banks offered',
      });
    }
    if (change.email !== undefined && change.email.toLowerCase() !== row.email.toLowerCase()) {
      const [taken] = await this.db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${change.email})`, ne(users.id, userId)));
      if (taken)
        throw new AppError(409, 'email_taken', 'Email is already registered', {
          email: 'Already registered',
        });
    }
    const passwordHash = change.newPassword
      ? await this.auth.hashFor({ address: context.ip, user: `user:${userId}` }, change.newPassword)
      : undefined;
    const nothingToSet = [
      change.email,
      change.bank,
      change.accountNumber,
      passwordHash,
      change.preferences,
    ].every((value) => value === undefined);
    if (nothingToSet) return withoutSecrets(row);
    const actor = { actorId: userId, actorName: row.username, ip: context.ip };
    let updated: UserRow;
    try {
      updated = await this.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const [next] = await tx
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
        if (passwordHash) {
          await this.auth.revokeAll(userId, tx, context.token);
          await this.auth.killResetLinks(userId, tx);
          await recordAudit(tx, {
            ...actor,
            action: 'security.password_change',
            targetType: 'user',
            targetId: userId,
            summary: 'password changed; other sessions and reset links revoked',
            coded: { code: 'security.password_change', params: {} },
          });
        }
        const changes = accountChanges(row, next);
        if (changes.length > 0) {
          await recordAudit(tx, {
            ...actor,
            action: 'security.account_change',
            targetType: 'user',
            targetId: userId,
            summary: changes.map((c) => c.text).join('; '),
            coded: {
              code: 'security.account_change',
              params: { fields: changes.map((c) => c.field).join(', ') },
            },
          });
        }
        return next;
      });
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // Anything but two changes racing to the same email (the unique index decides) is not a refusal.
      if (sqlState(error) !== UNIQUE_VIOLATION) throw error;
      throw new AppError(409, 'email_taken', 'Email is already registered', { email: 'Already registered' });
    }
    this.auth.forgetSessions(userId);
    return withoutSecrets(updated);
  }

  /** The felt and card back the player chose (the defaults until they choose). */
  async tableLook(userId: number): Promise<TableLook> {
    const [row] = await this.db
      .select({ felt: users.tableFelt, cardBack: users.cardBack })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw notFound('User');
    return row;
  }

  async setTableLook(userId: number, look: TableLook): Promise<TableLook> {
    const [row] = await this.db
      .update(users)
      .set({ tableFelt: look.felt, cardBack: look.cardBack })
      .where(eq(users.id, userId))
      .returning({ felt: users.tableFelt, cardBack: users.cardBack });
    if (!row) throw notFound('User');
    return row;
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
      // A deposit reference as written on a transfer ("tp 7k2-qxm") finds its player too.
      const reference = parseDepositReference(filter.q) ?? '';
      conditions.push(
        sql`(u.username ILIKE ${pattern} OR u.email ILIKE ${pattern} OR u.id::text = ${filter.q}
             OR u.deposit_ref = ${reference})`,
      );
    }
    if (filter.role) conditions.push(sql`u.role = ${filter.role}`);
    if (filter.status) conditions.push(sql`u.status = ${filter.status}`);
    if (filter.isBot !== undefined) conditions.push(sql`u.is_bot = ${filter.isBot}`);
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

  /** One user as the admin user page shows them (an account without a deposit reference gets it now). */
  async getWithMoney(userId: number): Promise<UserWithMoney> {
    const [row] = await this.withMoney(sql`WHERE u.id = ${userId}`, sql``);
    if (!row) throw notFound('User');
    return row.depositRef ? row : { ...row, depositRef: await depositReferenceOf(this.db, userId) };
  }

  /**
   * Other accounts with the user's payout account: the same bank and account number (compared without
   * spaces, dashes or case), held now or paid to by a withdrawal, on either side. Several accounts of one
   * person, or a mistyped number, show up here on the admin user page.
   */
  async sharedPayoutAccounts(userId: number): Promise<SharedPayoutAccount[]> {
    await this.get(userId);
    const rows = await queryRows<{
      id: number;
      username: string;
      status: UserStatus;
      bank: string;
      account_number: string;
      source: 'current' | 'withdrawal';
    }>(
      this.db,
      sql`WITH accounts AS (
            SELECT u.id AS user_id, u.bank, u.account_number, 'current' AS source FROM users u
            UNION ALL
            SELECT w.user_id, w.bank, w.account_number, 'withdrawal' FROM withdrawals w),
          keyed AS (
            SELECT a.*, lower(trim(a.bank)) AS bank_key,
                   upper(regexp_replace(a.account_number, '[^0-9A-Za-z]', '', 'g')) AS account_key
              FROM accounts a),
          mine AS (
            SELECT DISTINCT bank_key, account_key FROM keyed WHERE user_id = ${userId} AND account_key <> '')
          SELECT DISTINCT ON (u.id, k.source, k.bank_key, k.account_key)
                 u.id, u.username, u.status, k.bank, k.account_number, k.source
            FROM keyed k
            JOIN mine m ON m.bank_key = k.bank_key AND m.account_key = k.account_key
            JOIN users u ON u.id = k.user_id
           WHERE k.user_id <> ${userId}
           ORDER BY u.id, k.source, k.bank_key, k.account_key
           LIMIT 50`,
    );
    return rows.map((row) => ({
      userId: Number(row.id),
      username: row.username,
      status: row.status,
      bank: row.bank,
      accountNumber: row.account_number,
      source: row.source,
    }));
  }

  /** Blocks an account: its tokens are revoked (sessions end), its money and history stay. */
  async block(actor: AdminActor, userId: number): Promise<UserWithMoney> {
    if (actor.actorId === userId) throw conflict('conflict', 'You cannot block your own account');
    await this.changeStatus(actor, userId, 'active', 'blocked', 'user.block');
    return this.getWithMoney(userId);
  }

  /**
   * Suspends an account pending review (the security desk): a block whose audit row says why. Unblock
   * lifts it like any block.
   */
  async suspend(actor: AdminActor, userId: number, reason: string): Promise<UserWithMoney> {
    if (actor.actorId === userId) throw conflict('conflict', 'You cannot suspend your own account');
    await this.changeStatus(actor, userId, 'active', 'blocked', 'security.suspend', reason);
    return this.getWithMoney(userId);
  }

  /** Lets a blocked account sign in again. */
  async unblock(actor: AdminActor, userId: number): Promise<UserWithMoney> {
    await this.changeStatus(actor, userId, 'blocked', 'active', 'user.unblock');
    return this.getWithMoney(userId);
  }

  /**
   * Closes an account for good, only once it holds no money: nothing available, at a table, in a
   * pending withdrawal (409 until it is paid out or adjusted). The row is updated first, so a deposit
   * racing with the delete either finished before (and is counted) or finds the account closed.
   */
  async remove(actor: AdminActor, userId: number): Promise<UserWithMoney> {
    if (actor.actorId === userId) throw conflict('conflict', 'You cannot delete your own account');
    await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!before) throw notFound('User');
      if (before.status === 'deleted') throw conflict('already_resolved', 'This account is already deleted');
      await tx.update(users).set({ status: 'deleted' }).where(eq(users.id, userId));
      const money = await this.ledger.balancesOf(userId, tx);
      const held = money.available + money.locked;
      if (held > 0) {
        throw new AppError(
          409,
          'conflict',
          `${before.username} still holds ₮${held} (available ₮${money.available}, at tables ₮${money.atTables}, ` +
            `pending withdrawals ₮${money.pendingWithdrawals}); pay it out or adjust it first`,
        );
      }
      await this.auth.revokeAll(userId, tx);
      await recordAudit(tx, {
        ...actor,
        action: 'user.delete',
        targetType: 'user',
        targetId: userId,
        summary: `${before.username}: status ${before.status} -> deleted`,
        coded: {
          code: 'user.status',
          params: { username: before.username, from: before.status, to: 'deleted' },
        },
      });
    });
    this.auth.forgetSessions(userId);
    return this.getWithMoney(userId);
  }

  async setRole(actor: AdminActor, userId: number, role: Role): Promise<UserWithMoney> {
    if (actor.actorId === userId) throw conflict('conflict', 'You cannot change your own role');
    await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!before) throw notFound('User');
      if (before.status === 'deleted') throw conflict('conflict', 'This account is deleted');
      // A role given up is forgotten: becoming ADMIN again starts the four-eyes clock anew.
      const since = role === 'ADMIN' ? {} : { adminSince: null, adminGrantedBy: null };
      await tx
        .update(users)
        .set({ role, ...since })
        .where(eq(users.id, userId));
      await this.auth.revokeAll(userId, tx);
      await recordAudit(tx, {
        ...actor,
        action: 'user.role',
        targetType: 'user',
        targetId: userId,
        summary: `${before.username}: role ${before.role} -> ${role}`,
        coded: { code: 'user.role', params: { username: before.username, from: before.role, to: role } },
      });
    });
    this.auth.forgetSessions(userId);
    return this.getWithMoney(userId);
  }

  private async changeStatus(
    actor: AdminActor,
    userId: number,
    from: 'active' | 'blocked',
    to: 'active' | 'blocked',
    action: 'user.block' | 'user.unblock' | 'security.suspend',
    reason?: string,
  ): Promise<void> {
    await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!before) throw notFound('User');
      if (before.status !== from) {
        throw conflict('conflict', `This account is ${before.status}, not ${from}`);
      }
      await tx.update(users).set({ status: to }).where(eq(users.id, userId));
      if (to === 'blocked') await this.auth.revokeAll(userId, tx);
      await recordAudit(tx, {
        ...actor,
        action,
        targetType: 'user',
        targetId: userId,
        summary: `${before.username}: status ${from} -> ${to}${reason ? ` (suspended pending review: ${reason})` : ''}`,
        coded: reason
          ? { code: 'user.suspend', params: { username: before.username, from, to, reason } }
          : { code: 'user.status', params: { username: before.username, from, to } },
      });
    });
    this.auth.forgetSessions(userId);
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
      depositRef: string | null;
      available: string | number;
      locked: string | number;
    }>(
      this.db,
      sql`SELECT u.id, u.username, u.email, u.role, u.status, u.is_bot AS "isBot", u.bank,
                 u.account_number AS "accountNumber", u.preferences, u.created_at AS "createdAt",
                 ${LAST_SEEN} AS "lastSeenAt", u.deposit_ref AS "depositRef",
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

/** The change without the account fields that already hold the value sent (a new password always counts). */
function withoutUnchanged(
  change: UpdateMeRequest,
  row: { email: string; bank: string; accountNumber: string },
): UpdateMeRequest {
  const next = { ...change };
  if (next.email === row.email) delete next.email;
  if (next.bank === row.bank) delete next.bank;
  if (next.accountNumber === row.accountNumber) delete next.accountNumber;
  return next;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

type AccountFields = { email: string; bank: string; accountNumber: string };

/**
 * The account's fields that changed: each by name (`email`, `bank`, `account`, the coded summary's
 * parameter) and as the English summary writes it (`bank Khan Bank -> Golomt Bank`, the number masked).
 */
function accountChanges(before: AccountFields, after: AccountFields): Array<{ field: string; text: string }> {
  const changes: Array<{ field: string; text: string }> = [];
  if (before.email !== after.email)
    changes.push({ field: 'email', text: `email ${before.email} -> ${after.email}` });
  if (before.bank !== after.bank)
    changes.push({ field: 'bank', text: `bank ${before.bank} -> ${after.bank}` });
  if (before.accountNumber !== after.accountNumber) {
    changes.push({
      field: 'account',
      text: `account ${maskAccountNumber(before.accountNumber)} -> ${maskAccountNumber(after.accountNumber)}`,
    });
  }
  return changes;
}

/** Only the last four digits of an account number are ever written to the audit log. */
export function maskAccountNumber(accountNumber: string): string {
  const digits = accountNumber.replace(/[^0-9]/g, '');
  return `${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}
