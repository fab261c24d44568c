// A tournament through a real crash: the server process running a 9-player Sit & Go of bots is killed
// with SIGKILL in the middle of a hand and started again on the same data (a PGlite folder or a
// PostgreSQL database). The hand in play is voided (recorded, its number never dealt again); every
// player is back in the same seat with the stack that hand began with; the level goes on with the time
// it had left (the clock stood still while no process ran); the tournament finishes with places
// 1..9, prizes once each summing to the pool, books zero and every hand replayable.
import { sql } from 'drizzle-orm';
import type { HandRecord } from '@tenger/engine';
import type { TournamentDetail } from '@tenger/protocol';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { Ledger } from '../ledger/ledger.js';
import {
  adminToken,
  call,
  childData,
  FrameSocket,
  killed,
  startChild,
  type Child,
} from '../testing/childServer.js';
import { TEST_DRIVERS } from '../testing/database.js';
import { BALANCED } from '../testing/testServer.js';
import { tournamentBooks, tournamentHands } from '../testing/tournamentChecks.js';
import type { TournamentSnapshot } from './ports.js';

const ENTRANTS = 9;
const BUY_IN = 1_000;
const STACK = 1_500;
/** Bots think 40–120 ms: a hand lasts long enough to be cut short, the tournament a minute or so. */
const FAST = { BOT_PAUSE_MS: '40-120', TEST_NEXT_HAND_MS: '50', TEST_RUNOUT_MS: '0', TEST_ACTION_MS: '5000' };
const LEVEL_SECONDS = 10;
const LEVELS = [10, 15, 25, 40, 60, 100, 150, 250, 400, 600, 1000, 1500].map((sb, i) => ({
  level: i + 1,
  smallBlind: sb,
  bigBlind: sb * 2,
  ante: i >= 2 ? sb * 2 : 0,
  seconds: LEVEL_SECONDS,
  isBreak: false,
}));

const detailOf = (child: Child, id: number) =>
  call<TournamentDetail>(child, 'GET', `/api/v1/user/tournaments/${id}`);

describe.each(TEST_DRIVERS)('a tournament through a kill -9 on $name', ({ url }) => {
  it('voids only the hand in play, keeps every seat, stack and the level time left, and finishes with the books at zero', async () => {
    const data = await childData(url);
    const { env, withDatabase } = data;
    try {
      const first = await startChild({ ...env, ...FAST });
      const admin = await adminToken(first);
      const { tournamentId: id } = await call<TournamentDetail>(
        first,
        'POST',
        '/api/v1/admin/tournament',
        admin,
        {
          name: 'Crash SNG',
          kind: 'sng',
          variant: 'holdem',
          buyIn: BUY_IN,
          fee: 100,
          startingStack: STACK,
          tableSize: 9,
          minEntrants: 2,
          maxEntrants: ENTRANTS,
          levels: LEVELS,
          actionSeconds: 10,
        },
      );
      await call(
        first,
        'PUT',
        `/api/v1/admin/tournament/simulate?tournamentId=${id}&bots=${ENTRANTS}`,
        admin,
      );
      const running = await detailOf(first, id);
      expect(running.status).toBe('running');
      const [table] = running.tables;

      // Watch the table; a few hands in, crash right after a deal (the bots take 40 ms or more to act).
      const watcher = await FrameSocket.open(
        `${first.address.replace('http', 'ws')}/ws/table/${table!.tableId}`,
      );
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
      expect(saved.levelRemainingMs).toBeLessThan(LEVEL_SECONDS * 1000);

      // Down for a while: the level clock stands still.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const before = Date.now();
      // The bots think faster from now on: the rest of the tournament takes seconds.
      const second = await startChild({ ...env, ...FAST, BOT_PAUSE_MS: '0-10' });
      const after = Date.now();
      expect(before - killedAt).toBeGreaterThanOrEqual(1_500);
      try {
        const resumed = await detailOf(second, id);
        expect(resumed.status).toBe('running');
        expect(resumed.level).toBe(saved.levelIndex + 1);
        const endsAt = new Date(resumed.levelEndsAt!).getTime();
        expect(endsAt).toBeGreaterThanOrEqual(before + saved.levelRemainingMs);
        expect(endsAt).toBeLessThanOrEqual(after + saved.levelRemainingMs);
        // The same players in the same seats at the same table.
        const seated = (d: {
          players: Array<{
            userId: number;
            tableId: number | null;
            seat: number | null;
            place: number | null;
          }>;
        }) =>
          d.players
            .filter((p) => p.place === null)
            .map((p) => ({ userId: p.userId, tableId: p.tableId, seat: p.seat }))
            .sort((a, b) => a.userId - b.userId);
        expect(seated(resumed)).toEqual(seated({ players: saved.entrants }));

        for (let until = Date.now() + 180_000; (await detailOf(second, id)).status !== 'finished';) {
          if (Date.now() > until) throw new Error('the resumed tournament did not finish within 3 minutes');
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        const done = await detailOf(second, id);
        expect(done.players.map((p) => p.place).sort((a, b) => a! - b!)).toEqual(
          Array.from({ length: ENTRANTS }, (_, i) => i + 1),
        );
        expect(done.players.reduce((sum, p) => sum + p.prize, 0)).toBe(ENTRANTS * BUY_IN);
      } finally {
        await killed(second, 'SIGTERM');
      }

      await withDatabase(async (db) => {
        const ledger = new Ledger(db);
        expect(await ledger.audit()).toEqual(BALANCED);
        const books = await tournamentBooks(db, ledger, id);
        expect(books.pool).toBe(0);
        expect(books.prizes.reduce((a, b) => a + b, 0)).toBe(ENTRANTS * BUY_IN);
        const hands = await tournamentHands(db, id);
        expect(hands.unbalanced).toEqual([]);
        expect(hands.unreplayable).toEqual([]);

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
