// Bare stored hands for the lobby figures' tests: only what the figures read (table, end time, total pot,
// the seats' dealtIn / foldedOn and the board), inserted straight into the hands table.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

export interface FigureSeat {
  dealtIn?: boolean;
  foldedOn?: 'preflop' | 'flop' | 'turn' | 'river' | null;
}

let handNo = 0;

export async function insertFigureHand(
  db: Database,
  hand: { tableId: number; endedAt: Date; totalPot: number; seats: FigureSeat[]; boardCards: number },
): Promise<void> {
  handNo += 1;
  const record = {
    seats: hand.seats.map((s, seat) => ({
      seat,
      playerId: `p${seat}`,
      dealtIn: s.dealtIn ?? true,
      folded: Boolean(s.foldedOn),
      foldedOn: s.foldedOn ?? null,
    })),
    board: ['As', 'Kd', 'Qh', 'Jc', 'Tc'].slice(0, hand.boardCards),
  };
  const id = `figures-${process.pid}-${handNo}`;
  const at = hand.endedAt.toISOString();
  await db.execute(
    sql`INSERT INTO hands (id, table_id, hand_number, started_at, ended_at, variant, record, server_seed,
          seed_commitment, client_seed, phh, pokerstars, total_pot, rake, jackpot_contribution)
        VALUES (${id}, ${hand.tableId}, ${handNo}, ${at}::timestamptz, ${at}::timestamptz, 'holdem',
          ${JSON.stringify(record)}::jsonb, '', '', '', '', '', ${hand.totalPot}, 0, 0)`,
  );
}
