import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import type { LedgerAccountKind } from '../db/schema.js';
import { AppError } from '../errors.js';
import { accountCode, accountOwner, NON_NEGATIVE_KINDS, type AccountRef } from './accounts.js';

/** Why money moved. Game history ("outcome") rows are the player-facing view of some of these. */
export const LEDGER_TRANSACTION_KINDS = [
  'deposit',
  'withdrawal_request',
  'withdrawal_approve',
  'withdrawal_reject',
  'buy_in',
  'recharge',
  'leave_seat',
  'gameplay',
  'bonus',
  'jackpot_payout',
  'bot_funding',
  'bot_return',
  'hand_void',
  'correction',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

/** One movement of `amount` whole tugrik from one account to another. */
export interface Movement {
  from: AccountRef;
  to: AccountRef;
  amount: number;
}

export interface PostingRequest {
  /** Unique across the whole ledger: the same key never moves money twice. */
  key: string;
  kind: LedgerTransactionKind;
  movements: Movement[];
  /** Fingerprint of the request that produced the movement; same key with another hash is refused. */
  requestHash?: string;
  tableId?: number;
  handId?: string;
  meta?: Record<string, unknown>;
}

export interface PostingResult {
  transactionId: number;
  /** True when the key had been posted before: nothing moved this time. */
  replayed: boolean;
  /** Players whose money changed (empty on a replay). */
  affectedUserIds: number[];
  /** Whether the jackpot account changed. */
  jackpotChanged: boolean;
}

export interface UserBalances {
  /** Spendable: the balance shown to the player. */
  available: number;
  /** Pending withdrawals. */
  pendingWithdrawals: number;
  /** Chips at tables. */
  atTables: number;
  /** pendingWithdrawals + atTables: the "locked" amount shown to the player. */
  locked: number;
}

export type BookTotals = Record<LedgerAccountKind, number>;

export interface LedgerAudit {
  /** Sum of every account balance: zero when the books balance. */
  total: number;
  /** Sum of every posting: zero when every transaction balanced. */
  postingsTotal: number;
  /** Accounts whose cached balance differs from the sum of their postings (should be none). */
  mismatchedAccounts: number;
  /** Transactions whose postings do not sum to zero (should be none). */
  unbalancedTransactions: number;
}

export type LedgerListener = (result: PostingResult) => void;

/** Database error codes worth one more try: serialization failure and deadlock. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

/**
 * The only code that moves money. Every movement is one database transaction of balanced postings
 * with a unique idempotency key; the accounts involved are locked (SELECT … FOR UPDATE, in id order)
 * before their balances are checked, so two requests can never spend the same tugrik.
 */
export class Ledger {
  private readonly listeners = new Set<LedgerListener>();

  constructor(private readonly db: Database) {}

  /** Posts in its own transaction; `within` may add more writes to that same transaction. */
  async post(
    request: PostingRequest,
    within?: (tx: Database, result: PostingResult) => Promise<void>,
  ): Promise<PostingResult> {
    const result = await this.inTransaction(async (tx) => {
      const posted = await this.postWithin(tx, request);
      if (within) await within(tx, posted);
      return posted;
    });
    this.announce(result);
    return result;
  }

  /** A single movement in its own transaction (or in `tx`, whose owner must call `announce` after commit). */
  async transfer(
    movement: Movement & Omit<PostingRequest, 'movements'>,
    tx?: Database,
  ): Promise<PostingResult> {
    const { from, to, amount, ...rest } = movement;
    const request: PostingRequest = { ...rest, movements: [{ from, to, amount }] };
    return tx ? this.postWithin(tx, request) : this.post(request);
  }

  /**
   * Runs `work` in one transaction, retrying on deadlock or serialization failure. Callers that post
   * with `postWithin` inside it call `announce` for each result once this resolves.
   */
  async inTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction((tx) => work(tx as unknown as Database));
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !RETRYABLE_SQLSTATES.has(sqlState(error) ?? '')) throw error;
      }
    }
  }

  /** Posts inside the caller's open transaction. Throws AppError(409) for insufficient funds or a reused key. */
  async postWithin(tx: Database, request: PostingRequest): Promise<PostingResult> {
    validateRequest(request);
    const inserted = await queryRows<{ id: string | number }>(
      tx,
      sql`INSERT INTO ledger_transactions (idempotency_key, kind, request_hash, table_id, hand_id, meta)
          VALUES (${request.key}, ${request.kind}, ${request.requestHash ?? null}, ${request.tableId ?? null},
                  ${request.handId ?? null}, ${JSON.stringify(request.meta ?? {})}::jsonb)
          ON CONFLICT (idempotency_key) DO NOTHING
          RETURNING id`,
    );
    if (inserted.length === 0) return this.replay(tx, request);
    const transactionId = Number(inserted[0].id);

    const refs = uniqueRefs(request.movements);
    const accounts = await this.lockAccounts(tx, refs);

    const net = new Map<string, number>();
    for (const m of request.movements) {
      net.set(accountCode(m.from), (net.get(accountCode(m.from)) ?? 0) - m.amount);
      net.set(accountCode(m.to), (net.get(accountCode(m.to)) ?? 0) + m.amount);
    }
    for (const [code, change] of net) {
      const account = accounts.get(code)!;
      const after = account.balance + change;
      if (NON_NEGATIVE_KINDS.has(account.kind) && after < 0) {
        throw new AppError(409, 'insufficient_funds', 'Insufficient funds');
      }
      if (!Number.isSafeInteger(after)) throw new AppError(409, 'conflict', 'Amount is too large');
    }

    const rows: SQL[] = [];
    for (const m of request.movements) {
      rows.push(sql`(${transactionId}, ${accounts.get(accountCode(m.from))!.id}, ${-m.amount})`);
      rows.push(sql`(${transactionId}, ${accounts.get(accountCode(m.to))!.id}, ${m.amount})`);
    }
    await tx.execute(
      sql`INSERT INTO ledger_postings (transaction_id, account_id, amount) VALUES ${sql.join(rows, sql`, `)}`,
    );

    const affected = new Set<number>();
    for (const ref of refs) {
      const owner = accountOwner(ref);
      if (owner !== null) affected.add(owner);
    }
    return {
      transactionId,
      replayed: false,
      affectedUserIds: [...affected],
      jackpotChanged: refs.some((r) => r.kind === 'jackpot'),
    };
  }

  /** Tells listeners (the realtime hub) about a committed posting. */
  announce(result: PostingResult): void {
    if (result.replayed) return;
    for (const listener of this.listeners) listener(result);
  }

  onPosted(listener: LedgerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async balancesOf(userId: number, db: Database = this.db): Promise<UserBalances> {
    const rows = await queryRows<{ kind: LedgerAccountKind; total: string | number }>(
      db,
      sql`SELECT kind, coalesce(sum(balance), 0) AS total FROM ledger_accounts WHERE user_id = ${userId} GROUP BY kind`,
    );
    const by = (kind: LedgerAccountKind) => Number(rows.find((r) => r.kind === kind)?.total ?? 0);
    const pendingWithdrawals = by('player_locked');
    const atTables = by('player_seat');
    return {
      available: by('player_available'),
      pendingWithdrawals,
      atTables,
      locked: pendingWithdrawals + atTables,
    };
  }

  /** Every account class summed. */
  async bookTotals(db: Database = this.db): Promise<BookTotals> {
    const rows = await queryRows<{ kind: LedgerAccountKind; total: string | number }>(
      db,
      sql`SELECT kind, coalesce(sum(balance), 0) AS total FROM ledger_accounts GROUP BY kind`,
    );
    const totals = {
      player_available: 0,
      player_locked: 0,
      player_seat: 0,
      house_rake: 0,
      jackpot: 0,
      bonus: 0,
      bot_bankroll: 0,
      outside_bank: 0,
    } satisfies BookTotals;
    for (const row of rows) totals[row.kind] = Number(row.total);
    return totals;
  }

  async jackpotAmount(db: Database = this.db): Promise<number> {
    const rows = await queryRows<{ balance: string | number }>(
      db,
      sql`SELECT balance FROM ledger_accounts WHERE code = ${accountCode({ kind: 'jackpot' })}`,
    );
    return Number(rows[0]?.balance ?? 0);
  }

  /** Checks the books from the postings up: used by tests after every case and by GET /data. */
  async audit(db: Database = this.db): Promise<LedgerAudit> {
    const [row] = await queryRows<Record<keyof LedgerAudit, string | number>>(
      db,
      sql`SELECT
            (SELECT coalesce(sum(balance), 0) FROM ledger_accounts) AS "total",
            (SELECT coalesce(sum(amount), 0) FROM ledger_postings) AS "postingsTotal",
            (SELECT count(*) FROM ledger_accounts a
               WHERE a.balance <> (SELECT coalesce(sum(p.amount), 0) FROM ledger_postings p WHERE p.account_id = a.id)
            ) AS "mismatchedAccounts",
            (SELECT count(*) FROM (SELECT transaction_id FROM ledger_postings GROUP BY transaction_id
               HAVING sum(amount) <> 0) t) AS "unbalancedTransactions"`,
    );
    return {
      total: Number(row.total),
      postingsTotal: Number(row.postingsTotal),
      mismatchedAccounts: Number(row.mismatchedAccounts),
      unbalancedTransactions: Number(row.unbalancedTransactions),
    };
  }

  private async replay(tx: Database, request: PostingRequest): Promise<PostingResult> {
    const [existing] = await queryRows<{ id: string | number; request_hash: string | null; kind: string }>(
      tx,
      sql`SELECT id, request_hash, kind FROM ledger_transactions WHERE idempotency_key = ${request.key}`,
    );
    if (!existing) throw new Error(`ledger: idempotency key ${request.key} vanished`);
    if (existing.kind !== request.kind || (existing.request_hash ?? null) !== (request.requestHash ?? null)) {
      throw new AppError(
        409,
        'idempotency_conflict',
        'This Idempotency-Key was already used for another request',
      );
    }
    return { transactionId: Number(existing.id), replayed: true, affectedUserIds: [], jackpotChanged: false };
  }

  /** Creates missing accounts, then locks all of them in id order (the fixed order avoids deadlocks). */
  private async lockAccounts(
    tx: Database,
    refs: AccountRef[],
  ): Promise<Map<string, { id: number; kind: LedgerAccountKind; balance: number }>> {
    const codes = refs.map(accountCode);
    const select = () =>
      queryRows<{ id: number; code: string; kind: LedgerAccountKind; balance: string | number }>(
        tx,
        sql`SELECT id, code, kind, balance FROM ledger_accounts
            WHERE code IN (${sql.join(
              codes.map((c) => sql`${c}`),
              sql`, `,
            )}) ORDER BY id FOR UPDATE`,
      );
    let rows = await select();
    if (rows.length < codes.length) {
      const values = refs.map(
        (ref) =>
          sql`(${accountCode(ref)}, ${ref.kind}, ${accountOwner(ref)}, ${ref.kind === 'player_seat' ? ref.tableId : null})`,
      );
      await tx.execute(
        sql`INSERT INTO ledger_accounts (code, kind, user_id, table_id) VALUES ${sql.join(values, sql`, `)}
            ON CONFLICT (code) DO NOTHING`,
      );
      rows = await select();
    }
    return new Map(rows.map((r) => [r.code, { id: Number(r.id), kind: r.kind, balance: Number(r.balance) }]));
  }
}

/** A stable fingerprint of a request body, for idempotent replays. */
export function fingerprint(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function validateRequest(request: PostingRequest): void {
  if (!request.key || request.key.length > 300) throw new Error('ledger: an idempotency key is required');
  if (request.movements.length === 0) throw new Error('ledger: a posting needs at least one movement');
  for (const m of request.movements) {
    if (!Number.isSafeInteger(m.amount) || m.amount <= 0) {
      throw new Error(`ledger: movement amount must be a positive whole number of tugrik, got ${m.amount}`);
    }
    if (accountCode(m.from) === accountCode(m.to))
      throw new Error('ledger: a movement needs two different accounts');
  }
}

function uniqueRefs(movements: Movement[]): AccountRef[] {
  const byCode = new Map<string, AccountRef>();
  for (const m of movements) {
    byCode.set(accountCode(m.from), m.from);
    byCode.set(accountCode(m.to), m.to);
  }
  return [...byCode.values()];
}

export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
