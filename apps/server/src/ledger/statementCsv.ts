import { sql } from 'drizzle-orm';
import { STATEMENT_CSV_COLUMNS } from '@tenger/protocol';
import { queryRows, type Database } from '../db/client.js';
import { text } from './ledgerCsv.js';

const STATEMENT_BATCH = 2_000;
const DAY_MS = 86_400_000;

/**
 * A player's statement (issue 24): every ledger transaction that moved their money from the start of
 * `from` to the end of `to` (UTC days), one row each, between an opening and a closing balance row. The
 * balance is everything the player holds (available + pending withdrawals + chips at tables + satellite
 * tickets), so each row's change is its transaction's postings on the player's accounts and the closing balance is the
 * ledger's at the end of the range, to the tugrik. Streams in batches: memory stays flat over a year.
 */
export async function* statementCsv(
  db: Database,
  userId: number,
  range: { from: string; to: string },
  batch = STATEMENT_BATCH,
): AsyncGenerator<string> {
  const start = new Date(`${range.from}T00:00:00Z`).toISOString();
  const end = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS).toISOString();
  yield `${STATEMENT_CSV_COLUMNS.join(',')}\r\n`;
  let balance = await holdingsBefore(db, userId, start);
  yield balanceRow(start, 'opening_balance', balance);
  let after = 0;
  for (;;) {
    const rows = await queryRows<{
      id: string | number;
      created_at: Date | string;
      kind: string;
      table_id: number | null;
      hand_id: string | null;
      tournament_id: string | null;
      available: string | number;
      locked: string | number;
      seats: string | number;
      tickets: string | number;
    }>(
      db,
      sql`SELECT x.id, x.created_at, x.kind, coalesce(x.table_id, max(a.table_id)) AS table_id, x.hand_id,
                 x.meta->>'tournamentId' AS tournament_id,
                 coalesce(sum(p.amount) FILTER (WHERE a.kind = 'player_available'), 0) AS available,
                 coalesce(sum(p.amount) FILTER (WHERE a.kind = 'player_locked'), 0) AS locked,
                 coalesce(sum(p.amount) FILTER (WHERE a.kind = 'player_seat'), 0) AS seats,
                 coalesce(sum(p.amount) FILTER (WHERE a.kind = 'player_ticket'), 0) AS tickets
          FROM ledger_postings p
          JOIN ledger_accounts a ON a.id = p.account_id
          JOIN ledger_transactions x ON x.id = p.transaction_id
          WHERE a.user_id = ${userId} AND x.created_at >= ${start}::timestamptz
            AND x.created_at < ${end}::timestamptz AND x.id > ${after}
          GROUP BY x.id
          ORDER BY x.id
          LIMIT ${batch}`,
    );
    const lines = rows.map((r) => {
      const available = Number(r.available);
      const locked = Number(r.locked);
      const seats = Number(r.seats);
      const tickets = Number(r.tickets);
      balance += available + locked + seats + tickets;
      return [
        text(new Date(r.created_at).toISOString()),
        Number(r.id),
        text(r.kind),
        r.table_id === null ? '' : Number(r.table_id),
        text(r.hand_id ?? ''),
        /^\d+$/.test(r.tournament_id ?? '') ? Number(r.tournament_id) : '',
        available,
        locked,
        seats,
        tickets,
        balance,
      ].join(',');
    });
    if (lines.length > 0) yield `${lines.join('\r\n')}\r\n`;
    if (rows.length < batch) break;
    after = Number(rows[rows.length - 1].id);
  }
  yield balanceRow(end, 'closing_balance', balance);
}

/** The opening or closing row: its time, type and balance, every other column empty (derived from the columns). */
function balanceRow(time: string, type: string, balance: number): string {
  const cells: Array<string | number> = STATEMENT_CSV_COLUMNS.map(() => '');
  cells[STATEMENT_CSV_COLUMNS.indexOf('time')] = time;
  cells[STATEMENT_CSV_COLUMNS.indexOf('type')] = type;
  cells[STATEMENT_CSV_COLUMNS.indexOf('balance_after')] = balance;
  return `${cells.join(',')}\r\n`;
}

/** Everything the player held just before `at`: the sum of their accounts' postings until then. */
export async function holdingsBefore(db: Database, userId: number, at: string): Promise<number> {
  const [row] = await queryRows<{ s: string | number }>(
    db,
    sql`SELECT coalesce(sum(p.amount), 0) AS s FROM ledger_postings p
        JOIN ledger_accounts a ON a.id = p.account_id JOIN ledger_transactions x ON x.id = p.transaction_id
        WHERE a.user_id = ${userId} AND x.created_at < ${at}::timestamptz`,
  );
  return Number(row.s);
}
