import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import { Accounts } from '../ledger/accounts.js';
import type { Ledger } from '../ledger/ledger.js';
import type { TableLayer, TableSessionState } from './tableLayer.js';

const COUNTS_TTL_MS = 1000;

/**
 * The table layer with no live runtime: no hands run. A player "seated" at a table is one whose seat
 * account there holds chips; kicking returns those chips to the player's balance through the ledger.
 * Simulation is only recorded (no bots play without the runtime).
 */
export class IdleTableLayer implements TableLayer {
  private readonly simulating = new Set<number>();
  private counts?: { at: number; value: Promise<Map<number, number>> };

  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
  ) {
    ledger.onPosted(() => (this.counts = undefined));
  }

  async session(tableId: number): Promise<TableSessionState> {
    const rows = await queryRows<{
      user_id: number;
      username: string;
      balance: string | number;
      is_bot: boolean;
    }>(
      this.db,
      sql`SELECT a.user_id, u.username, a.balance, u.is_bot FROM ledger_accounts a JOIN users u ON u.id = a.user_id
          WHERE a.kind = 'player_seat' AND a.table_id = ${tableId} AND a.balance > 0 ORDER BY a.id`,
    );
    return {
      status: 'waiting',
      simulation: this.simulating.has(tableId),
      handNumber: null,
      seats: rows.map((r, seat) => ({
        seat,
        userId: Number(r.user_id),
        username: r.username,
        stack: Number(r.balance),
        isBot: r.is_bot,
        sittingOut: true,
      })),
    };
  }

  async kick(tableId: number, userId: number): Promise<boolean> {
    const seat = (await this.session(tableId)).seats.find((s) => s.userId === userId);
    if (!seat) return false;
    await this.ledger.transfer({
      from: Accounts.seat(userId, tableId),
      to: Accounts.available(userId),
      amount: seat.stack,
      kind: 'leave_seat',
      key: `kick:${tableId}:${userId}:${randomUUID()}`,
      tableId,
      meta: { reason: 'kicked' },
    });
    return true;
  }

  async startSimulation(tableId: number): Promise<void> {
    this.simulating.add(tableId);
  }

  async stopSimulation(tableId: number): Promise<void> {
    this.simulating.delete(tableId);
  }

  seatedCounts(): Promise<Map<number, number>> {
    const now = Date.now();
    if (!this.counts || now - this.counts.at > COUNTS_TTL_MS) {
      const value = queryRows<{ table_id: number; seated: string | number }>(
        this.db,
        sql`SELECT table_id, count(*) AS seated FROM ledger_accounts
            WHERE kind = 'player_seat' AND balance > 0 GROUP BY table_id`,
      ).then((rows) => new Map(rows.map((r) => [Number(r.table_id), Number(r.seated)])));
      this.counts = { at: now, value };
      value.catch(() => (this.counts = undefined));
    }
    return this.counts.value;
  }

  isPlaying(): boolean {
    return false;
  }

  isSimulating(tableId: number): boolean {
    return this.simulating.has(tableId);
  }

  onTableChanged(tableId: number, table: unknown): void {
    if (table === null) this.simulating.delete(tableId);
  }

  async close(): Promise<void> {
    this.simulating.clear();
  }
}
