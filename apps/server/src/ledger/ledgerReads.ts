// Read functions over the ledger's tables for the rest of the server: only the ledger names
// ledger_accounts, ledger_postings and ledger_transactions. Callers get rows, or (for list queries
// built elsewhere) SQL expressions owned here.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import type { LedgerTransactionKind } from './ledger.js';

export interface SeatBalance {
  userId: number;
  tableId: number;
  balance: number;
}

/** Seat accounts holding chips (all tables, or one), oldest account first. */
export async function seatBalances(db: Database, tableId?: number): Promise<SeatBalance[]> {
  const rows = await queryRows<{ user_id: number; table_id: number; balance: string | number }>(
    db,
    sql`SELECT user_id, table_id, balance FROM ledger_accounts
        WHERE kind = 'player_seat' AND balance <> 0 ${tableId === undefined ? sql`` : sql`AND table_id = ${tableId}`}
        ORDER BY id`,
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    tableId: Number(r.table_id),
    balance: Number(r.balance),
  }));
}

/** The tables where a user's seat account holds chips: where they are seated now (the lobby's mark). */
export async function tablesSeatedAt(db: Database, userId: number): Promise<number[]> {
  const rows = await queryRows<{ table_id: number }>(
    db,
    sql`SELECT DISTINCT table_id FROM ledger_accounts
        WHERE kind = 'player_seat' AND user_id = ${userId} AND balance <> 0 ORDER BY table_id`,
  );
  return rows.map((r) => Number(r.table_id));
}

/** How many ledger transactions of `kind` name this hand. */
export async function handTransactionCount(
  db: Database,
  handId: string,
  kind: LedgerTransactionKind,
): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM ledger_transactions WHERE hand_id = ${handId} AND kind = ${kind}`,
  );
  return Number(row.n);
}

/** The sum of a user's postings in transactions of these kinds (e.g. their game results). */
export async function postingsTotal(
  db: Database,
  userId: number,
  kinds: readonly LedgerTransactionKind[],
): Promise<number> {
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const [row] = await queryRows<{ s: string | number }>(
    db,
    sql`SELECT coalesce(sum(p.amount), 0) AS s FROM ledger_postings p
        JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_transactions x ON x.id = p.transaction_id
        WHERE a.user_id = ${userId} AND x.kind IN (${kindList})`,
  );
  return Number(row.s);
}

/** SQL: the available balance of the user in column `userId` (for user lists). */
export function availableOf(userId: SQL): SQL {
  return sql`coalesce((SELECT sum(balance) FROM ledger_accounts a WHERE a.user_id = ${userId} AND a.kind = 'player_available'), 0)`;
}

/** SQL: what the user in column `userId` holds outside the available balance (withdrawals pending, seats). */
export function lockedOf(userId: SQL): SQL {
  return sql`coalesce((SELECT sum(balance) FROM ledger_accounts a WHERE a.user_id = ${userId} AND a.kind <> 'player_available'), 0)`;
}

/** SQL: when the newest posting on one of the user's seat accounts was made (null if none). */
export function lastSeatActivityOf(userId: SQL): SQL {
  return sql`(SELECT lt.created_at FROM ledger_transactions lt WHERE lt.id = (
     SELECT max(p.transaction_id) FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
     WHERE a.user_id = ${userId} AND a.kind = 'player_seat'))`;
}

export interface OutcomeRow {
  transactionId: number;
  kind: LedgerTransactionKind;
  createdAt: Date;
  tableId: number | null;
  handId: string | null;
  amount: number;
}

/**
 * Game history: the user's view of ledger transactions of these kinds, newest first. buy_in and
 * recharge count what went to the seat, leave_seat what came back to the balance, gameplay and
 * bonus the net change of the user's money; a satellite ticket's moves what its ticket account gained
 * or lost (won, entry, return), and its cash refund what came to the balance.
 */
export function outcomeCountQuery(userId: number, kinds: readonly string[]): SQL {
  return sql`SELECT count(*) AS total ${outcomeBase(userId, kinds)}`;
}

export async function outcomeRows(
  db: Database,
  userId: number,
  kinds: readonly string[],
  limit: number,
  offset: number,
): Promise<OutcomeRow[]> {
  const rows = await queryRows<{
    id: string | number;
    kind: LedgerTransactionKind;
    created_at: Date | string;
    table_id: number | null;
    hand_id: string | null;
    amount: string | number;
  }>(
    db,
    sql`SELECT t.id, t.kind, t.created_at, t.table_id, t.hand_id,
          (SELECT coalesce(sum(CASE
             WHEN t.kind IN ('gameplay', 'bonus', 'tournament_buy_in', 'tournament_refund', 'tournament_prize', 'tournament_bounty') THEN p.amount
             WHEN t.kind IN ('buy_in', 'recharge') AND a.kind = 'player_seat' THEN p.amount
             WHEN t.kind = 'leave_seat' AND a.kind = 'player_available' THEN p.amount
             WHEN t.kind IN ('tournament_ticket', 'tournament_ticket_entry', 'tournament_ticket_return')
                  AND a.kind = 'player_ticket' THEN p.amount
             WHEN t.kind = 'tournament_ticket_refund' AND a.kind = 'player_available' THEN p.amount
             ELSE 0 END), 0)
           FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
           WHERE p.transaction_id = t.id AND a.user_id = ${userId}) AS amount
        ${outcomeBase(userId, kinds)}
        ORDER BY t.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((r) => ({
    transactionId: Number(r.id),
    kind: r.kind,
    createdAt: new Date(r.created_at),
    tableId: r.table_id === null ? null : Number(r.table_id),
    handId: r.hand_id,
    amount: Number(r.amount),
  }));
}

function outcomeBase(userId: number, kinds: readonly string[]): SQL {
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  return sql`FROM ledger_transactions t
      WHERE t.kind IN (${kindList})
        AND t.id IN (SELECT p.transaction_id FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
                     WHERE a.user_id = ${userId})`;
}

/**
 * Four-eyes: what moved between the outside world and the user in the last `hours` hours: deposits and
 * credit adjustments into their balance plus withdrawals paid out. Credits and payouts count together.
 */
export async function creditsAndPayoutsWithin(db: Database, userId: number, hours: number): Promise<number> {
  const [row] = await queryRows<{ s: string | number }>(
    db,
    sql`SELECT coalesce(sum(abs(p.amount)), 0) AS s FROM ledger_postings p
        JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_transactions x ON x.id = p.transaction_id
        WHERE a.user_id = ${userId} AND x.created_at > now() - make_interval(hours => ${hours})
          AND ((x.kind IN ('deposit', 'adjustment') AND a.kind = 'player_available' AND p.amount > 0)
            OR (x.kind = 'withdrawal_approve' AND a.kind = 'player_locked' AND p.amount < 0))`,
  );
  return Number(row.s);
}

/** The ledger transaction posted under an idempotency key, if any. */
export async function transactionUnderKey(db: Database, key: string): Promise<number | null> {
  const [row] = await queryRows<{ id: string | number }>(
    db,
    sql`SELECT id FROM ledger_transactions WHERE idempotency_key = ${key}`,
  );
  return row ? Number(row.id) : null;
}

/** Player protection: what moved through the player's balance since each window's start. */
export interface PlayerMoney<W extends string> {
  /** Deposits credited (kind `deposit`). */
  deposits: Record<W, number>;
  /**
   * The net of play money: what came back from tables and tournaments minus what went to them (buy-ins,
   * recharges, entries). Chips still at a table count as gone until they come back.
   */
  play: Record<W, number>;
}

const PLAY_KINDS = [
  'buy_in',
  'recharge',
  'leave_seat',
  'tournament_buy_in',
  'tournament_refund',
  'tournament_prize',
  'tournament_bounty',
  // A satellite ticket paid back as cash (its target cancelled): the satellite's entry comes back.
  'tournament_ticket_refund',
] as const;

export async function playerMoneyWithin<W extends string>(
  db: Database,
  userId: number,
  starts: Record<W, Date>,
): Promise<PlayerMoney<W>> {
  const windows = Object.entries(starts) as Array<[W, Date]>;
  const earliest = new Date(Math.min(...windows.map(([, at]) => at.getTime())));
  const columns = sql.join(
    windows.flatMap(([name, at]) => [
      sql`coalesce(sum(p.amount) FILTER (WHERE x.kind = 'deposit' AND x.created_at > ${at.toISOString()}::timestamptz), 0) AS ${sql.identifier(`deposits_${name}`)}`,
      sql`coalesce(sum(p.amount) FILTER (WHERE x.kind IN (${sql.join(
        PLAY_KINDS.map((k) => sql`${k}`),
        sql`, `,
      )}) AND x.created_at > ${at.toISOString()}::timestamptz), 0) AS ${sql.identifier(`play_${name}`)}`,
    ]),
    sql`, `,
  );
  const [row] = await queryRows<Record<string, string | number>>(
    db,
    sql`SELECT ${columns} FROM ledger_postings p
        JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_transactions x ON x.id = p.transaction_id
        WHERE a.user_id = ${userId} AND a.kind = 'player_available'
          AND x.created_at > ${earliest.toISOString()}::timestamptz`,
  );
  const pick = (prefix: string) =>
    Object.fromEntries(windows.map(([name]) => [name, Number(row[`${prefix}_${name}`] ?? 0)])) as Record<
      W,
      number
    >;
  return { deposits: pick('deposits'), play: pick('play') };
}

/** What enters a tournament from a player and what comes back before it is decided (entries, not prizes). */
const TOURNAMENT_STAKE_KINDS = [
  'tournament_buy_in',
  'tournament_refund',
  'tournament_ticket_entry',
  'tournament_ticket_return',
] as const;

/**
 * What a player has put into these tournaments and not had back: every entry, re-entry, rebuy and
 * add-on (buy-in and fee), paid from the balance or with a satellite ticket, less the refunds and the
 * tickets given back by unregistering.
 */
export async function tournamentStakes(
  db: Database,
  userId: number,
  tournamentIds: readonly number[],
): Promise<number> {
  if (tournamentIds.length === 0) return 0;
  const [row] = await queryRows<{ s: string | number }>(
    db,
    sql`SELECT coalesce(-sum(p.amount), 0) AS s FROM ledger_postings p
        JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_transactions x ON x.id = p.transaction_id
        WHERE a.user_id = ${userId} AND a.kind IN ('player_available', 'player_ticket')
          AND x.kind IN (${sql.join(
            TOURNAMENT_STAKE_KINDS.map((k) => sql`${k}`),
            sql`, `,
          )})
          AND (x.meta->>'tournamentId')::int IN (${sql.join(
            tournamentIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return Number(row.s);
}

/** The chips a player has at cash tables now (their seat accounts). */
export async function seatChipsOf(db: Database, userId: number): Promise<number> {
  const [row] = await queryRows<{ s: string | number }>(
    db,
    sql`SELECT coalesce(sum(balance), 0) AS s FROM ledger_accounts WHERE kind = 'player_seat' AND user_id = ${userId}`,
  );
  return Number(row.s);
}
