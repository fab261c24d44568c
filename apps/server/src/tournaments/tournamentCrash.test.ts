// A tournament through a real crash: the server process running a 9-player Sit & Go of bots is killed
// with SIGKILL in the middle of a hand and started again on the same data (a PGlite folder or a
// PostgreSQL database). The hand in play is voided (recorded, its number never dealt again); every
// player is back in the same seat with the stack that hand began with; the level goes on with the time
// it had left (the clock stood still while no process ran); the tournament finishes with places
// 1..9, prizes once each summing to the pool, books zero and every hand replayable.
import { sql } from 'drizzle-orm';
import type { HandRecord } from '@tenger/engine';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import {
  adminToken,
  childData,
  FrameSocket,
  killed,
  startChild,
  tableSocketUrl,
} from '../testing/childServer.js';
import { TEST_DRIVERS } from '../testing/database.js';
import {
  CHILD_TOURNAMENT_ENV,
  FAST_LEVELS,
  finishedAndPaid,
  placesAndPrizes,
  SNG_BOOKS,
  SNG_OUTCOME,
  startBotSitAndGo,
  tournamentDetail,
} from '../testing/childTournament.js';
import { finishedBooks } from '../testing/tournamentChecks.js';
import type { TournamentSnapshot } from './ports.js';

const FAST = CHILD_TOURNAMENT_ENV;

describe.each(TEST_DRIVERS)('a tournament through a kill -9 on $name', ({ url }) => {
  it('voids only the hand in play, keeps every seat, stack and the level time left, and finishes with the books at zero', async () => {
    const data = await childData(url);
    const { env, withDatabase } = data;
    try {
      const first = await startChild({ ...env, ...FAST });
      const admin = await adminToken(first);
      const id = await startBotSitAndGo(first, admin, 'Crash SNG');
      const running = await tournamentDetail(first, id);
      expect(running.status).toBe('running');
      const [table] = running.tables;

      // Watch the table; a few hands in, crash right after a deal (the bots take 40 ms or more to act).
      const watcher = await FrameSocket.open(tableSocketUrl(first, table!.tableId));
      const dealt = await watcher.next(
        (f) => f.event?.type === 'hand-started' && (f.event.handNumber ?? 0) >= 4,
        { timeoutMs: 60_000 },
      );
      const inPlay = dealt.event!.handNumber!;
      await killed(first, 'SIGKILL');
      const killedAt = Date.now();
      watcher.socket.terminate();

      const saved = await withDatabase(async (db) => {
        const [row] = await queryRows<{ snapshot: TournamentSnapshot }>(
          db,
          sql`SELECT snapshot FROM tournaments WHERE id = ${id}`,
        );
        return row!.snapshot;
      });
      expect(saved.status).toBe('running');
      expect(saved.tables.map((t) => t.tableId)).toEqual([table!.tableId]);
      // The table dealt the hand in play only once the director had taken in the one before.
      expect(saved.tables[0]!.lastHand).toBe(inPlay - 1);
      // The level's time left was saved within the last second or two before the kill.
      expect(saved.levelRemainingMs).toBeGreaterThan(0);
      expect(saved.levelRemainingMs).toBeLessThan(FAST_LEVELS[0]!.seconds * 1000);

      // Down for a while: the level clock stands still.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const before = Date.now();
      // The bots think faster from now on: the rest of the tournament takes seconds.
      const second = await startChild({ ...env, ...FAST, BOT_PAUSE_MS: '0-10' });
      expect(before - killedAt).toBeGreaterThanOrEqual(1_500);
      try {
        const resumed = await tournamentDetail(second, id);
        const read = Date.now();
        expect(resumed.status).toBe('running');
        // The level went on from the time it had left when the process died (the clock stood still
        // while it was down). On a slow machine the rest of it may have passed before this read: then
        // the next level began when it ran out.
        expect(resumed.level).toBeGreaterThanOrEqual(saved.levelIndex + 1);
        const later = FAST_LEVELS.slice(saved.levelIndex + 1, resumed.level).reduce(
          (ms, l) => ms + l.seconds * 1000,
          0,
        );
        const endsAt = new Date(resumed.levelEndsAt!).getTime();
        expect(endsAt).toBeGreaterThanOrEqual(before + saved.levelRemainingMs + later);
        expect(endsAt).toBeLessThanOrEqual(read + saved.levelRemainingMs + later);
        // Everyone still in sits where the snapshot had them (a player busted since is gone).
        const seats = (
          players: Array<{
            userId: number;
            tableId: number | null;
            seat: number | null;
            place: number | null;
          }>,
        ) =>
          players
            .filter((p) => p.place === null)
            .map((p) => ({ userId: p.userId, tableId: p.tableId, seat: p.seat }));
        expect(seats(resumed.players).length).toBeGreaterThanOrEqual(2);
        for (const seat of seats(resumed.players)) expect(seats(saved.entrants)).toContainEqual(seat);

        // Stopped only once the prizes are paid (the director saves `finished` before it pays).
        const done = await finishedAndPaid(second, admin, id);
        expect(placesAndPrizes(done)).toEqual(SNG_OUTCOME);
      } finally {
        await killed(second, 'SIGTERM');
      }

      await withDatabase(async (db) => {
        expect(await finishedBooks(db, id)).toEqual(SNG_BOOKS);

        // The hand in play was voided under its number, which was never dealt again.
        const voided = await queryRows<{ hand_number: number; reason: string }>(
          db,
          sql`SELECT hand_number, reason FROM voided_hands WHERE table_id = ${table!.tableId}`,
        );
        expect(voided.map((v) => ({ n: Number(v.hand_number), reason: v.reason }))).toContainEqual({
          n: inPlay,
          reason: 'restart',
        });
        const numbers = await queryRows<{
          hand_number: number;
          record: HandRecord;
          users: Array<[number, number]>;
        }>(
          db,
          sql`SELECT h.hand_number, h.record,
                (SELECT json_agg(json_build_array(p.seat, p.user_id)) FROM hand_players p WHERE p.hand_id = h.id) AS users
              FROM hands h WHERE h.table_id = ${table!.tableId} ORDER BY h.hand_number`,
        );
        expect(numbers.map((h) => Number(h.hand_number))).not.toContain(inPlay);
        // The first hand after the restart began with the stacks the voided hand began with.
        const next = numbers.find((h) => Number(h.hand_number) > inPlay)!;
        const userAt = new Map(next.users.map(([seat, userId]) => [Number(seat), Number(userId)]));
        const starts = new Map(
          next.record.seats.filter((s) => s.dealtIn).map((s) => [userAt.get(s.seat)!, s.startingStack]),
        );
        const expected = new Map(
          saved.entrants.filter((e) => e.place === null).map((e) => [e.userId, e.stack]),
        );
        expect(starts).toEqual(expected);
      });
    } finally {
      await data.remove();
    }
  }, 300_000);
});
