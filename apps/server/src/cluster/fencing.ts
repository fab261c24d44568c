import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import { AppError } from '../errors.js';
import { opsSignals } from '../ops/signals.js';

/** A settlement by a process whose table lease has passed to another: refused, nothing is written. */
export class FencedOffError extends AppError {
  constructor(tableId: number, token: number) {
    super(409, 'conflict', `Table ${tableId} is owned elsewhere now (fencing token ${token} is stale)`);
    this.name = 'FencedOffError';
    opsSignals.fencingRefusal.publish({ tableId });
  }
}

/** The next fencing token of a table, issued to `owner` as it takes the table over. */
export async function issueFencingToken(db: Database, tableId: number, owner: string): Promise<number> {
  const [row] = await queryRows<{ token: string | number; previous_owner: string | null }>(
    db,
    sql`WITH previous AS (SELECT owner FROM table_fences WHERE table_id = ${tableId})
        INSERT INTO table_fences (table_id, token, owner) VALUES (${tableId}, 1, ${owner})
        ON CONFLICT (table_id) DO UPDATE
          SET token = table_fences.token + 1, owner = EXCLUDED.owner, issued_at = now()
        RETURNING token, (SELECT owner FROM previous) AS previous_owner`,
  );
  // Taken from another process (its lease lapsed), not a table this process opens again.
  if (row.previous_owner !== null && row.previous_owner !== owner)
    opsSignals.leaseTakeover.publish({ tableId });
  return Number(row.token);
}

/**
 * Inside a settlement transaction: passes only while `token` is the table's newest. The row lock (FOR
 * SHARE) orders this against a takeover's `issueFencingToken`: either the settlement commits first and
 * the new owner reads its result, or the new token is issued first and the settlement is refused.
 */
export async function assertFencingToken(tx: Database, tableId: number, token: number): Promise<void> {
  const [row] = await queryRows<{ token: string | number }>(
    tx,
    sql`SELECT token FROM table_fences WHERE table_id = ${tableId} FOR SHARE`,
  );
  if (!row || Number(row.token) !== token) throw new FencedOffError(tableId, token);
}
