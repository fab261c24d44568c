import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { ClusterBus } from '../cluster/clusterBus.js';
import { CLUSTER_CHANNELS, SiteEvent } from '../cluster/siteEvent.js';
import { queryRows, type Database } from '../db/client.js';
import type { LedgerAccountKind } from '../db/schema.js';
import { AppError } from '../errors.js';
import { opsSignals } from '../ops/signals.js';
import { accountCode, accountOwner, NON_NEGATIVE_KINDS, type AccountRef } from './accounts.js';

/** Why money moved. Game history ("outcome") rows are the player-facing view of some of these. */
export const LEDGER_TRANSACTION_KINDS = [
  'deposit',
  'withdrawal_request',
  'withdrawal_approve',
  'withdrawal_reject',
  /** The player takes their own pending withdrawal back: locked -> available. */
  'withdrawal_cancel',
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
  /** An administrator takes (part of) a deposit back: available -> outside bank. */
  'deposit_reversal',
  /** An administrator's manual credit (outside bank -> available) or debit (available -> outside bank). */
  'adjustment',
  /** A tournament entry: available -> the tournament's prize pool (buy-in) and the house (fee). */
  'tournament_buy_in',
  /** An unregistration or a cancellation: the pool (and the fee) back to the player. */
  'tournament_refund',
  /** A finishing place's prize (or a cancellation share): the pool -> available. */
  'tournament_prize',
  /** A guaranteed tournament's overlay: the house's guarantee account -> the prize pool. */
  'tournament_overlay',
  /** A knockout bounty's cash half (or a bounty left on a head, paid at the end): the pool -> available. */
  'tournament_bounty',
  /** A satellite's ticket: the satellite's pool -> the winner's ticket account for the target. */
  'tournament_ticket',
  /** An entry paid with a ticket: the ticket account -> the target's pool (buy-in) and the house (fee). */
  'tournament_ticket_entry',
  /** An unregistration of a ticket entry: the pool and the fee back onto the ticket account. */
  'tournament_ticket_return',
  /** A ticket of a cancelled (or finished) target refunded in cash: the ticket account -> available. */
  'tournament_ticket_refund',
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
  /**
   * Apply every movement now, the credits to AT_COMMIT_KINDS included (their rows locked until commit):
   * for a transaction that reads such a balance after crediting it (a bad beat pays the jackpot with this
   * hand's contribution in it).
   */
  applyNow?: boolean;
}

/**
 * Accounts that every table's settlement credits (the rake and the jackpot): a credit to one is applied
 * when the transaction commits, in a deferred trigger (migration 0030), and its row is not locked by the
 * posting. Held from the posting until a COMMIT that waited on a busy Node process, those two rows
 * serialised every settlement of the site. A credit cannot take an account below zero; a debit is applied
 * at once, under the lock, as every other movement.
 */
export const AT_COMMIT_KINDS: ReadonlySet<AccountRef['kind']> = new Set(['house_rake', 'jackpot']);

export interface PostingResult {
  transactionId: number;
  /** The transaction's kind (set on a fresh posting; a replay leaves it out). */
  kind?: LedgerTransactionKind;
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
/** A check run inside a posting's transaction, before it moves anything; it refuses by throwing. */
export type PostingGuard = (tx: Database, request: PostingRequest) => Promise<void>;

/** Database error codes worth one more try: serialization failure and deadlock. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

/**
 * The only code that moves money. Every movement is one database transaction of balanced postings
 * with a unique idempotency key; the accounts involved are locked (SELECT … FOR UPDATE, in id order)
 * before their balances are checked, so two requests can never spend the same tugrik. A posting is one
 * SQL statement (see `postingStatement`): on its own it is a single round trip.
 */
export class Ledger {
  /** Committed postings; every process of the site hears them once shared (balance and jackpot pushes). */
  private readonly posted = new SiteEvent<PostingResult>(CLUSTER_CHANNELS.ledgerPosted);
  /** The transactions of `inTransaction` still open, each with what it posted (announced after commit). */
  private readonly open = new WeakMap<Database, PostingResult[]>();
  /** Checks on postings of some kinds (player protection on buy-ins and entries), by kind. */
  private readonly guards = new Map<LedgerTransactionKind, PostingGuard[]>();

  constructor(private readonly db: Database) {}

  /**
   * Runs `guard` inside the transaction of every posting of these kinds, before it moves anything, so a
   * check and the money it allows are one step (two buy-ins at once cannot both pass a limit). A posting
   * of a guarded kind always gets its own transaction. Returns the way to remove the guard.
   */
  guardPostings(kinds: readonly LedgerTransactionKind[], guard: PostingGuard): () => void {
    for (const kind of kinds) this.guards.set(kind, [...(this.guards.get(kind) ?? []), guard]);
    return () => {
      for (const kind of kinds)
        this.guards.set(
          kind,
          (this.guards.get(kind) ?? []).filter((g) => g !== guard),
        );
    };
  }

  /**
   * Posts in its own transaction; `within` may add more writes to that same transaction. Without
   * `within` the posting is a single statement, i.e. its own (implicit) transaction: one round trip.
   */
  async post(
    request: PostingRequest,
    within?: (tx: Database, result: PostingResult) => Promise<void>,
  ): Promise<PostingResult> {
    if (!within) return this.retrying(() => this.postWithin(this.db, request));
    return this.inTransaction(async (tx) => {
      const posted = await this.postWithin(tx, request);
      await within(tx, posted);
      return posted;
    });
  }

  /** A single movement in its own transaction, or in `tx` (a transaction of `inTransaction`). */
  async transfer(
    movement: Movement & Omit<PostingRequest, 'movements'>,
    tx?: Database,
  ): Promise<PostingResult> {
    const { from, to, amount, ...rest } = movement;
    const request: PostingRequest = { ...rest, movements: [{ from, to, amount }] };
    return tx ? this.postWithin(tx, request) : this.post(request);
  }

  /**
   * Runs `work` in one transaction, retrying on deadlock or serialization failure. What `postWithin`
   * posts inside it is announced once the transaction commits, each posting once; nothing is announced
   * when it rolls back (and an attempt that is retried announces nothing of its own).
   */
  async inTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    let committed: PostingResult[] = [];
    const value = await this.retrying(async () => {
      const posted: PostingResult[] = [];
      const result = await this.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        this.open.set(tx, posted);
        try {
          return await work(tx);
        } finally {
          this.open.delete(tx);
        }
      });
      committed = posted;
      return result;
    });
    for (const result of committed) this.announce(result);
    return value;
  }

  private async retrying<T>(attemptOnce: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await attemptOnce();
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !RETRYABLE_SQLSTATES.has(sqlState(error) ?? '')) throw error;
      }
    }
  }

  /**
   * Posts inside a transaction of `inTransaction` (announced when it commits) or, given the database
   * itself, as one statement in its own implicit transaction (announced at once). Throws AppError(409)
   * for insufficient funds or a reused key; then nothing has been written.
   */
  async postWithin(tx: Database, request: PostingRequest): Promise<PostingResult> {
    const collected = tx === this.db ? null : this.open.get(tx);
    // A posting in a transaction the ledger did not open could never be announced after its commit.
    if (collected === undefined) throw new Error('ledger: post inside ledger.inTransaction');
    const guards = this.guards.get(request.kind);
    if (guards?.length) {
      if (collected === null) return this.inTransaction((inner) => this.postWithin(inner, request));
      for (const guard of guards) await guard(tx, request);
    }
    const result = await this.postOnce(tx, request);
    if (collected) collected.push(result);
    else this.announce(result);
    return result;
  }

  private async postOnce(tx: Database, request: PostingRequest): Promise<PostingResult> {
    validateRequest(request);
    const refs = uniqueRefs(request.movements);
    for (let attempt = 1; ; attempt++) {
      const [outcome] = await queryNamed<PostOutcome>(tx, POSTING_STATEMENT, postingStatement(request, refs));
      switch (outcome.status) {
        case 'replay':
          return replayResult(request, outcome);
        case 'retry':
          // An account was created by a concurrent transaction that committed after this statement
          // began: a new statement sees it. Nothing was posted.
          if (attempt >= MAX_ATTEMPTS) throw new Error('ledger: could not lock the accounts of a posting');
          continue;
        case 'insufficient':
        case 'too_large':
          // The key may have been posted by a concurrent request this one waited for: that is a replay
          // (or a key conflict), which takes precedence over the balance check.
          await this.failUnlessReplayed(tx, request, outcome.status);
          return this.replay(tx, request);
        case 'ok':
          if (outcome.transaction_id === null) return this.replay(tx, request); // lost the key race
          return {
            transactionId: Number(outcome.transaction_id),
            kind: request.kind,
            replayed: false,
            affectedUserIds: [...new Set(refs.map(accountOwner).filter((o): o is number => o !== null))],
            jackpotChanged: refs.some((r) => r.kind === 'jackpot'),
          };
      }
    }
  }

  /** Tells listeners (the realtime hub, the tables) about a committed posting, on every process. */
  private announce(result: PostingResult): void {
    if (result.replayed) return;
    if (result.kind) opsSignals.posting.publish({ kind: result.kind });
    this.posted.emit(result);
  }

  onPosted(listener: LedgerListener): () => void {
    return this.posted.on(listener);
  }

  /** Announcements travel over the site's bus: a posting made by any process reaches every process's listeners. */
  shareThrough(bus: ClusterBus): void {
    this.posted.shareThrough(bus);
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
      tournament_pool: 0,
      tournament_fees: 0,
      tournament_guarantee: 0,
      player_ticket: 0,
    } satisfies BookTotals;
    for (const row of rows) totals[row.kind] = Number(row.total);
    return totals;
  }

  async jackpotAmount(db: Database = this.db): Promise<number> {
    return this.balanceOf({ kind: 'jackpot' }, db);
  }

  /** One account's balance (0 for an account that has never been used). */
  async balanceOf(ref: AccountRef, db: Database = this.db): Promise<number> {
    const rows = await queryRows<{ balance: string | number }>(
      db,
      sql`SELECT balance FROM ledger_accounts WHERE code = ${accountCode(ref)}`,
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

  private async failUnlessReplayed(
    tx: Database,
    request: PostingRequest,
    status: 'insufficient' | 'too_large',
  ): Promise<void> {
    const rows = await queryRows<{ id: string | number }>(
      tx,
      sql`SELECT id FROM ledger_transactions WHERE idempotency_key = ${request.key}`,
    );
    if (rows.length > 0) return;
    if (status === 'insufficient') throw new AppError(409, 'insufficient_funds', 'Insufficient funds');
    throw new AppError(409, 'conflict', 'Amount is too large');
  }

  private async replay(tx: Database, request: PostingRequest): Promise<PostingResult> {
    const [existing] = await queryRows<Omit<PostOutcome, 'status' | 'transaction_id'>>(
      tx,
      sql`SELECT id AS existing_id, kind AS existing_kind, request_hash AS existing_hash
          FROM ledger_transactions WHERE idempotency_key = ${request.key}`,
    );
    if (!existing) throw new Error(`ledger: idempotency key ${request.key} vanished`);
    return replayResult(request, existing);
  }
}

/** What the posting statement reports (one row). */
interface PostOutcome {
  /** replay: the key exists (nothing written); retry: an account appeared concurrently (nothing written). */
  status: 'ok' | 'replay' | 'retry' | 'insufficient' | 'too_large';
  /** Set when status is ok and this statement inserted the transaction. */
  transaction_id: string | number | null;
  existing_id: string | number | null;
  existing_kind: string | null;
  existing_hash: string | null;
}

function replayResult(
  request: PostingRequest,
  existing: Pick<PostOutcome, 'existing_id' | 'existing_kind' | 'existing_hash'>,
): PostingResult {
  if (
    existing.existing_kind !== request.kind ||
    (existing.existing_hash ?? null) !== (request.requestHash ?? null)
  ) {
    throw new AppError(
      409,
      'idempotency_conflict',
      'This Idempotency-Key was already used for another request',
    );
  }
  return {
    transactionId: Number(existing.existing_id),
    replayed: true,
    affectedUserIds: [],
    jackpotChanged: false,
  };
}

/**
 * One statement that does a whole posting, in this order:
 * 1. `locked`: locks the posting's existing accounts (SELECT … FOR UPDATE, in id order: the fixed order
 *    avoids deadlocks) and reads their balances after any concurrent change committed; an account of
 *    AT_COMMIT_KINDS that this posting only credits is read without a lock (its credit is applied at commit);
 * 2. `created`: creates the accounts that do not exist yet (first use; balance 0, invisible to others
 *    until commit);
 * 3. `verdict`: `replay` if the idempotency key was already posted, `retry` if an account could be
 *    neither locked nor created (created concurrently after this statement's snapshot), `insufficient`
 *    if a non-negative account would go below zero, `too_large` past Number.MAX_SAFE_INTEGER, else `ok`;
 * 4. only when `ok`: inserts the transaction (ON CONFLICT on the key: a concurrent request with the same
 *    key that commits first wins) and its postings. The postings trigger updates the balances (the CHECK
 *    constraint refuses a negative player balance), a deferred one those marked `at_commit`, and another
 *    deferred trigger checks that they balance.
 * Nothing is written unless the verdict is `ok`. The text never changes (the accounts and postings are
 * array parameters), so PostgreSQL parses and plans it once per connection (a named prepared statement).
 */
const POSTING_STATEMENT = 'tenger_ledger_post_v2';

function postingStatement(request: PostingRequest, refs: AccountRef[]): SQL {
  const net = new Map<string, number>();
  for (const m of request.movements) {
    net.set(accountCode(m.from), (net.get(accountCode(m.from)) ?? 0) - m.amount);
    net.set(accountCode(m.to), (net.get(accountCode(m.to)) ?? 0) + m.amount);
  }
  const codes = refs.map(accountCode);
  // Credits to the accounts every settlement credits are applied at commit, their rows left unlocked here
  // (an account only credited by this posting cannot go below zero through it).
  const atCommit = new Set(
    request.applyNow
      ? []
      : refs
          .filter(
            (r) =>
              AT_COMMIT_KINDS.has(r.kind) &&
              !request.movements.some((m) => accountCode(m.from) === accountCode(r)),
          )
          .map(accountCode),
  );
  const postingCodes: string[] = [];
  const postingAmounts: number[] = [];
  const postingAtCommit: boolean[] = [];
  for (const m of request.movements) {
    postingCodes.push(accountCode(m.from), accountCode(m.to));
    postingAmounts.push(-m.amount, m.amount);
    postingAtCommit.push(false, atCommit.has(accountCode(m.to)));
  }
  const array = (values: unknown[]) => sql.param(values);
  const codesParam = sql`${array(codes)}::text[]`;
  const lockedParam = sql`${array(codes.filter((c) => !atCommit.has(c)))}::text[]`;
  const unlockedParam = sql`${array(codes.filter((c) => atCommit.has(c)))}::text[]`;
  return sql`
    WITH locked_rows AS MATERIALIZED (
      SELECT id, code, kind, balance FROM ledger_accounts WHERE code = ANY (${lockedParam}) ORDER BY id FOR UPDATE
    ),
    locked AS MATERIALIZED (
      SELECT * FROM locked_rows
      UNION ALL
      SELECT id, code, kind, balance FROM ledger_accounts WHERE code = ANY (${unlockedParam})
    ),
    created AS (
      INSERT INTO ledger_accounts (code, kind, user_id, table_id)
      SELECT i.code, i.kind, i.user_id, i.table_id
      FROM unnest(${codesParam}, ${array(refs.map((r) => r.kind))}::text[], ${array(refs.map(accountOwner))}::integer[],
                  ${array(refs.map((r) => (r.kind === 'player_seat' ? r.tableId : null)))}::integer[])
        AS i (code, kind, user_id, table_id)
      WHERE i.code NOT IN (SELECT code FROM locked)
      ORDER BY i.code
      ON CONFLICT (code) DO NOTHING
      RETURNING id, code, kind, balance
    ),
    accounts AS MATERIALIZED (
      SELECT a.id, a.code, a.kind, a.balance + i.delta AS after
      FROM (SELECT * FROM locked UNION ALL SELECT * FROM created) a
      JOIN unnest(${codesParam}, ${array(codes.map((c) => net.get(c) ?? 0))}::bigint[]) AS i (code, delta)
        ON i.code = a.code
    ),
    existing AS MATERIALIZED (
      SELECT id, kind, request_hash FROM ledger_transactions WHERE idempotency_key = ${request.key}::text
    ),
    verdict AS MATERIALIZED (
      SELECT CASE
        WHEN EXISTS (SELECT 1 FROM existing) THEN 'replay'
        WHEN count(*) <> cardinality(${codesParam}) THEN 'retry'
        WHEN bool_or(kind = ANY (${array([...NON_NEGATIVE_KINDS])}::text[]) AND after < 0) THEN 'insufficient'
        WHEN bool_or(abs(after) > ${Number.MAX_SAFE_INTEGER}::bigint) THEN 'too_large'
        ELSE 'ok'
      END AS status
      FROM accounts
    ),
    inserted AS (
      INSERT INTO ledger_transactions (idempotency_key, kind, request_hash, table_id, hand_id, meta)
      SELECT ${request.key}::text, ${request.kind}::text, ${request.requestHash ?? null}::text,
             ${request.tableId ?? null}::integer, ${request.handId ?? null}::text,
             ${JSON.stringify(request.meta ?? {})}::jsonb
      FROM verdict WHERE status = 'ok'
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id
    ),
    postings AS (
      INSERT INTO ledger_postings (transaction_id, account_id, amount, at_commit)
      SELECT t.id, a.id, p.amount, p.at_commit
      FROM inserted t
      CROSS JOIN unnest(${array(postingCodes)}::text[], ${array(postingAmounts)}::bigint[], ${array(postingAtCommit)}::boolean[])
        WITH ORDINALITY AS p (code, amount, at_commit, n)
      JOIN accounts a ON a.code = p.code
      ORDER BY p.n
    )
    SELECT v.status, (SELECT id FROM inserted) AS transaction_id,
           e.id AS existing_id, e.kind AS existing_kind, e.request_hash AS existing_hash
    FROM verdict v LEFT JOIN existing e ON true`;
}

/**
 * Runs a statement whose text never changes under a name: node-postgres prepares it once per pooled
 * connection and then only binds and executes it (PGlite runs it as usual). Uses drizzle's session, the
 * same path `db.execute` takes, with the statement name added.
 */
async function queryNamed<T>(db: Database, name: string, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
  const prepared = session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
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

/** The SQLSTATE of a unique index refusing a row. */
export const UNIQUE_VIOLATION = '23505';

export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
