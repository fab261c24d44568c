// Finished hands: written once, inside the transaction that settles them. A hand that is still
// running is never in this table (its seed and hole cards live only in the table runtime's memory).
import { sql } from 'drizzle-orm';
import type { HandRecord } from '@tenger/engine';
import { queryRows, type Database } from '../db/client.js';

export interface StoredHandPlayer {
  userId: number;
  seat: number;
  net: number;
  /** Chips won from the pots (after rake). */
  won: number;
}

export interface StoredHand {
  handId: string;
  tableId: number;
  handNumber: number;
  startedAt: Date;
  endedAt: Date;
  variant: string;
  /** The house copy: every hole card. Redact before it leaves the server. */
  record: HandRecord;
  serverSeed: string;
  seedCommitment: string;
  clientSeed: string;
  phh: string;
  pokerstars: string;
  totalPot: number;
  rake: number;
  jackpotContribution: number;
  jackpotPayout: number;
  players: StoredHandPlayer[];
}

export interface HandSummaryRow {
  handId: string;
  handNumber: number;
  startedAt: Date;
  endedAt: Date;
  totalPot: number;
  rake: number;
  winners: { seat: number; userId: number; username: string; amount: number }[];
}

export class HandStore {
  constructor(private readonly db: Database) {}

  /** One statement: the hand and its players. */
  async insert(tx: Database, hand: StoredHand): Promise<void> {
    const players = JSON.stringify(hand.players);
    await tx.execute(
      sql`WITH hand AS (
            INSERT INTO hands (id, table_id, hand_number, started_at, ended_at, variant, record, server_seed,
                               seed_commitment, client_seed, phh, pokerstars, total_pot, rake,
                               jackpot_contribution, jackpot_payout)
            VALUES (${hand.handId}, ${hand.tableId}, ${hand.handNumber}, ${hand.startedAt.toISOString()},
                    ${hand.endedAt.toISOString()}, ${hand.variant}, ${JSON.stringify(hand.record)}::jsonb,
                    ${hand.serverSeed}, ${hand.seedCommitment}, ${hand.clientSeed}, ${hand.phh}, ${hand.pokerstars},
                    ${hand.totalPot}, ${hand.rake}, ${hand.jackpotContribution}, ${hand.jackpotPayout})
            RETURNING id)
          INSERT INTO hand_players (hand_id, user_id, seat, net, won)
          SELECT hand.id, p."userId", p.seat, p.net, p.won
            FROM hand, jsonb_to_recordset(${players}::jsonb) AS p("userId" integer, seat integer, net bigint, won bigint)`,
    );
  }

  async get(handId: string): Promise<(StoredHand & { tableName: string }) | null> {
    const rows = await queryRows<{
      id: string;
      table_id: number;
      table_name: string;
      hand_number: number;
      started_at: Date | string;
      ended_at: Date | string;
      variant: string;
      record: HandRecord | string;
      server_seed: string;
      seed_commitment: string;
      client_seed: string;
      phh: string;
      pokerstars: string;
      total_pot: string | number;
      rake: string | number;
      jackpot_contribution: string | number;
      jackpot_payout: string | number;
    }>(
      this.db,
      sql`SELECT h.*, t.name AS table_name FROM hands h JOIN poker_tables t ON t.id = h.table_id WHERE h.id = ${handId}`,
    );
    const row = rows[0];
    if (!row) return null;
    const players = await queryRows<{
      user_id: number;
      seat: number;
      net: string | number;
      won: string | number;
    }>(
      this.db,
      sql`SELECT user_id, seat, net, won FROM hand_players WHERE hand_id = ${handId} ORDER BY seat`,
    );
    return {
      handId: row.id,
      tableId: Number(row.table_id),
      tableName: row.table_name,
      handNumber: Number(row.hand_number),
      startedAt: new Date(row.started_at),
      endedAt: new Date(row.ended_at),
      variant: row.variant,
      record: typeof row.record === 'string' ? (JSON.parse(row.record) as HandRecord) : row.record,
      serverSeed: row.server_seed,
      seedCommitment: row.seed_commitment,
      clientSeed: row.client_seed,
      phh: row.phh,
      pokerstars: row.pokerstars,
      totalPot: Number(row.total_pot),
      rake: Number(row.rake),
      jackpotContribution: Number(row.jackpot_contribution),
      jackpotPayout: Number(row.jackpot_payout),
      players: players.map((p) => ({
        userId: Number(p.user_id),
        seat: Number(p.seat),
        net: Number(p.net),
        won: Number(p.won),
      })),
    };
  }

  /** The latest finished hands of a table, newest first. */
  async latest(tableId: number, limit: number): Promise<HandSummaryRow[]> {
    const rows = await queryRows<{
      id: string;
      hand_number: number;
      started_at: Date | string;
      ended_at: Date | string;
      total_pot: string | number;
      rake: string | number;
      winners: Array<{ seat: number; userId: number; username: string; amount: number }> | string | null;
    }>(
      this.db,
      sql`SELECT h.id, h.hand_number, h.started_at, h.ended_at, h.total_pot, h.rake,
            (SELECT coalesce(json_agg(json_build_object('seat', p.seat, 'userId', p.user_id, 'username', u.username,
                                                        'amount', p.won) ORDER BY p.seat), '[]'::json)
               FROM hand_players p JOIN users u ON u.id = p.user_id
              WHERE p.hand_id = h.id AND p.won > 0) AS winners
          FROM hands h WHERE h.table_id = ${tableId}
          ORDER BY h.hand_number DESC, h.ended_at DESC LIMIT ${limit}`,
    );
    return rows.map((r) => {
      const winners = typeof r.winners === 'string' ? JSON.parse(r.winners) : (r.winners ?? []);
      return {
        handId: r.id,
        handNumber: Number(r.hand_number),
        startedAt: new Date(r.started_at),
        endedAt: new Date(r.ended_at),
        totalPot: Number(r.total_pot),
        rake: Number(r.rake),
        winners: (winners as HandSummaryRow['winners']).map((w) => ({
          seat: Number(w.seat),
          userId: Number(w.userId),
          username: w.username,
          amount: Number(w.amount),
        })),
      };
    });
  }

  /** The last hand number a table used (hand numbers continue across restarts). */
  async lastHandNumber(tableId: number): Promise<number> {
    const [row] = await queryRows<{ n: string | number | null }>(
      this.db,
      sql`SELECT max(hand_number) AS n FROM hands WHERE table_id = ${tableId}`,
    );
    return Number(row?.n ?? 0);
  }

  /** Hands played and rake taken at a table, for the admin session view. */
  async tableTotals(tableId: number): Promise<{ hands: number; rake: number }> {
    const [row] = await queryRows<{ hands: string | number; rake: string | number }>(
      this.db,
      sql`SELECT count(*) AS hands, coalesce(sum(rake), 0) AS rake FROM hands WHERE table_id = ${tableId}`,
    );
    return { hands: Number(row?.hands ?? 0), rake: Number(row?.rake ?? 0) };
  }
}
