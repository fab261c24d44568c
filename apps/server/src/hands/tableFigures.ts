// The lobby's per-table figures over the last hour: hands per hour, average pot and players per flop,
// read from the settled hands with one aggregate query for all tables and kept for FIGURES_TTL_MS, so a
// lobby polled by many players costs one query every half minute.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';

export const FIGURES_WINDOW_MS = 60 * 60 * 1000;
export const FIGURES_TTL_MS = 30_000;

export interface TableFigures {
  handsPerHour: number;
  /** Average total pot, rounded to a whole amount; 0 without hands. */
  averagePot: number;
  /** Percentage (rounded) of dealt-in players who saw the flop; 0 without hands. */
  playersPerFlop: number;
}

export const NO_FIGURES: TableFigures = { handsPerHour: 0, averagePot: 0, playersPerFlop: 0 };

interface FiguresRow {
  table_id: number;
  hands: string | number;
  pot_sum: string | number;
  dealt: string | number;
  saw_flop: string | number;
}

/**
 * One query over the hands settled since `since`, grouped by table. A dealt-in seat saw the flop when
 * the board has a flop and the seat did not fold preflop (players all in preflop see it too).
 */
export async function readTableFigures(db: Database, since: Date): Promise<Map<number, TableFigures>> {
  const rows = await queryRows<FiguresRow>(
    db,
    sql`SELECT h.table_id,
          count(*) AS hands,
          coalesce(sum(h.total_pot), 0) AS pot_sum,
          coalesce(sum(s.dealt), 0) AS dealt,
          coalesce(sum(s.saw_flop), 0) AS saw_flop
        FROM hands h
        CROSS JOIN LATERAL (
          SELECT
            count(*) FILTER (WHERE (seat->>'dealtIn')::boolean) AS dealt,
            count(*) FILTER (
              WHERE (seat->>'dealtIn')::boolean
                AND jsonb_array_length(coalesce(h.record->'board', '[]'::jsonb)) >= 3
                AND coalesce(seat->>'foldedOn', '') <> 'preflop'
            ) AS saw_flop
          FROM jsonb_array_elements(coalesce(h.record->'seats', '[]'::jsonb)) AS seat
        ) s
        WHERE h.ended_at >= ${since.toISOString()}::timestamptz
        GROUP BY h.table_id`,
  );
  const figures = new Map<number, TableFigures>();
  for (const row of rows) {
    const hands = Number(row.hands);
    const dealt = Number(row.dealt);
    figures.set(Number(row.table_id), {
      handsPerHour: hands,
      averagePot: hands > 0 ? Math.round(Number(row.pot_sum) / hands) : 0,
      playersPerFlop: dealt > 0 ? Math.round((Number(row.saw_flop) / dealt) * 100) : 0,
    });
  }
  return figures;
}

/**
 * The figures for every table, re-read at most once per `ttlMs` (concurrent callers share one read).
 * They are extras: when a read fails the last figures read are given (null before any), never an error.
 */
export class TableFiguresCache {
  private cached: { at: number; figures: Promise<Map<number, TableFigures> | null> } | null = null;
  private lastGood: Map<number, TableFigures> | null = null;

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = FIGURES_TTL_MS,
  ) {}

  get(): Promise<Map<number, TableFigures> | null> {
    const now = this.now();
    if (this.cached && now - this.cached.at < this.ttlMs) return this.cached.figures;
    const entry = {
      at: now,
      figures: readTableFigures(this.db, new Date(now - FIGURES_WINDOW_MS)).then(
        (figures) => (this.lastGood = figures),
        () => {
          // Not kept: the next caller tries again.
          if (this.cached === entry) this.cached = null;
          return this.lastGood;
        },
      ),
    };
    this.cached = entry;
    return entry.figures;
  }
}
