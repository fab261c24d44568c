// The director's durable state: the snapshot and status in `tournaments`, one row per entrant in
// `tournament_entries` (place and prize for the players' lists), written together in one transaction
// of at most three statements whatever the field size (the entry rows that changed since this store's
// last save, all of them the first time).
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import type { TournamentFence } from './ledgerTournamentBank.js';
import type { TournamentSnapshot, TournamentStore } from './ports.js';

export class DatabaseTournamentStore implements TournamentStore {
  constructor(
    private readonly db: Database,
    /** Several processes: a save passes only under the director's lease (ledgerTournamentBank.ts). */
    private readonly fence?: TournamentFence,
  ) {}

  /**
   * Per tournament: its entry rows as this store last wrote them (user -> place and prize), so that a
   * save writes only the rows that changed (a hand of a 1,000-entrant tournament changes a few).
   */
  private readonly written = new Map<number, Map<number, string>>();

  async save(snapshot: TournamentSnapshot): Promise<void> {
    const id = snapshot.config.tournamentId;
    const rows = new Map(snapshot.entrants.map((e) => [e.userId, `${e.place}:${e.prize}`]));
    const known = this.written.get(id);
    const changed = snapshot.entrants.filter((e) => known?.get(e.userId) !== rows.get(e.userId));
    const entries = JSON.stringify(
      changed.map((e) => ({ user_id: e.userId, place: e.place, prize: e.prize })),
    );
    // Without what was written before (this process's first save): every row not in the field goes.
    const keep = JSON.stringify([...rows.keys()]);
    const removed = known ? JSON.stringify([...known.keys()].filter((userId) => !rows.has(userId))) : null;
    this.written.delete(id);
    await this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      await this.fence?.(db, id);
      await queryRows(
        db,
        sql`UPDATE tournaments SET status = ${snapshot.status}, snapshot = ${JSON.stringify(snapshot)}::jsonb,
              finished_at = CASE WHEN ${snapshot.status} IN ('finished', 'cancelled') THEN coalesce(finished_at, now())
                                 ELSE NULL END
            WHERE id = ${id}`,
      );
      if (removed === null) {
        await queryRows(
          db,
          sql`DELETE FROM tournament_entries WHERE tournament_id = ${id} AND user_id NOT IN (
                SELECT value::integer FROM jsonb_array_elements_text(${keep}::jsonb))`,
        );
      } else if (removed !== '[]') {
        await queryRows(
          db,
          sql`DELETE FROM tournament_entries WHERE tournament_id = ${id} AND user_id IN (
                SELECT value::integer FROM jsonb_array_elements_text(${removed}::jsonb))`,
        );
      }
      if (changed.length > 0) {
        await queryRows(
          db,
          sql`INSERT INTO tournament_entries (tournament_id, user_id, place, prize)
              SELECT ${id}, e.user_id, e.place, e.prize
              FROM jsonb_to_recordset(${entries}::jsonb) AS e (user_id integer, place integer, prize bigint)
              ON CONFLICT (tournament_id, user_id) DO UPDATE SET place = excluded.place, prize = excluded.prize`,
        );
      }
    });
    this.written.set(id, rows);
  }

  /** Forgets what this store wrote for the tournament (another process may have written since). */
  forget(tournamentId: number): void {
    this.written.delete(tournamentId);
  }

  /** The level's time left, into the saved snapshot (one small statement between snapshots). */
  async saveClock(tournamentId: number, levelIndex: number, levelRemainingMs: number): Promise<void> {
    if (this.fence) {
      await this.db.transaction(async (tx) => {
        await this.fence!(tx as unknown as Database, tournamentId);
        await this.writeClock(tx as unknown as Database, tournamentId, levelIndex, levelRemainingMs);
      });
    } else await this.writeClock(this.db, tournamentId, levelIndex, levelRemainingMs);
  }

  private async writeClock(db: Database, tournamentId: number, levelIndex: number, levelRemainingMs: number) {
    await queryRows(
      db,
      sql`UPDATE tournaments
            SET snapshot = jsonb_set(snapshot, '{levelRemainingMs}', to_jsonb(${Math.round(levelRemainingMs)}::bigint))
          WHERE id = ${tournamentId} AND status IN ('running', 'break')
            AND (snapshot->>'levelIndex')::int = ${levelIndex}`,
    );
  }

  async load(tournamentId: number): Promise<TournamentSnapshot | null> {
    const [row] = await queryRows<{ snapshot: TournamentSnapshot | null }>(
      this.db,
      sql`SELECT snapshot FROM tournaments WHERE id = ${tournamentId}`,
    );
    return row?.snapshot ?? null;
  }
}
