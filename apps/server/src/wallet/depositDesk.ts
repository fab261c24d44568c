import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AdjustmentDirection, DepositStatus, Page } from '@tenger/protocol';
import { recordAudit, type AuditActor } from '../audit/auditLog.js';
import { queryRows, type Database } from '../db/client.js';
import { deposits } from '../db/schema.js';
import { AppError, DomainError, notFound } from '../errors.js';
import { assertSecondApprover, lockBeneficiary, secondAdminNeeded } from '../fourEyes/fourEyes.js';
import { Accounts } from '../ledger/accounts.js';
import { fingerprint, sqlState, type Ledger } from '../ledger/ledger.js';
import { transactionUnderKey } from '../ledger/ledgerReads.js';
import type { SettingsService } from '../settings/settingsService.js';

/** An administrator acting, as the audit log records them. */
export interface AdminActor extends AuditActor {
  actorId: number;
}

export interface DepositView {
  id: number;
  userId: number;
  username: string;
  amount: number;
  note: string | null;
  status: DepositStatus;
  createdById: number;
  createdBy: string;
  createdAt: Date;
  approvedAt: Date | null;
  /** The second administrator (null when none was needed, or while pending). */
  approvedBy: string | null;
  reversal: { amount: number; reason: string; by: string; at: Date } | null;
  /** A deposit, or a credit adjustment that waited for a second administrator (note = its reason). */
  kind: 'deposit' | 'adjustment';
  /** Who cancelled (the maker) or rejected (another administrator) it while pending, and why. */
  closedBy: string | null;
  closedReason: string | null;
}

export interface DepositOutcome {
  value: DepositView;
  /** The Idempotency-Key had been seen with the same body: nothing new happened. */
  replayed: boolean;
}

export interface AdjustmentView {
  transactionId: number;
  userId: number;
  direction: AdjustmentDirection;
  amount: number;
  reason: string;
  balance: number;
}

/**
 * The player's own protection (protection/playerProtection.ts), asked inside a deposit's transaction:
 * throws for an excluded player (no deposits during a time-out or self-exclusion); returns why the deposit
 * must wait because it would pass the player's deposit limit, or null when it fits.
 */
export interface DepositGate {
  check(tx: Database, userId: number, amount: number): Promise<string | null>;
}

interface Paging {
  page?: number;
  pageSize?: number;
}

/**
 * Money an administrator moves by hand: deposits (bounded by `deposit.maxAmount`), their reversal (once,
 * at most what the player has available) and manual adjustments. A deposit or credit adjustment that
 * four-eyes holds (above `deposit.dualApprovalAbove`, over it in 24 h, or to the admin's own account:
 * see fourEyes.ts) waits as a pending row until a second administrator approves it, its maker cancels
 * it or another administrator rejects it. Every change writes its audit row in the transaction that
 * makes it.
 */
export class DepositDesk {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly settings: SettingsService,
    private readonly gate?: DepositGate,
  ) {}

  /**
   * Credits a player from the outside bank, or records the deposit as pending when it needs a second
   * administrator. The same Idempotency-Key with the same body does it once.
   */
  async create(
    actor: AdminActor,
    input: { userId: number; amount: number; note?: string; idempotencyKey?: string },
  ): Promise<DepositOutcome> {
    const { deposit: limits } = await this.settings.get();
    this.checkAmount(input.amount, limits.maxAmount);
    const requestKey = `deposit:${input.idempotencyKey ?? randomUUID()}`;
    const note = input.note || null;
    const same = (row: DepositRow) =>
      Number(row.user_id) === input.userId && Number(row.amount) === input.amount && row.note === note;

    const outcome = await this.ledger
      .inTransaction(async (tx) => {
        const [earlier] = await this.rows(tx, sql`WHERE d.request_key = ${requestKey}`);
        if (earlier) return { id: earlier.id, replayed: true, matches: same(earlier.raw) };
        const target = await lockRecipient(tx, input.userId);
        const heldBecause = (await this.gate?.check(tx, input.userId, input.amount)) ?? null;
        const fourEyesBecause = await secondAdminNeeded(tx, {
          actorId: actor.actorId,
          beneficiaryId: input.userId,
          amount: input.amount,
          threshold: limits.dualApprovalAbove,
        });
        const waitsBecause = [heldBecause, fourEyesBecause].filter(Boolean).join('; ') || null;
        const pending = waitsBecause !== null;
        let depositId: number;
        if (pending) {
          const [row] = await tx
            .insert(deposits)
            .values({
              userId: input.userId,
              amount: input.amount,
              note,
              createdBy: actor.actorId,
              status: 'pending',
              requestKey,
              heldByLimit: heldBecause !== null,
            })
            .onConflictDoNothing({ target: deposits.requestKey })
            .returning({ id: deposits.id });
          if (!row) {
            // A request with the same key committed while this one waited.
            const [raced] = await this.rows(tx, sql`WHERE d.request_key = ${requestKey}`);
            return { id: raced.id, replayed: true, matches: same(raced.raw) };
          }
          depositId = row.id;
        } else {
          const posted = await this.ledger.postWithin(tx, {
            key: requestKey,
            kind: 'deposit',
            requestHash: fingerprint({ userId: input.userId, amount: input.amount, note }),
            meta: { adminId: actor.actorId },
            movements: [
              { from: Accounts.outsideBank, to: Accounts.available(input.userId), amount: input.amount },
            ],
          });
          if (posted.replayed) {
            // Posted before (by a concurrent request with this key, or before deposits kept their key).
            const [raced] = await this.rows(tx, sql`WHERE d.transaction_id = ${posted.transactionId}`);
            if (!raced) throw idempotencyConflict();
            return { id: raced.id, replayed: true, matches: true };
          }
          const [row] = await tx
            .insert(deposits)
            .values({
              userId: input.userId,
              amount: input.amount,
              note,
              createdBy: actor.actorId,
              status: 'credited',
              requestKey,
              transactionId: posted.transactionId,
              approvedAt: new Date(),
            })
            .returning({ id: deposits.id });
          depositId = row.id;
        }
        await recordAudit(tx, {
          ...actor,
          action: pending ? 'deposit.request' : 'deposit.create',
          targetType: 'deposit',
          targetId: depositId,
          summary: pending
            ? `₮${input.amount} to ${target.username} (#${input.userId}) requested; waits ${heldBecause ? "for the player's limit and " : ''}for a second administrator: ${waitsBecause}`
            : `₮${input.amount} credited to ${target.username} (#${input.userId})`,
          coded: pending
            ? undefined
            : {
                code: 'deposit.credit',
                params: { amount: input.amount, username: target.username, userId: input.userId },
              },
        });
        return { id: depositId, replayed: false, matches: true };
      })
      .catch((error: unknown) => {
        // Two requests with one key raced and the other one's row committed first.
        if (sqlState(error) === '23505') throw idempotencyConflict();
        throw error;
      });
    if (!outcome.matches) throw idempotencyConflict();
    return { value: await this.get(outcome.id), replayed: outcome.replayed };
  }

  /**
   * A second administrator approves a pending deposit: the money moves once. The row is locked, so
   * of two approvals at once one credits and the other finds it credited (409, or the same answer for
   * the approver who already did it).
   */
  async approve(actor: AdminActor, depositId: number): Promise<DepositOutcome> {
    const { fourEyes } = await this.settings.get();
    const replayed = await this.ledger.inTransaction(async (tx) => {
      const [row] = await tx.select().from(deposits).where(eq(deposits.id, depositId)).for('update');
      if (!row) throw notFound('Deposit');
      if (row.status !== 'pending') {
        if (row.approvedBy === actor.actorId) return true;
        throw new AppError(409, 'already_resolved', `This deposit was already ${row.status}`);
      }
      await assertSecondApprover(tx, {
        approverId: actor.actorId,
        makerId: row.createdBy,
        beneficiaryId: row.userId,
        approverMinAdminHours: fourEyes.approverMinAdminHours,
      });
      const target = await lockRecipient(tx, row.userId);
      const overLimit = row.kind === 'deposit' && (await this.gate?.check(tx, row.userId, row.amount));
      if (overLimit) {
        throw new DomainError('deposit_limit', `This deposit still waits: ${overLimit}`);
      }
      const adjustment = row.kind === 'adjustment';
      const posted = await this.ledger.postWithin(tx, {
        key: `deposit:${depositId}:approve`,
        kind: adjustment ? 'adjustment' : 'deposit',
        meta: adjustment
          ? {
              adminId: row.createdBy,
              approvedBy: actor.actorId,
              depositId,
              direction: 'credit',
              reason: row.note,
            }
          : { adminId: row.createdBy, approvedBy: actor.actorId, depositId },
        movements: [{ from: Accounts.outsideBank, to: Accounts.available(row.userId), amount: row.amount }],
      });
      await tx
        .update(deposits)
        .set({
          status: 'credited',
          transactionId: posted.transactionId,
          approvedBy: actor.actorId,
          approvedAt: new Date(),
        })
        .where(eq(deposits.id, depositId));
      await recordAudit(tx, {
        ...actor,
        action: 'deposit.approve',
        targetType: 'deposit',
        targetId: depositId,
        summary: `pending -> credited: ${adjustment ? 'credit adjustment ' : ''}₮${row.amount} to ${target.username} (#${row.userId})`,
        coded: {
          code: 'deposit.approve',
          params: { amount: row.amount, username: target.username, userId: row.userId },
        },
      });
      return false;
    });
    return { value: await this.get(depositId), replayed };
  }

  /** The maker withdraws a pending deposit or credit adjustment, with a reason. Nothing moves. */
  cancel(actor: AdminActor, depositId: number, reason: string): Promise<DepositView> {
    return this.close(actor, depositId, 'cancelled', reason);
  }

  /** Another administrator refuses a pending deposit or credit adjustment, with a reason. Nothing moves. */
  reject(actor: AdminActor, depositId: number, reason: string): Promise<DepositView> {
    return this.close(actor, depositId, 'rejected', reason);
  }

  private async close(
    actor: AdminActor,
    depositId: number,
    status: 'cancelled' | 'rejected',
    reason: string,
  ): Promise<DepositView> {
    await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [row] = await tx.select().from(deposits).where(eq(deposits.id, depositId)).for('update');
      if (!row) throw notFound('Deposit');
      if (row.status !== 'pending') {
        throw new AppError(409, 'already_resolved', `This deposit was already ${row.status}`);
      }
      const byMaker = row.createdBy === actor.actorId;
      if (status === 'cancelled' && !byMaker) {
        throw new AppError(
          403,
          'forbidden',
          'Only the administrator who made it can cancel it; others reject',
        );
      }
      if (status === 'rejected' && byMaker) {
        throw new AppError(403, 'forbidden', 'Cancel what you made; another administrator rejects');
      }
      await tx
        .update(deposits)
        .set({ status, closedBy: actor.actorId, closedReason: reason, closedAt: new Date() })
        .where(eq(deposits.id, depositId));
      await recordAudit(tx, {
        ...actor,
        action: status === 'cancelled' ? 'deposit.cancel' : 'deposit.reject',
        targetType: 'deposit',
        targetId: depositId,
        summary: `pending -> ${status}: ${row.kind === 'adjustment' ? 'credit adjustment ' : ''}₮${row.amount} to user #${row.userId}; ${reason}`,
        coded: {
          code: 'deposit.close',
          params: { to: status, amount: row.amount, userId: row.userId, reason },
        },
      });
    });
    return this.get(depositId);
  }

  /**
   * Takes a credited deposit back (all of it unless `amount` says less) with a compensating ledger
   * transaction: at most once per deposit, and never more than the player has available.
   */
  async reverse(
    actor: AdminActor,
    depositId: number,
    input: { reason: string; amount?: number },
  ): Promise<DepositView> {
    let userId = 0;
    await this.ledger
      .inTransaction(async (tx) => {
        const [row] = await tx.select().from(deposits).where(eq(deposits.id, depositId)).for('update');
        if (!row) throw notFound('Deposit');
        userId = row.userId;
        if (row.status === 'reversed') {
          throw new AppError(409, 'already_resolved', 'This deposit was already reversed');
        }
        if (row.status === 'pending') {
          throw new AppError(409, 'conflict', 'A pending deposit has moved no money; nothing to reverse');
        }
        const amount = input.amount ?? row.amount;
        if (amount > row.amount) {
          throw new AppError(400, 'validation_failed', `At most the deposit's ₮${row.amount}`, {
            amount: `At most ${row.amount}`,
          });
        }
        const result = await this.ledger.postWithin(tx, {
          key: `deposit:${depositId}:reverse`,
          kind: 'deposit_reversal',
          meta: { adminId: actor.actorId, depositId, reason: input.reason },
          movements: [{ from: Accounts.available(row.userId), to: Accounts.outsideBank, amount }],
        });
        await tx
          .update(deposits)
          .set({
            status: 'reversed',
            reversalTransactionId: result.transactionId,
            reversalAmount: amount,
            reversalReason: input.reason,
            reversedBy: actor.actorId,
            reversedAt: new Date(),
          })
          .where(eq(deposits.id, depositId));
        await recordAudit(tx, {
          ...actor,
          action: 'deposit.reverse',
          targetType: 'deposit',
          targetId: depositId,
          summary: `credited -> reversed: ₮${amount} of ₮${row.amount} back from user #${row.userId}; ${input.reason}`,
          coded: {
            code: 'deposit.reverse',
            params: { amount, total: row.amount, userId: row.userId, reason: input.reason },
          },
        });
        return result;
      })
      .catch(async (error: unknown) => {
        if (error instanceof DomainError && error.code === 'insufficient_funds') {
          const { available } = await this.ledger.balancesOf(userId);
          throw new AppError(
            409,
            'insufficient_funds',
            `The player has only ₮${available} available; a reversal cannot take more`,
            { amount: `At most ${available}` },
          );
        }
        throw error;
      });
    return this.get(depositId);
  }

  /**
   * A manual credit or debit with a reason. A debit never takes the balance below zero. A credit that
   * four-eyes holds is recorded as a pending row (kind `adjustment`) and returned as `pending`.
   */
  async adjust(
    actor: AdminActor,
    input: {
      userId: number;
      direction: AdjustmentDirection;
      amount: number;
      reason: string;
      idempotencyKey?: string;
    },
  ): Promise<
    | { value: AdjustmentView; replayed: boolean; pending?: undefined }
    | { pending: DepositView; replayed: boolean }
  > {
    const { deposit: limits } = await this.settings.get();
    this.checkAmount(input.amount, limits.maxAmount);
    const player = Accounts.available(input.userId);
    const credit = input.direction === 'credit';
    const key = `adjustment:${input.idempotencyKey ?? randomUUID()}`;
    const requestHash = fingerprint({
      userId: input.userId,
      direction: input.direction,
      amount: input.amount,
      reason: input.reason,
    });
    const outcome = await this.ledger
      .inTransaction(async (tx) => {
        const [user] = await queryRows<{ username: string; status: string; is_bot: boolean }>(
          tx,
          sql`SELECT username, status, is_bot FROM users WHERE id = ${input.userId} FOR SHARE`,
        );
        if (!user) throw notFound('User');
        if (user.is_bot) throw new AppError(409, 'conflict', 'Bots are funded from the bot bankroll');
        if (user.status === 'deleted') throw new AppError(409, 'conflict', 'This account is deleted');
        if (credit) {
          const held = await this.holdCredit(tx, actor, input, key, user.username, limits.dualApprovalAbove);
          if (held) return { held };
        }
        const result = await this.ledger.postWithin(tx, {
          key,
          kind: 'adjustment',
          requestHash,
          meta: { adminId: actor.actorId, direction: input.direction, reason: input.reason },
          movements: [
            credit
              ? { from: Accounts.outsideBank, to: player, amount: input.amount }
              : { from: player, to: Accounts.outsideBank, amount: input.amount },
          ],
        });
        if (!result.replayed) {
          await recordAudit(tx, {
            ...actor,
            action: 'balance.adjust',
            targetType: 'user',
            targetId: input.userId,
            summary: `${input.direction} ₮${input.amount} ${credit ? 'to' : 'from'} ${user.username}; ${input.reason}`,
            coded: {
              code: 'balance.adjust',
              params: {
                direction: input.direction,
                amount: input.amount,
                username: user.username,
                reason: input.reason,
              },
            },
          });
        }
        return { posted: result };
      })
      .catch(async (error: unknown) => {
        if (error instanceof DomainError && error.code === 'insufficient_funds') {
          const { available } = await this.ledger.balancesOf(input.userId);
          throw new AppError(
            409,
            'insufficient_funds',
            `The player has only ₮${available} available; a debit cannot take more`,
            { amount: `At most ${available}` },
          );
        }
        if (sqlState(error) === '23505') throw idempotencyConflict();
        throw error;
      });
    if (outcome.held) {
      return { pending: await this.get(outcome.held.id), replayed: outcome.held.replayed };
    }
    const posted = outcome.posted;
    const { available } = await this.ledger.balancesOf(input.userId);
    return {
      value: {
        transactionId: posted.transactionId,
        userId: input.userId,
        direction: input.direction,
        amount: input.amount,
        reason: input.reason,
        balance: available,
      },
      replayed: posted.replayed,
    };
  }

  /**
   * Inside the adjustment's transaction: records a credit that four-eyes holds as a pending row (or
   * finds the one this key made). Null when the credit may go alone, or was posted under this key before
   * (the posting then replays it).
   */
  private async holdCredit(
    tx: Database,
    actor: AdminActor,
    input: { userId: number; amount: number; reason: string },
    key: string,
    username: string,
    threshold: number,
  ): Promise<{ id: number; replayed: boolean } | null> {
    const [earlier] = await this.rows(tx, sql`WHERE d.request_key = ${key}`);
    if (earlier) {
      const same =
        earlier.kind === 'adjustment' &&
        earlier.userId === input.userId &&
        earlier.amount === input.amount &&
        earlier.note === input.reason;
      if (!same) throw idempotencyConflict();
      return { id: earlier.id, replayed: true };
    }
    if ((await transactionUnderKey(tx, key)) !== null) return null;
    await lockBeneficiary(tx, input.userId);
    const waitsBecause = await secondAdminNeeded(tx, {
      actorId: actor.actorId,
      beneficiaryId: input.userId,
      amount: input.amount,
      threshold,
    });
    if (!waitsBecause) return null;
    const [row] = await tx
      .insert(deposits)
      .values({
        userId: input.userId,
        amount: input.amount,
        note: input.reason,
        createdBy: actor.actorId,
        status: 'pending',
        kind: 'adjustment',
        requestKey: key,
      })
      .returning({ id: deposits.id });
    await recordAudit(tx, {
      ...actor,
      action: 'balance.adjust_request',
      targetType: 'deposit',
      targetId: row.id,
      summary: `credit ₮${input.amount} to ${username} (#${input.userId}) requested; waits for a second administrator: ${waitsBecause}; ${input.reason}`,
      coded: {
        code: 'balance.adjust_request',
        params: { amount: input.amount, username, userId: input.userId, reason: input.reason },
      },
    });
    return { id: row.id, replayed: false };
  }

  async get(depositId: number): Promise<DepositView> {
    const [row] = await this.rows(this.db, sql`WHERE d.id = ${depositId}`);
    if (!row) throw notFound('Deposit');
    return row;
  }

  /**
   * Newest first. A player (`playerView`) sees their deposits, not credit adjustments, and not one its
   * maker cancelled (entered by mistake, perhaps for someone else).
   */
  async list(
    filter: Paging & { userId?: number; status?: DepositStatus; playerView?: boolean },
    pageSizeDefault: number,
  ): Promise<Page<DepositView>> {
    const conditions = [sql`TRUE`];
    if (filter.userId) conditions.push(sql`d.user_id = ${filter.userId}`);
    if (filter.status) conditions.push(sql`d.status = ${filter.status}`);
    if (filter.playerView) {
      conditions.push(
        sql`d.status IN ('pending', 'credited', 'reversed', 'rejected') AND d.kind = 'deposit'`,
      );
    }
    const where = sql`WHERE ${sql.join(conditions, sql` AND `)}`;
    const page = filter.page ?? 1;
    const pageSize = filter.pageSize ?? pageSizeDefault;
    const [[{ total }], items] = await Promise.all([
      queryRows<{ total: string | number }>(this.db, sql`SELECT count(*) AS total FROM deposits d ${where}`),
      this.rows(this.db, where, sql`ORDER BY d.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`),
    ]);
    return { items, total: Number(total), page, pageSize };
  }

  private checkAmount(amount: number, max: number): void {
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > max) {
      throw new AppError(400, 'validation_failed', `Amount must be a whole number from 1 to ${max}`, {
        amount: `Must be a whole number from 1 to ${max}`,
      });
    }
  }

  private async rows(
    db: Database,
    where: ReturnType<typeof sql>,
    tail: ReturnType<typeof sql> = sql``,
  ): Promise<Array<DepositView & { raw: DepositRow }>> {
    const rows = await queryRows<DepositRow>(
      db,
      sql`SELECT d.id, d.user_id, u.username, d.amount, d.note, d.status, d.created_by AS created_by_id,
                 c.username AS created_by, d.created_at, d.approved_at, p.username AS approved_by,
                 d.reversal_amount, d.reversal_reason, r.username AS reversed_by, d.reversed_at,
                 d.kind, k.username AS closed_by, d.closed_reason
          FROM deposits d
          JOIN users u ON u.id = d.user_id
          JOIN users c ON c.id = d.created_by
          LEFT JOIN users p ON p.id = d.approved_by
          LEFT JOIN users r ON r.id = d.reversed_by
          LEFT JOIN users k ON k.id = d.closed_by
          ${where} ${tail}`,
    );
    return rows.map((r) => ({
      raw: r,
      id: Number(r.id),
      userId: Number(r.user_id),
      username: r.username,
      amount: Number(r.amount),
      note: r.note,
      status: r.status,
      createdById: Number(r.created_by_id),
      createdBy: r.created_by,
      createdAt: new Date(r.created_at),
      approvedAt: r.approved_at === null ? null : new Date(r.approved_at),
      approvedBy: r.approved_by,
      reversal:
        r.reversal_amount === null
          ? null
          : {
              amount: Number(r.reversal_amount),
              reason: r.reversal_reason ?? '',
              by: r.reversed_by ?? '',
              at: new Date(r.reversed_at ?? r.created_at),
            },
      kind: r.kind,
      closedBy: r.closed_by,
      closedReason: r.closed_reason,
    }));
  }
}

interface DepositRow {
  id: number;
  user_id: number;
  username: string;
  amount: string | number;
  note: string | null;
  status: DepositStatus;
  created_by_id: number;
  created_by: string;
  created_at: Date | string;
  approved_at: Date | string | null;
  approved_by: string | null;
  reversal_amount: string | number | null;
  reversal_reason: string | null;
  reversed_by: string | null;
  reversed_at: Date | string | null;
  kind: 'deposit' | 'adjustment';
  closed_by: string | null;
  closed_reason: string | null;
}

/**
 * The recipient of a deposit, share-locked for the rest of the transaction so that a concurrent
 * delete (which updates the row) waits for the deposit or is seen by it. Blocked or deleted accounts
 * and bots receive no deposits.
 */
async function lockRecipient(tx: Database, userId: number): Promise<{ username: string }> {
  await lockBeneficiary(tx, userId);
  const [user] = await queryRows<{ username: string; status: string; is_bot: boolean }>(
    tx,
    sql`SELECT username, status, is_bot FROM users WHERE id = ${userId} FOR SHARE`,
  );
  if (!user) throw notFound('User');
  if (user.is_bot) throw new AppError(409, 'conflict', 'Bots are funded from the bot bankroll, not deposits');
  if (user.status !== 'active') throw new AppError(409, 'account_blocked', 'This account is blocked');
  return user;
}

function idempotencyConflict(): AppError {
  return new AppError(
    409,
    'idempotency_conflict',
    'This Idempotency-Key was already used for another request',
  );
}
