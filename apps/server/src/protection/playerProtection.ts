import { sql } from 'drizzle-orm';
import {
  LIMIT_FIELDS,
  type Exclusion,
  type ExclusionRequest,
  type LimitsResponse,
  type PlayerLimits,
} from '@tenger/protocol';
import { recordAudit, type AuditActor } from '../audit/auditLog.js';
import { queryRows, type Database } from '../db/client.js';
import { DomainError } from '../errors.js';
import type { Ledger, LedgerTransactionKind, PostingRequest } from '../ledger/ledger.js';
import { playerMoneyWithin, seatChipsOf } from '../ledger/ledgerReads.js';
import type { DepositGate } from '../wallet/depositDesk.js';
import {
  changeLimits,
  exclusionApplies,
  exclusionEndsAt,
  exclusionUntilText,
  LIMIT_WINDOWS_MS,
  limitsAt,
  NO_LIMITS,
  periodEnd,
  WINDOWS,
  type ExclusionRecord,
  type StoredLimits,
} from './limitRules.js';

/**
 * Postings that put a player into play: the ones exclusions guard. Those paid from the balance are also
 * held to the loss and session limits; an entry paid with a satellite ticket (`tournament_ticket_entry`)
 * spends no balance, so only the exclusion applies to it (a satellite winner who excluded themself is
 * not registered into the target: the ticket stays held, docs/player-protection.md).
 */
export const GUARDED_KINDS: readonly LedgerTransactionKind[] = [
  'buy_in',
  'recharge',
  'tournament_buy_in',
  'tournament_ticket_entry',
];
const DAY_MS = 86_400_000;

export interface ProtectionDeps {
  db: Database;
  ledger: Ledger;
  /** The protection's clock (ms); tests move it to see a cooling-off end. */
  now?: () => number;
}

/**
 * Player protection (issue 24): the limits a player sets, time-outs and self-exclusion, and the checks
 * that hold them. The loss limit, exclusions and the session limit are checked inside the very ledger
 * transaction that moves a buy-in, recharge or tournament entry (`Ledger.guardPostings`), with the
 * player's row locked, so no path around them and no race between two tables exists. Deposits an
 * administrator makes ask `DepositGate.check` in the deposit's transaction.
 */
export class PlayerProtection implements DepositGate {
  readonly now: () => number;

  constructor(private readonly deps: ProtectionDeps) {
    this.now = deps.now ?? Date.now;
    deps.ledger.guardPostings(GUARDED_KINDS, (tx, request) => this.guardPlay(tx, request));
  }

  // ---- limits ----------------------------------------------------------------------------------

  async limits(userId: number, db: Database = this.deps.db): Promise<LimitsResponse> {
    const now = this.now();
    const { values, pending } = limitsAt(await this.stored(db, userId), now);
    const money = await playerMoneyWithin(db, userId, windowStarts(now));
    const [held] = await queryRows<{ n: string | number; s: string | number }>(
      db,
      sql`SELECT count(*) AS n, coalesce(sum(amount), 0) AS s FROM deposits
          WHERE user_id = ${userId} AND status = 'pending' AND held_by_limit`,
    );
    return {
      inForce: values,
      pending,
      used: {
        depositDaily: money.deposits.Daily,
        depositWeekly: money.deposits.Weekly,
        depositMonthly: money.deposits.Monthly,
        lossDaily: lossOf(money.play.Daily),
        lossWeekly: lossOf(money.play.Weekly),
        lossMonthly: lossOf(money.play.Monthly),
      },
      depositsHeld: { count: Number(held.n), amount: Number(held.s) },
    };
  }

  /** The player changes every limit: tighter at once, looser after the cooling-off. Audited. */
  async setLimits(actor: AuditActor & { actorId: number }, requested: PlayerLimits): Promise<LimitsResponse> {
    const userId = actor.actorId;
    await this.deps.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await lockPlayer(tx, userId);
      const now = this.now();
      const before = limitsAt(await this.stored(tx, userId), now);
      const after = changeLimits(before, requested, now);
      const v = after.values;
      await queryRows(
        tx,
        sql`INSERT INTO player_limits (user_id, loss_daily, loss_weekly, loss_monthly, deposit_daily,
              deposit_weekly, deposit_monthly, session_minutes, reality_check_minutes, pending, updated_at)
            VALUES (${userId}, ${v.lossDaily}, ${v.lossWeekly}, ${v.lossMonthly}, ${v.depositDaily},
              ${v.depositWeekly}, ${v.depositMonthly}, ${v.sessionMinutes}, ${v.realityCheckMinutes},
              ${JSON.stringify(after.pending)}::jsonb, now())
            ON CONFLICT (user_id) DO UPDATE SET loss_daily = EXCLUDED.loss_daily,
              loss_weekly = EXCLUDED.loss_weekly, loss_monthly = EXCLUDED.loss_monthly,
              deposit_daily = EXCLUDED.deposit_daily, deposit_weekly = EXCLUDED.deposit_weekly,
              deposit_monthly = EXCLUDED.deposit_monthly, session_minutes = EXCLUDED.session_minutes,
              reality_check_minutes = EXCLUDED.reality_check_minutes, pending = EXCLUDED.pending,
              updated_at = now()`,
      );
      await recordAudit(tx, {
        ...actor,
        action: 'protection.limits',
        targetType: 'user',
        targetId: userId,
        summary: describeChange(before, after),
        coded: { code: 'protection.limits', params: { fields: changedLimits(before, after) } },
      });
    });
    return this.limits(userId);
  }

  private async stored(db: Database, userId: number): Promise<StoredLimits> {
    const [row] = await queryRows<Record<string, unknown>>(
      db,
      sql`SELECT loss_daily AS "lossDaily", loss_weekly AS "lossWeekly", loss_monthly AS "lossMonthly",
                 deposit_daily AS "depositDaily", deposit_weekly AS "depositWeekly",
                 deposit_monthly AS "depositMonthly", session_minutes AS "sessionMinutes",
                 reality_check_minutes AS "realityCheckMinutes", pending
          FROM player_limits WHERE user_id = ${userId}`,
    );
    if (!row) return { values: { ...NO_LIMITS }, pending: {} };
    const values = Object.fromEntries(
      LIMIT_FIELDS.map((f) => [f, row[f] === null || row[f] === undefined ? null : Number(row[f])]),
    ) as PlayerLimits;
    const pending = (typeof row.pending === 'string' ? JSON.parse(row.pending) : row.pending) ?? {};
    return { values, pending };
  }

  /** The limits in force now (for the session rules and reality checks). */
  async limitsInForce(userId: number, db: Database = this.deps.db): Promise<PlayerLimits> {
    return limitsAt(await this.stored(db, userId), this.now()).values;
  }

  // ---- time-outs and self-exclusion ------------------------------------------------------------

  /** The exclusion that applies now, if any (the one that lasts longest when several do). */
  async activeExclusion(userId: number, db: Database = this.deps.db): Promise<ExclusionRecord | null> {
    const rows = await queryRows<{
      kind: ExclusionRecord['kind'];
      period: ExclusionRecord['period'];
      starts_at: Date | string;
      until: Date | string | null;
      end_requested_at: Date | string | null;
    }>(
      db,
      sql`SELECT kind, period, starts_at, until, end_requested_at FROM player_exclusions
          WHERE user_id = ${userId} ORDER BY id DESC`,
    );
    const now = this.now();
    const applying = rows
      .map((r): ExclusionRecord => ({
        kind: r.kind,
        period: r.period,
        startsAt: new Date(r.starts_at),
        until: r.until === null ? null : new Date(r.until),
        endRequestedAt: r.end_requested_at === null ? null : new Date(r.end_requested_at),
      }))
      .filter((e) => exclusionApplies(e, now));
    const endOf = (e: ExclusionRecord) => exclusionEndsAt(e)?.getTime() ?? Infinity;
    return applying.sort((a, b) => endOf(b) - endOf(a))[0] ?? null;
  }

  /** Throws 403 `excluded` (with `until`) when an exclusion applies. */
  async refuseExcluded(userId: number, db: Database = this.deps.db): Promise<void> {
    const exclusion = await this.activeExclusion(userId, db);
    if (exclusion) throw excludedError(exclusion);
  }

  /**
   * Records a time-out or self-exclusion, effective now. The caller (the route) then revokes every
   * session, stands the player up and refunds open tournament registrations. Audited.
   */
  async exclude(actor: AuditActor & { actorId: number }, request: ExclusionRequest): Promise<Exclusion> {
    const startsAt = new Date(this.now());
    const until = periodEnd(request.period, startsAt);
    await this.deps.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await queryRows(
        tx,
        sql`INSERT INTO player_exclusions (user_id, kind, period, starts_at, until)
            VALUES (${actor.actorId}, ${request.kind}, ${request.period}, ${startsAt.toISOString()}::timestamptz,
                    ${until?.toISOString() ?? null}::timestamptz)`,
      );
      await recordAudit(tx, {
        ...actor,
        action: 'protection.exclusion',
        targetType: 'user',
        targetId: actor.actorId,
        summary: `${request.kind} for ${request.period}, until ${until?.toISOString() ?? 'indefinite'}`,
        coded: until
          ? {
              code: request.kind === 'timeout' ? 'protection.timeout' : 'protection.self_exclusion',
              params: { period: request.period, until: until.toISOString() },
            }
          : { code: 'protection.self_exclusion_indefinite', params: {} },
      });
    });
    return { kind: request.kind, period: request.period, until: until?.toISOString() ?? null };
  }

  /**
   * The player asks for their self-exclusion to end: it ends SELF_EXCLUSION_END_WAIT_DAYS later, never
   * before its period. Only the player (with their password) can ask; there is no administrator call.
   */
  async requestExclusionEnd(actor: AuditActor & { actorId: number }): Promise<{ endsAt: string }> {
    const userId = actor.actorId;
    const current = await this.activeExclusion(userId);
    if (!current) throw new DomainError('conflict', 'Your account is not excluded');
    if (current.kind !== 'self-exclusion') {
      throw new DomainError('conflict', 'A time-out ends by itself; it cannot be ended early');
    }
    const requestedAt = new Date(this.now());
    await this.deps.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await queryRows(
        tx,
        sql`UPDATE player_exclusions SET end_requested_at = ${requestedAt.toISOString()}::timestamptz
            WHERE user_id = ${userId} AND kind = 'self-exclusion' AND end_requested_at IS NULL`,
      );
      await recordAudit(tx, {
        ...actor,
        action: 'protection.exclusion_end',
        targetType: 'user',
        targetId: userId,
        summary: 'the player asked for their self-exclusion to end',
        coded: { code: 'protection.exclusion_end', params: {} },
      });
    });
    const after = await this.activeExclusion(userId);
    return { endsAt: after ? exclusionUntilText(after) : requestedAt.toISOString() };
  }

  // ---- the guard on play money -----------------------------------------------------------------

  /**
   * Inside the transaction of a buy-in, recharge or tournament entry: refuses it for an excluded
   * player (paid from the balance or with a ticket); one paid from the balance also when it could pass
   * a loss limit, or past the session limit.
   */
  private async guardPlay(tx: Database, request: PostingRequest): Promise<void> {
    const payers = new Map<number, number>();
    for (const m of request.movements) {
      if (m.from.kind === 'player_ticket') payers.set(m.from.userId, payers.get(m.from.userId) ?? 0);
      if (m.from.kind === 'player_available') {
        payers.set(m.from.userId, (payers.get(m.from.userId) ?? 0) + m.amount);
      }
    }
    for (const [userId, amount] of payers) {
      await lockPlayer(tx, userId);
      await this.refuseExcluded(userId, tx);
      if (amount === 0) continue; // a ticket pays: no balance spent, no loss or session to count
      const limits = await this.limitsInForce(userId, tx);
      const now = this.now();
      const money = await playerMoneyWithin(tx, userId, windowStarts(now));
      for (const window of WINDOWS) {
        const limit = limits[`loss${window}`];
        const lost = lossOf(money.play[window]);
        if (limit !== null && lost + amount > limit) {
          throw new DomainError(
            'loss_limit',
            `This could take your losses past your ${window.toLowerCase()} loss limit of ₮${limit} (lost so far: ₮${lost})`,
            { limit: String(limit), lost: String(lost), window: window.toLowerCase() },
          );
        }
      }
      if (request.kind !== 'tournament_buy_in')
        await this.checkSession(tx, userId, limits, request.kind, now);
    }
  }

  /** A buy-in at no table starts a session; one past the session limit (or within a day of it) is refused. */
  private async checkSession(
    tx: Database,
    userId: number,
    limits: PlayerLimits,
    kind: LedgerTransactionKind,
    now: number,
  ): Promise<void> {
    const [session] = await queryRows<{ started_at: Date | string; limit_stopped_at: Date | string | null }>(
      tx,
      sql`SELECT started_at, limit_stopped_at FROM play_sessions WHERE user_id = ${userId}`,
    );
    const seated = (await seatChipsOf(tx, userId)) > 0;
    const startedAt = session ? new Date(session.started_at).getTime() : null;
    if (startedAt !== null && session.limit_stopped_at !== null && now < startedAt + DAY_MS) {
      throw sessionLimitError(new Date(startedAt + DAY_MS));
    }
    if (seated && startedAt !== null) {
      if (limits.sessionMinutes !== null && now >= startedAt + limits.sessionMinutes * 60_000) {
        throw sessionLimitError(new Date(startedAt + DAY_MS));
      }
      return;
    }
    if (kind !== 'buy_in') return;
    await queryRows(
      tx,
      sql`INSERT INTO play_sessions (user_id, started_at) VALUES (${userId}, ${new Date(now).toISOString()}::timestamptz)
          ON CONFLICT (user_id) DO UPDATE SET started_at = EXCLUDED.started_at, limit_stopped_at = NULL`,
    );
  }

  // ---- deposits --------------------------------------------------------------------------------

  /** DepositGate: refuses deposits to an excluded player; says why one waits for a deposit limit. */
  async check(tx: Database, userId: number, amount: number): Promise<string | null> {
    await this.refuseExcluded(userId, tx);
    const limits = await this.limitsInForce(userId, tx);
    const money = await playerMoneyWithin(tx, userId, windowStarts(this.now()));
    for (const window of WINDOWS) {
      const limit = limits[`deposit${window}`];
      const deposited = money.deposits[window];
      if (limit !== null && deposited + amount > limit) {
        return `it would pass the player's ${window.toLowerCase()} deposit limit of ₮${limit} (₮${deposited} deposited)`;
      }
    }
    return null;
  }
}

/** The start of each rolling window at `now`. */
function windowStarts(now: number): Record<keyof typeof LIMIT_WINDOWS_MS, Date> {
  return {
    Daily: new Date(now - LIMIT_WINDOWS_MS.Daily),
    Weekly: new Date(now - LIMIT_WINDOWS_MS.Weekly),
    Monthly: new Date(now - LIMIT_WINDOWS_MS.Monthly),
  };
}

/** A net movement of play money as a loss (chips still at a table count as spent until they come back). */
function lossOf(net: number): number {
  return Math.max(0, -net);
}

async function lockPlayer(tx: Database, userId: number): Promise<void> {
  await queryRows(tx, sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
}

export function excludedError(e: ExclusionRecord): DomainError {
  const until = exclusionUntilText(e);
  const what = e.kind === 'timeout' ? 'Your account is in a time-out' : 'Your account is self-excluded';
  const message =
    until === 'indefinite'
      ? `${what} indefinitely. You can still withdraw your balance.`
      : `${what} until ${until}. You can still withdraw your balance.`;
  return new DomainError('excluded', message, { until, kind: e.kind });
}

function sessionLimitError(until: Date): DomainError {
  return new DomainError(
    'session_limit',
    `Your session time limit is reached: you can sit down again after ${until.toISOString()}`,
    { until: until.toISOString() },
  );
}

/** The limits that changed or got a waiting change, by name, for the coded summary. */
function changedLimits(before: StoredLimits, after: StoredLimits): string {
  return LIMIT_FIELDS.filter((field) => {
    const waiting = after.pending[field];
    return (
      before.values[field] !== after.values[field] ||
      (waiting && before.pending[field]?.value !== waiting.value)
    );
  }).join(', ');
}

function describeChange(before: StoredLimits, after: StoredLimits): string {
  const parts: string[] = [];
  for (const field of LIMIT_FIELDS) {
    if (before.values[field] !== after.values[field]) {
      parts.push(`${field} ${before.values[field] ?? 'none'} -> ${after.values[field] ?? 'none'}`);
    }
    const waiting = after.pending[field];
    if (waiting && before.pending[field]?.value !== waiting.value) {
      parts.push(`${field} -> ${waiting.value ?? 'none'} from ${waiting.effectiveAt}`);
    }
  }
  return parts.join('; ') || 'no change';
}
