// The durable TableStore (migration 0005): seats, the hand in play and the simulation flag of each
// table, so that a restart keeps everyone seated, voids the running hand under its own number and
// brings the bots back. Chips are not stored here: a seat's chips are its ledger seat account.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import { opsSignals } from '../../ops/signals.js';
import type { DealtHand, Departure, StoredSeat, TableStore } from './ports.js';

export interface DurableSeat {
  tableId: number;
  seat: number;
  userId: number;
  sittingOut: boolean;
  timeBankMs: number;
}

export class DatabaseTableStore implements TableStore {
  /** Writes per table, one after another (a later save never lands before an earlier one). */
  private readonly writes = new Map<number, Promise<unknown>>();
  private readonly departures = new Map<string, Departure>();

  constructor(private readonly db: Database) {}

  saveSeats(tableId: number, seats: readonly StoredSeat[]): Promise<void> {
    return this.inOrder(tableId, () =>
      this.db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM table_seats WHERE table_id = ${tableId}`);
        for (const s of seats) {
          await tx.execute(
            sql`INSERT INTO table_seats (table_id, seat, user_id, sitting_out, time_bank_ms)
                VALUES (${tableId}, ${s.seat}, ${s.userId}, ${s.sittingOut}, ${Math.max(0, Math.round(s.timeBankMs))})`,
          );
        }
      }),
    );
  }

  async loadSeats(tableId: number): Promise<StoredSeat[]> {
    return (await this.allSeats(tableId)).map((s) => ({ ...s, stack: 0, pendingRecharge: 0 }));
  }

  // Departures (the rathole rule) are kept in memory: a restart forgets them.
  async recordDeparture(tableId: number, userId: number, departure: Departure): Promise<void> {
    this.departures.set(`${tableId}:${userId}`, { ...departure });
  }

  async lastDeparture(tableId: number, userId: number): Promise<Departure | null> {
    return this.departures.get(`${tableId}:${userId}`) ?? null;
  }

  handStarted(tableId: number, hand: DealtHand): Promise<void> {
    return this.inOrder(tableId, () =>
      this.db.execute(
        sql`INSERT INTO table_state (table_id, hand_id, hand_number, seed_commitment, hand_started_at)
            VALUES (${tableId}, ${hand.handId}, ${hand.handNumber}, ${hand.seedCommitment}, ${hand.startedAt.toISOString()})
            ON CONFLICT (table_id) DO UPDATE SET hand_id = EXCLUDED.hand_id, hand_number = EXCLUDED.hand_number,
              seed_commitment = EXCLUDED.seed_commitment, hand_started_at = EXCLUDED.hand_started_at`,
      ),
    );
  }

  handVoided(tableId: number, hand: DealtHand, reason: string): Promise<void> {
    opsSignals.handsVoided.publish({ count: 1, reason });
    return this.inOrder(tableId, () =>
      this.db.execute(
        sql`INSERT INTO voided_hands (table_id, hand_number, hand_id, seed_commitment, started_at, reason)
            VALUES (${tableId}, ${hand.handNumber}, ${hand.handId}, ${hand.seedCommitment}, ${hand.startedAt.toISOString()}, ${reason})
            ON CONFLICT DO NOTHING`,
      ),
    );
  }

  async lastHandNumber(tableId: number): Promise<number> {
    const [row] = await queryRows<{ n: string | number | null }>(
      this.db,
      sql`SELECT greatest(
            (SELECT max(hand_number) FROM voided_hands WHERE table_id = ${tableId}),
            (SELECT hand_number FROM table_state WHERE table_id = ${tableId})) AS n`,
    );
    return Number(row?.n ?? 0);
  }

  setSimulation(tableId: number, on: boolean): Promise<void> {
    return this.inOrder(tableId, () =>
      this.db.execute(
        sql`INSERT INTO table_state (table_id, simulation) VALUES (${tableId}, ${on})
            ON CONFLICT (table_id) DO UPDATE SET simulation = EXCLUDED.simulation`,
      ),
    );
  }

  // ---- recovery ------------------------------------------------------------------------------

  /** Every stored seat (or one table's). */
  async allSeats(tableId?: number): Promise<DurableSeat[]> {
    const rows = await queryRows<{
      table_id: number;
      seat: number;
      user_id: number;
      sitting_out: boolean;
      time_bank_ms: number;
    }>(
      this.db,
      tableId === undefined
        ? sql`SELECT * FROM table_seats ORDER BY table_id, seat`
        : sql`SELECT * FROM table_seats WHERE table_id = ${tableId} ORDER BY seat`,
    );
    return rows.map((r) => ({
      tableId: Number(r.table_id),
      seat: Number(r.seat),
      userId: Number(r.user_id),
      sittingOut: r.sitting_out,
      timeBankMs: Number(r.time_bank_ms),
    }));
  }

  /** Tables that must run somewhere: someone is seated, or simulation is on. */
  async wantedTables(): Promise<number[]> {
    const rows = await queryRows<{ table_id: number }>(
      this.db,
      sql`SELECT table_id FROM table_seats UNION SELECT table_id FROM table_state WHERE simulation`,
    );
    return rows.map((r) => Number(r.table_id));
  }

  async removeSeat(tableId: number, userId: number): Promise<void> {
    await this.db.execute(sql`DELETE FROM table_seats WHERE table_id = ${tableId} AND user_id = ${userId}`);
  }

  async simulatingTables(): Promise<number[]> {
    const rows = await queryRows<{ table_id: number }>(
      this.db,
      sql`SELECT table_id FROM table_state WHERE simulation`,
    );
    return rows.map((r) => Number(r.table_id));
  }

  /**
   * The hands in play when the process stopped that never settled: recorded as voided. With `tableId`,
   * only that table's (a process taking a table over from a dead one).
   */
  async voidUnsettledHands(reason: string, tableId?: number): Promise<DealtHand[]> {
    const which = tableId === undefined ? sql`true` : sql`s.table_id = ${tableId}`;
    const rows = await queryRows<{
      table_id: number;
      hand_id: string;
      hand_number: number;
      seed_commitment: string;
      hand_started_at: Date | string;
    }>(
      this.db,
      sql`INSERT INTO voided_hands (table_id, hand_number, hand_id, seed_commitment, started_at, reason)
          SELECT s.table_id, s.hand_number, s.hand_id, s.seed_commitment, s.hand_started_at, ${reason}
          FROM table_state s
          WHERE s.hand_id IS NOT NULL AND ${which}
            AND NOT EXISTS (SELECT 1 FROM hands h WHERE h.table_id = s.table_id AND h.hand_number = s.hand_number)
          ON CONFLICT DO NOTHING
          RETURNING table_id, hand_id, hand_number, seed_commitment, started_at AS hand_started_at`,
    );
    if (rows.length > 0) opsSignals.handsVoided.publish({ count: rows.length, reason });
    return rows.map((r) => ({
      handId: r.hand_id,
      handNumber: Number(r.hand_number),
      seedCommitment: r.seed_commitment,
      startedAt: new Date(r.hand_started_at),
    }));
  }

  private inOrder<T>(tableId: number, work: () => Promise<T>): Promise<void> {
    const run = (this.writes.get(tableId) ?? Promise.resolve()).then(work, work);
    const done = run.then(
      () => undefined,
      () => undefined,
    );
    this.writes.set(tableId, done);
    return run.then(() => undefined);
  }
}
