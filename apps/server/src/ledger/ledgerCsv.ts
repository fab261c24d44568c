import { sql } from 'drizzle-orm';
import { LEDGER_CSV_COLUMNS } from '@tenger/protocol';
import { queryRows, type Database } from '../db/client.js';

/** Postings read per query while streaming: memory stays flat however long the range. */
const CSV_BATCH = 2_000;
const DAY_MS = 86_400_000;

/**
 * The ledger as CSV, one row per posting, from the start of `from` to the end of `to` (UTC days), in
 * posting order. Read in batches by posting id so a year of postings streams with flat memory.
 */
export async function* ledgerCsv(
  db: Database,
  range: { from: string; to: string },
  batch = CSV_BATCH,
): AsyncGenerator<string> {
  const start = new Date(`${range.from}T00:00:00Z`).toISOString();
  const end = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS).toISOString();
  yield `${LEDGER_CSV_COLUMNS.join(',')}\r\n`;
  let after = 0;
  for (;;) {
    const rows = await queryRows<{
      posting_id: string | number;
      transaction_id: string | number;
      created_at: Date | string;
      kind: string;
      idempotency_key: string;
      code: string;
      account_kind: string;
      user_id: number | null;
      username: string | null;
      table_id: number | null;
      hand_id: string | null;
      amount: string | number;
      meta: unknown;
    }>(
      db,
      sql`SELECT p.id AS posting_id, t.id AS transaction_id, t.created_at, t.kind, t.idempotency_key,
                 a.code, a.kind AS account_kind, a.user_id, u.username,
                 coalesce(a.table_id, t.table_id) AS table_id, t.hand_id, p.amount, t.meta
          FROM ledger_postings p
          JOIN ledger_transactions t ON t.id = p.transaction_id
          JOIN ledger_accounts a ON a.id = p.account_id
          LEFT JOIN users u ON u.id = a.user_id
          WHERE t.created_at >= ${start}::timestamptz AND t.created_at < ${end}::timestamptz
            AND p.id > ${after}
          ORDER BY p.id
          LIMIT ${batch}`,
    );
    if (rows.length === 0) return;
    yield rows
      .map((r) =>
        [
          text(new Date(r.created_at).toISOString()),
          Number(r.transaction_id),
          text(r.kind),
          text(r.idempotency_key),
          Number(r.posting_id),
          text(r.code),
          text(r.account_kind),
          r.user_id === null ? '' : Number(r.user_id),
          text(r.username ?? ''),
          r.table_id === null ? '' : Number(r.table_id),
          text(r.hand_id ?? ''),
          Number(r.amount),
          text(typeof r.meta === 'string' ? r.meta : JSON.stringify(r.meta ?? {})),
        ].join(','),
      )
      .join('\r\n')
      .concat('\r\n');
    after = Number(rows[rows.length - 1].posting_id);
    if (rows.length < batch) return;
  }
}

/**
 * A text cell: a leading = + - @ tab or carriage return gets a ' so spreadsheets do not run it as a
 * formula (OWASP CSV injection), and the cell is quoted when it holds a comma, quote or line break.
 * Numbers are written as they are (an amount's minus sign is data, not a formula).
 */
export function text(value: string): string {
  const defused = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(defused) ? `"${defused.replace(/"/g, '""')}"` : defused;
}
