// A player's own hands: GET /api/v1/user/hands (the Replay list: hand number, time, own cards, board,
// result) and GET /api/v1/user/hands/export?from=&to= (every hand of a UTC date range as one
// PokerStars-format text file for hand-history trackers). Both only ever name the caller's hands, and
// only the cards the caller may see: its own, the board and cards shown down (redactRecord).
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { formatCard, redactRecord, toPokerStars, type HandRecord } from '@tenger/engine';
import {
  HAND_EXPORT_MAX_HANDS,
  HandExportQuerySchema,
  MY_HANDS_LIMIT_DEFAULT,
  MyHandsQuerySchema,
  type MyHandsResponse,
} from '@tenger/protocol';
import { queryRows, type Database } from '../../../db/client.js';
import { requireUser } from '../../policies.js';
import { parseInput } from '../../validation.js';
import type { Services } from '../../../services.js';
import { withNames } from '../../../hands/handTexts.js';
import { usernamesOf } from './hands.js';

interface MyHandRow {
  id: string;
  table_id: number;
  table_name: string;
  hand_number: number;
  started_at: Date | string;
  ended_at: Date | string;
  record: HandRecord | string;
  seat: number;
  net: string | number;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const recordOf = (row: MyHandRow): HandRecord =>
  typeof row.record === 'string' ? (JSON.parse(row.record) as HandRecord) : row.record;

/**
 * The hand number a tracker sees: hand numbers count per table, trackers want them unique, so the
 * export writes the table id followed by the hand number in nine digits (table 12, hand 345:
 * 12000000345).
 */
export function exportHandNumber(tableId: number, handNumber: number): number {
  return tableId * 1_000_000_000 + handNumber;
}

export function myHandRoutes(app: FastifyInstance, services: Services): void {
  app.get('/hands', async (request): Promise<MyHandsResponse> => {
    const user = await requireUser(services, request);
    const { tableId, limit } = parseInput(MyHandsQuerySchema, request.query, 'query');
    const rows = await queryRows<MyHandRow>(
      services.db,
      sql`SELECT h.id, h.table_id, t.name AS table_name, h.hand_number, h.started_at, h.ended_at,
                 h.record, hp.seat, hp.net
            FROM hand_players hp
            JOIN hands h ON h.id = hp.hand_id
            JOIN poker_tables t ON t.id = h.table_id
           WHERE hp.user_id = ${user.id} ${tableId !== undefined ? sql`AND h.table_id = ${tableId}` : sql``}
           ORDER BY h.ended_at DESC, h.id
           LIMIT ${limit ?? MY_HANDS_LIMIT_DEFAULT}`,
    );
    return {
      items: rows.map((row) => {
        const record = recordOf(row);
        const own = record.seats.find((s) => s.seat === Number(row.seat));
        return {
          handId: row.id,
          tableId: Number(row.table_id),
          tableName: row.table_name,
          handNumber: Number(row.hand_number),
          startedAt: iso(row.started_at),
          endedAt: iso(row.ended_at),
          holeCards: (own?.holeCards ?? []).map(formatCard),
          board: record.board.map(formatCard),
          net: Number(row.net),
        };
      }),
    };
  });

  app.get('/hands/export', async (request, reply) => {
    const user = await requireUser(services, request);
    const { from, to } = parseInput(HandExportQuerySchema, request.query, 'query');
    const text = await exportHands(services.db, user.id, from, to);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="tenger-hands-${from}-${to}.txt"`)
      .send(text);
  });
}

/**
 * Every hand `userId` was dealt into that started on the UTC days `from`..`to`, oldest first, as
 * PokerStars text (the play-money form: amounts without a currency sign), hands separated by two blank
 * lines. The newest HAND_EXPORT_MAX_HANDS when the range holds more.
 */
export async function exportHands(db: Database, userId: number, from: string, to: string): Promise<string> {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000);
  const rows = await queryRows<MyHandRow>(
    db,
    sql`SELECT h.id, h.table_id, t.name AS table_name, h.hand_number, h.started_at, h.ended_at,
               h.record, hp.seat, hp.net
          FROM hand_players hp
          JOIN hands h ON h.id = hp.hand_id
          JOIN poker_tables t ON t.id = h.table_id
         WHERE hp.user_id = ${userId}
           AND h.started_at >= ${start.toISOString()} AND h.started_at < ${end.toISOString()}
         ORDER BY h.started_at DESC, h.id
         LIMIT ${HAND_EXPORT_MAX_HANDS}`,
  );
  rows.reverse();
  if (rows.length === 0) return '';
  const seats = await queryRows<{ hand_id: string; user_id: number; seat: number }>(
    db,
    sql`SELECT hand_id, user_id, seat FROM hand_players WHERE hand_id IN (${sql.join(
      rows.map((r) => sql`${r.id}`),
      sql`, `,
    )})`,
  );
  const names = await usernamesOf(db, [...new Set(seats.map((s) => Number(s.user_id)))]);
  const players = new Map<string, Map<number, number>>();
  for (const s of seats) {
    if (!players.has(s.hand_id)) players.set(s.hand_id, new Map());
    players.get(s.hand_id)!.set(Number(s.seat), Number(s.user_id));
  }
  return rows
    .map((row) => {
      const seat = Number(row.seat);
      const record = redactRecord(recordOf(row), seat);
      const nameOf = (s: number) => names.get(players.get(row.id)?.get(s) ?? -1) ?? `Seat ${s + 1}`;
      return toPokerStars(
        withNames(
          { ...record, handNumber: exportHandNumber(Number(row.table_id), record.handNumber) },
          nameOf,
        ),
        { startedAt: new Date(row.started_at), tableName: row.table_name, hero: seat },
      );
    })
    .join('\n\n');
}
