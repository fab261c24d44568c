import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DepositStatus, LockedMoney, OutcomeType, Page, WithdrawalStatus } from '@tenger/protocol';
import { PAGE_SIZE_DEFAULT } from '@tenger/protocol';
import { recordAudit } from '../audit/auditLog.js';
import { queryRows, type Database } from '../db/client.js';
import { users, withdrawals } from '../db/schema.js';
import { AppError, DomainError, notFound } from '../errors.js';
import { assertSecondApprover, lockBeneficiary, secondAdminNeeded } from '../fourEyes/fourEyes.js';
import { Accounts } from '../ledger/accounts.js';
import { fingerprint, type Ledger, type PostingResult } from '../ledger/ledger.js';
import { outcomeCountQuery, outcomeRows, tournamentStakes } from '../ledger/ledgerReads.js';
import type { SettingsService } from '../settings/settingsService.js';
import { DepositDesk, type DepositGate, type AdminActor, type DepositView } from './depositDesk.js';

export type { AdminActor, DepositView } from './depositDesk.js';

export interface WithdrawalView {
  id: number;
  userId: number;
  username: string;
  amount: number;
  status: WithdrawalStatus;
  reason: string | null;
  requestedAt: Date;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  /** Where the payout goes: the bank and account number given when the withdrawal was requested. */
  bank: string;
  accountNumber: string;
  /** Four-eyes: the first administrator's approval of a payout that needs two (null when none). */
  firstApprovedBy: string | null;
  firstApprovedById: number | null;
}

export interface OutcomeView {
  transactionId: number;
  type: OutcomeType;
  amount: number;
  createdAt: Date;
  tableId: number | null;
  handId: string | null;
}

export interface Paging {
  page?: number;
  pageSize?: number;
}

/** Result of an idempotent request: `replayed` when the key had been seen with the same body. */
export interface Idempotent<T> {
  value: T;
  replayed: boolean;
}

const OUTCOME_KINDS: OutcomeType[] = [
  'gameplay',
  'bonus',
  'recharge',
  'leave_seat',
  'buy_in',
  'tournament_buy_in',
  'tournament_refund',
  'tournament_prize',
  'tournament_bounty',
  'tournament_ticket',
  'tournament_ticket_entry',
  'tournament_ticket_return',
  'tournament_ticket_refund',
];

/** How a pending withdrawal ends: the ledger's kind and the audit's action (the player cancels their own). */
const RESOLUTION = {
  approved: { kind: 'withdrawal_approve', action: 'withdrawal.approve' },
  rejected: { kind: 'withdrawal_reject', action: 'withdrawal.reject' },
  cancelled: { kind: 'withdrawal_cancel', action: 'withdrawal.cancel' },
} as const;

/** Deposits (by an admin), withdrawals (requested by players, resolved by admins) and game history. */
export class WalletService {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly settings: SettingsService,
    depositGate?: DepositGate,
  ) {
    this.deposits = new DepositDesk(db, ledger, settings, depositGate);
  }

  /** Admin deposits, their approval and reversal, and manual adjustments. */
  readonly deposits: DepositDesk;

  /** Deposits newest first (`playerView`: as the player sees them, see DepositDesk.list). */
  listDeposits(
    filter: Paging & { userId?: number; status?: DepositStatus; playerView?: boolean },
  ): Promise<Page<DepositView>> {
    return this.deposits.list(filter, PAGE_SIZE_DEFAULT);
  }

  /**
   * What "locked" is made of: chips at tables and pending withdrawals (the player's own accounts), and
   * what the player has put into tournaments not yet decided for them (no place yet, the tournament not
   * over): every entry, re-entry, rebuy and add-on, buy-in and fee, paid in cash or with a ticket, which
   * the tournament holds (a cancellation gives it back).
   */
  async lockedMoney(userId: number): Promise<LockedMoney> {
    const [balances, undecided] = await Promise.all([
      this.ledger.balancesOf(userId),
      queryRows<{ id: number }>(
        this.db,
        sql`SELECT t.id FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id
             WHERE e.user_id = ${userId} AND e.place IS NULL
               AND t.status IN ('scheduled', 'registering', 'running', 'break')`,
      ),
    ]);
    return {
      atTables: balances.atTables,
      inWithdrawals: balances.pendingWithdrawals,
      inTournaments: await tournamentStakes(
        this.db,
        userId,
        undecided.map((r) => Number(r.id)),
      ),
      total: balances.locked,
    };
  }

  /** Limits shown on the withdrawal form: at least the minimum, at most the available balance (and the cap). */
  async withdrawalLimits(userId: number): Promise<{ min: number; max: number }> {
    const { withdrawal } = await this.settings.get();
    const { available } = await this.ledger.balancesOf(userId);
    return { min: withdrawal.min, max: Math.min(available, withdrawal.max ?? Number.MAX_SAFE_INTEGER) };
  }

  /**
   * The error for a withdrawal amount outside the limits ('Amount must be between {min} and {max}', 400
   * or, when it is more than the balance, 409). A balance below the minimum allows no amount at all:
   * that is said plainly (409 insufficient_funds) instead of an empty range such as "between 1000 and 500".
   */
  async withdrawalAmountError(userId: number, amount: unknown, status: 400 | 409): Promise<AppError> {
    const { min, max } = await this.withdrawalLimits(userId);
    if (max < min) {
      return new AppError(
        409,
        'insufficient_funds',
        `Your balance is below the minimum withdrawal of ${min}`,
        {
          amount: 'Too much',
        },
      );
    }
    const tooMuch = typeof amount === 'number' && amount > max;
    return new AppError(
      status,
      status === 409 ? 'insufficient_funds' : 'validation_failed',
      `Amount must be between ${min} and ${max}`,
      { amount: tooMuch ? 'Too much' : 'Too low' },
    );
  }

  /** Moves the amount from available to locked (pending) until an admin approves or rejects it. */
  async requestWithdrawal(input: {
    userId: number;
    amount: number;
    idempotencyKey?: string;
  }): Promise<Idempotent<WithdrawalView>> {
    const { withdrawal: limits } = await this.settings.get();
    const key = `withdrawal:${input.userId}:${input.idempotencyKey ?? randomUUID()}`;
    const cap = limits.max ?? Number.MAX_SAFE_INTEGER;
    if (input.amount < limits.min || input.amount > cap) {
      throw await this.withdrawalAmountError(input.userId, input.amount, 400);
    }
    let withdrawalId = 0;
    const result = await this.ledger
      .post(
        {
          key,
          kind: 'withdrawal_request',
          requestHash: fingerprint({ amount: input.amount }),
          movements: [
            {
              from: Accounts.available(input.userId),
              to: Accounts.locked(input.userId),
              amount: input.amount,
            },
          ],
        },
        async (tx, posted) => {
          if (posted.replayed) {
            const [existing] = await tx
              .select({ id: withdrawals.id })
              .from(withdrawals)
              .where(eq(withdrawals.requestTransactionId, posted.transactionId));
            withdrawalId = existing.id;
            return;
          }
          // The payout goes where the player said when asking, whatever their details become later.
          const [payout] = await tx
            .select({ bank: users.bank, accountNumber: users.accountNumber })
            .from(users)
            .where(eq(users.id, input.userId));
          const [row] = await tx
            .insert(withdrawals)
            .values({
              userId: input.userId,
              amount: input.amount,
              requestTransactionId: posted.transactionId,
              bank: payout?.bank ?? '',
              accountNumber: payout?.accountNumber ?? '',
            })
            .returning({ id: withdrawals.id });
          withdrawalId = row.id;
        },
      )
      .catch(async (error: unknown) => {
        if (error instanceof DomainError && error.code === 'insufficient_funds') {
          throw await this.withdrawalAmountError(input.userId, input.amount, 409);
        }
        throw error;
      });
    return { value: await this.withdrawal(withdrawalId), replayed: result.replayed };
  }

  /**
   * Pays a pending withdrawal out (locked -> outside bank), exactly once. A payout that four-eyes holds
   * (above `withdrawal.dualApprovalAbove`, over it in 24 h, or from the acting admin's own account) is
   * only marked by the first administrator (`waiting`); a second, independent one pays it.
   */
  async approveWithdrawal(
    actor: AdminActor,
    withdrawalId: number,
  ): Promise<{ value: WithdrawalView; waiting: boolean }> {
    const { withdrawal: limits, fourEyes } = await this.settings.get();
    const posted = await this.ledger.inTransaction(async (tx) => {
      const row = await this.lockPending(tx, withdrawalId);
      await lockBeneficiary(tx, row.userId);
      if (row.firstApprovedBy !== null) {
        await assertSecondApprover(tx, {
          approverId: actor.actorId,
          makerId: row.firstApprovedBy,
          beneficiaryId: row.userId,
          approverMinAdminHours: fourEyes.approverMinAdminHours,
        });
        return this.settle(tx, actor, row, 'approved', null);
      }
      const waitsBecause = await secondAdminNeeded(tx, {
        actorId: actor.actorId,
        beneficiaryId: row.userId,
        amount: row.amount,
        threshold: limits.dualApprovalAbove,
      });
      if (!waitsBecause) return this.settle(tx, actor, row, 'approved', null);
      await tx
        .update(withdrawals)
        .set({ firstApprovedBy: actor.actorId, firstApprovedAt: new Date() })
        .where(eq(withdrawals.id, withdrawalId));
      await recordAudit(tx, {
        ...actor,
        action: 'withdrawal.approve_request',
        targetType: 'withdrawal',
        targetId: withdrawalId,
        summary: `first approval: ₮${row.amount} of user #${row.userId} to ${row.bank} ${row.accountNumber}; waits for a second administrator: ${waitsBecause}`,
        coded: {
          code: 'withdrawal.approve_request',
          params: { amount: row.amount, userId: row.userId, bank: row.bank, account: row.accountNumber },
        },
      });
      return null;
    });
    return { value: await this.withdrawal(withdrawalId), waiting: posted === null };
  }

  /** The first administrator withdraws their approval of a payout that waits for a second, with a reason. */
  async cancelWithdrawalApproval(
    actor: AdminActor,
    withdrawalId: number,
    reason: string,
  ): Promise<WithdrawalView> {
    await this.ledger.inTransaction(async (tx) => {
      const row = await this.lockPending(tx, withdrawalId);
      if (row.firstApprovedBy === null) {
        throw new AppError(
          409,
          'conflict',
          'This withdrawal has no approval waiting for a second administrator',
        );
      }
      if (row.firstApprovedBy !== actor.actorId) {
        throw new AppError(
          403,
          'forbidden',
          'Only the administrator who approved it first can cancel that approval',
        );
      }
      await tx
        .update(withdrawals)
        .set({ firstApprovedBy: null, firstApprovedAt: null })
        .where(eq(withdrawals.id, withdrawalId));
      await recordAudit(tx, {
        ...actor,
        action: 'withdrawal.approve_cancel',
        targetType: 'withdrawal',
        targetId: withdrawalId,
        summary: `first approval withdrawn: ₮${row.amount} of user #${row.userId}; ${reason}`,
        coded: {
          code: 'withdrawal.approve_cancel',
          params: { amount: row.amount, userId: row.userId, reason },
        },
      });
    });
    return this.withdrawal(withdrawalId);
  }

  /**
   * The player takes their own pending withdrawal back: locked -> available at once, audited. Another
   * player's withdrawal is "not found" (its existence is not theirs to learn); a resolved one is a 409;
   * cancelling it again returns it as it is (the ledger's key moves the money once).
   */
  async cancelWithdrawal(player: AdminActor, withdrawalId: number): Promise<WithdrawalView> {
    await this.ledger.inTransaction(async (tx) => {
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for('update');
      if (!row || row.userId !== player.actorId) throw notFound('Withdrawal');
      if (row.status === 'cancelled') return;
      if (row.status !== 'pending')
        throw new AppError(409, 'already_resolved', `This withdrawal was already ${row.status}`);
      await this.settle(tx, player, row, 'cancelled', null);
    });
    return this.withdrawal(withdrawalId);
  }

  /** Returns a pending withdrawal to the player's balance (locked -> available). Resolves exactly once. */
  rejectWithdrawal(actor: AdminActor, withdrawalId: number, reason: string): Promise<WithdrawalView> {
    return this.resolve(actor, withdrawalId, 'rejected', reason);
  }

  async listWithdrawals(
    filter: Paging & { userId?: number; status?: WithdrawalStatus },
  ): Promise<Page<WithdrawalView>> {
    const conditions = [sql`TRUE`];
    if (filter.userId) conditions.push(sql`w.user_id = ${filter.userId}`);
    if (filter.status) conditions.push(sql`w.status = ${filter.status}`);
    const where = sql`WHERE ${sql.join(conditions, sql` AND `)}`;
    return this.paged(filter, sql`SELECT count(*) AS total FROM withdrawals w ${where}`, (limit, offset) =>
      this.withdrawalRows(where, sql`ORDER BY w.id DESC LIMIT ${limit} OFFSET ${offset}`),
    );
  }

  async withdrawal(withdrawalId: number): Promise<WithdrawalView> {
    const [row] = await this.withdrawalRows(sql`WHERE w.id = ${withdrawalId}`, sql``);
    if (!row) throw notFound('Withdrawal');
    return row;
  }

  /**
   * Game history: the player's view of ledger postings. buy_in and recharge show what went to the seat,
   * leave_seat what came back to the balance, gameplay and bonus the net change of the player's money.
   */
  async outcomes(userId: number, filter: Paging & { type?: OutcomeType }): Promise<Page<OutcomeView>> {
    const kinds = filter.type ? [filter.type] : OUTCOME_KINDS;
    return this.paged(filter, outcomeCountQuery(userId, kinds), async (limit, offset) =>
      (await outcomeRows(this.db, userId, kinds, limit, offset)).map(({ kind, ...row }) => ({
        ...row,
        type: kind as OutcomeType,
      })),
    );
  }

  private async resolve(
    actor: AdminActor,
    withdrawalId: number,
    status: 'approved' | 'rejected',
    reason: string | null,
  ): Promise<WithdrawalView> {
    await this.ledger.inTransaction(async (tx) =>
      this.settle(tx, actor, await this.lockPending(tx, withdrawalId), status, reason),
    );
    return this.withdrawal(withdrawalId);
  }

  private async lockPending(tx: Database, withdrawalId: number) {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).for('update');
    if (!row) throw notFound('Withdrawal');
    if (row.status !== 'pending') {
      throw new AppError(409, 'already_resolved', `This withdrawal was already ${row.status}`);
    }
    return row;
  }

  /** Inside the caller's transaction: pays out or returns a locked withdrawal, with its audit row. */
  private async settle(
    tx: Database,
    actor: AdminActor,
    row: typeof withdrawals.$inferSelect,
    status: 'approved' | 'rejected' | 'cancelled',
    reason: string | null,
  ): Promise<PostingResult> {
    const withdrawalId = row.id;
    const result = await this.ledger.postWithin(tx, {
      key: `withdrawal:${withdrawalId}:resolve`,
      kind: RESOLUTION[status].kind,
      meta: {
        [status === 'cancelled' ? 'playerId' : 'adminId']: actor.actorId,
        withdrawalId,
        reason,
        firstApprovedBy: row.firstApprovedBy,
      },
      movements: [
        {
          from: Accounts.locked(row.userId),
          to: status === 'approved' ? Accounts.outsideBank : Accounts.available(row.userId),
          amount: row.amount,
        },
      ],
    });
    await tx
      .update(withdrawals)
      .set({
        status,
        reason,
        resolvedAt: new Date(),
        resolvedBy: actor.actorId,
        resolveTransactionId: result.transactionId,
      })
      .where(eq(withdrawals.id, withdrawalId));
    await recordAudit(tx, {
      ...actor,
      action: RESOLUTION[status].action,
      targetType: 'withdrawal',
      targetId: withdrawalId,
      summary:
        `pending -> ${status}: ₮${row.amount} of user #${row.userId}` +
        (status === 'approved'
          ? ` to ${row.bank} ${row.accountNumber}`
          : status === 'cancelled'
            ? ' back to available, by the player'
            : `; ${reason}`) +
        (row.firstApprovedBy !== null ? ` (first approval by admin #${row.firstApprovedBy})` : ''),
      coded:
        status === 'approved'
          ? {
              code: 'withdrawal.approved',
              params: { amount: row.amount, userId: row.userId, bank: row.bank, account: row.accountNumber },
            }
          : status === 'cancelled'
            ? { code: 'withdrawal.cancelled', params: { amount: row.amount, userId: row.userId } }
            : {
                code: 'withdrawal.rejected',
                params: { amount: row.amount, userId: row.userId, reason: reason ?? '' },
              },
    });
    return result;
  }

  private async paged<T>(
    filter: Paging,
    countQuery: ReturnType<typeof sql>,
    fetch: (limit: number, offset: number) => Promise<T[]>,
  ): Promise<Page<T>> {
    const page = filter.page ?? 1;
    const pageSize = filter.pageSize ?? PAGE_SIZE_DEFAULT;
    const [[{ total }], items] = await Promise.all([
      queryRows<{ total: string | number }>(this.db, countQuery),
      fetch(pageSize, (page - 1) * pageSize),
    ]);
    return { items, total: Number(total), page, pageSize };
  }

  private async withdrawalRows(
    where: ReturnType<typeof sql>,
    tail: ReturnType<typeof sql>,
  ): Promise<WithdrawalView[]> {
    const rows = await queryRows<{
      id: number;
      user_id: number;
      username: string;
      amount: string | number;
      status: WithdrawalStatus;
      reason: string | null;
      requested_at: Date | string;
      resolved_at: Date | string | null;
      resolved_by: string | null;
      bank: string;
      account_number: string;
      first_approved_by: string | null;
      first_approved_by_id: number | null;
    }>(
      this.db,
      sql`SELECT w.id, w.user_id, u.username, w.amount, w.status, w.reason, w.requested_at, w.resolved_at,
                 r.username AS resolved_by, w.bank, w.account_number,
                 f.username AS first_approved_by, w.first_approved_by AS first_approved_by_id
          FROM withdrawals w JOIN users u ON u.id = w.user_id LEFT JOIN users r ON r.id = w.resolved_by
          LEFT JOIN users f ON f.id = w.first_approved_by
          ${where} ${tail}`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      userId: Number(r.user_id),
      username: r.username,
      amount: Number(r.amount),
      status: r.status,
      reason: r.reason,
      requestedAt: new Date(r.requested_at),
      resolvedAt: r.resolved_at === null ? null : new Date(r.resolved_at),
      resolvedBy: r.resolved_by,
      bank: r.bank,
      accountNumber: r.account_number,
      firstApprovedBy: r.first_approved_by,
      firstApprovedById: r.first_approved_by_id === null ? null : Number(r.first_approved_by_id),
    }));
  }
}
