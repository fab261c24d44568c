// A deploy through a real server process: SIGTERM arrives in the middle of a hand with people (real
// sockets, playing) and bots seated. The hand plays on and settles, nothing new is dealt and nobody
// sits down meanwhile, every socket closes with 1012 "server restarting", the process exits 0, and
// after a restart on the same data (PGlite folder or PostgreSQL database) everyone sits with the
// stacks the hand left them, bots on, books balanced.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { Ledger } from '../../ledger/ledger.js';
import { seatBalances } from '../../ledger/ledgerReads.js';
import {
  adminToken,
  call,
  childData,
  exited,
  FrameSocket,
  registerPerson,
  request,
  startChild,
  type Child,
  type Frame,
} from '../../testing/childServer.js';
import { TEST_DRIVERS } from '../../testing/database.js';
import { BALANCED } from '../../testing/testServer.js';

/** A person's pause before each action. */
const THINK_MS = 200;

interface Player {
  id: number;
  seat: number;
  table: FrameSocket;
  global: FrameSocket;
}

/**
 * A person with both sockets open, seated at `seat`, who checks or calls on each turn after a pause,
 * and waits for `gate` first (the test holds the hand still while it sends SIGTERM).
 */
async function seatPlayer(
  child: Child,
  tableId: number,
  person: { id: number; token: string },
  seat: number,
  amount: number,
  gate: { open: Promise<void> },
): Promise<Player> {
  const ws = child.address.replace('http', 'ws');
  const global = await FrameSocket.open(`${ws}/ws/global`);
  global.send({ type: 'AUTH', token: person.token });
  await global.next((f) => f.type === 'AUTH_OK');
  const table = await FrameSocket.open(`${ws}/ws/table/${tableId}`);
  table.send({ type: 'AUTH', token: person.token, requestId: 'auth' });
  await table.reply('auth');
  let handNumber = 0;
  table.socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Frame;
    if (frame.event?.type === 'hand-started') handNumber = frame.event.handNumber!;
    if (frame.event?.type !== 'next-to-act' || frame.event.seat !== seat || !frame.event.legal) return;
    const action = frame.event.legal.actions.some((a) => a.type === 'check') ? 'check' : 'call';
    const hand = handNumber;
    void gate.open
      .then(() => new Promise((resolve) => setTimeout(resolve, THINK_MS)))
      .then(() => table.send({ type: 'ACTION', action, handNumber: hand }));
  });
  table.send({ type: 'SIT', seat, amount, requestId: 'sit' });
  expect(await table.reply('sit')).toMatchObject({ type: 'ACK' });
  return { id: person.id, seat, table, global };
}

describe.each(TEST_DRIVERS)('a deploy (SIGTERM) on $name', ({ url }) => {
  it('the hand in play finishes and settles, sockets close with 1012, the process exits 0, and after the restart everyone sits with the stacks the hand left them', async () => {
    const data = await childData(url);
    try {
      const first = await startChild({ ...data.env, TEST_ACTION_MS: '20000' });
      const admin = await adminToken(first);
      const [table] = await call<Array<{ tableId: number; buyIn: { min: number } }>>(
        first,
        'GET',
        '/api/v1/user/tables',
      );
      const tableId = table.tableId;
      let release = () => undefined as void;
      const gate = { open: Promise.resolve() };
      const people = [
        await registerPerson(first, admin, 'saraa', 50_000),
        await registerPerson(first, admin, 'temuujin', 50_000),
      ];
      const players = await Promise.all(
        people.map((p, i) => seatPlayer(first, tableId, p, i, table.buyIn.min + 1_000 * (i + 1), gate)),
      );
      const latecomer = await registerPerson(first, admin, 'bat', 50_000);
      const lateSocket = await FrameSocket.open(`${first.address.replace('http', 'ws')}/ws/table/${tableId}`);
      lateSocket.send({ type: 'AUTH', token: latecomer.token, requestId: 'auth' });
      await lateSocket.reply('auth');
      await call(first, 'PUT', `/api/v1/admin/table/simulate?tableId=${tableId}`, admin);

      // Hold the people's next turn: that hand is the one in play when SIGTERM comes.
      gate.open = new Promise<void>((resolve) => (release = resolve));
      const turn = await Promise.race(
        players.map((p) =>
          p.table.next((f) => f.event?.type === 'next-to-act' && f.event.seat === p.seat).then(() => p),
        ),
      );
      const started = [...turn.table.frames].reverse().find((f) => f.event?.type === 'hand-started');
      const handNumber = started!.event!.handNumber!;
      const stopping = exited(first);
      const signalledAt = Date.now();
      first.process.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));

      // During the drain: HTTP answers, nobody sits down, bots are not started, spectators get in.
      expect((await request(first, 'GET', '/api/v1/user/tables')).status).toBe(200);
      const simulate = await request(first, 'PUT', `/api/v1/admin/table/simulate?tableId=${tableId}`, admin);
      expect(simulate).toMatchObject({ status: 503, body: { error: { code: 'server_restarting' } } });
      lateSocket.send({ type: 'SIT', seat: 5, amount: table.buyIn.min, requestId: 'late' });
      expect(await lateSocket.reply('late')).toMatchObject({ type: 'REJECT', code: 'server_restarting' });
      const spectator = await FrameSocket.open(`${first.address.replace('http', 'ws')}/ws/table/${tableId}`);
      await spectator.next((f) => f.type === 'SNAPSHOT', { past: true });
      expect(first.process.exitCode).toBeNull();
      const releasedAt = Date.now();
      release();

      const result = await players[0].table.next(
        (f) => f.event?.type === 'hand-result' && f.event.handNumber === handNumber,
        { past: true },
      );
      expect(result).toBeTruthy();
      const sockets = [...players.flatMap((p) => [p.table, p.global]), lateSocket, spectator];
      const closes = await Promise.all(sockets.map((s) => s.closed));
      for (const close of closes) expect(close).toMatchObject({ code: 1012, reason: 'server restarting' });
      const exit = await stopping;
      const exitedAt = Date.now();
      expect(exit).toEqual({ code: 0, signal: null });
      const report = first.lines.find((l) => 'stopped' in l)!.stopped as {
        drainMs: number;
        totalMs: number;
        tables: Array<{ tableId: number; outcome: string; handNumber: number | null }>;
      };
      expect(report.tables).toContainEqual({ tableId, outcome: 'settled', handNumber });
      expect(report.tables.filter((t) => t.outcome === 'voided')).toEqual([]);
      console.log(
        `[${url ? 'PostgreSQL' : 'PGlite'}] SIGTERM mid-hand: drain ${report.drainMs} ms, ` +
          `(the test held the hand ${releasedAt - signalledAt} ms of it), ` +
          `sockets closed 1012 after ${Math.max(...closes.map((c) => c.at)) - signalledAt} ms, ` +
          `shutdown ${report.totalMs} ms, process exited after ${exitedAt - signalledAt} ms`,
      );

      const after = await data.withDatabase(async (db) => {
        const hands = await queryRows<{ hand_number: number; record: { seats: SeatRecord[] } | string }>(
          db,
          sql`SELECT hand_number, record FROM hands WHERE table_id = ${tableId} ORDER BY hand_number`,
        );
        const voided = await queryRows<{ hand_number: number }>(
          db,
          sql`SELECT hand_number FROM voided_hands WHERE table_id = ${tableId}`,
        );
        const dealt = await queryRows<{ hand_number: number }>(
          db,
          sql`SELECT hand_number FROM table_state WHERE table_id = ${tableId}`,
        );
        const seats = await queryRows<{ seat: number; user_id: number }>(
          db,
          sql`SELECT seat, user_id FROM table_seats WHERE table_id = ${tableId} ORDER BY seat`,
        );
        return {
          hands,
          voided: voided.map((v) => Number(v.hand_number)),
          dealt: Number(dealt[0]?.hand_number),
          seats,
          balances: await seatBalances(db, tableId),
          audit: await new Ledger(db).audit(),
        };
      });
      expect(after.audit).toEqual(BALANCED);
      // The hand in play settled, was not voided, and no hand was dealt after it.
      const last = after.hands.at(-1)!;
      expect(Number(last.hand_number)).toBe(handNumber);
      expect(after.dealt).toBe(handNumber);
      expect(after.voided).not.toContain(handNumber);
      const record = typeof last.record === 'string' ? JSON.parse(last.record) : last.record;
      const expected = after.seats.map((s) => ({
        seat: Number(s.seat),
        userId: Number(s.user_id),
        stack: after.balances.find((b) => b.userId === Number(s.user_id))!.balance,
      }));
      expect(expected.map((s) => s.userId)).toEqual(expect.arrayContaining(people.map((p) => p.id)));
      expect(expected.length).toBeGreaterThanOrEqual(3);
      // Each seat account holds the stack the settled hand left (the people played it).
      for (const player of players) {
        const entry = (record.seats as SeatRecord[]).find((s) => s.seat === player.seat)!;
        expect(entry.dealtIn).toBe(true);
        expect(expected.find((s) => s.userId === player.id)!.stack).toBe(entry.finalStack);
      }

      // The first deal waits 30 s: the seats are read before a new hand could move a chip.
      const second = await startChild({ ...data.env, TEST_NEXT_HAND_MS: '30000' });
      const adminAgain = await adminToken(second);
      const session = await call<{
        simulation: boolean;
        seats: Array<{ seat: number; userId: number; stack: number; connected: boolean }>;
      }>(second, 'GET', `/api/v1/admin/table/session?tableId=${tableId}`, adminAgain);
      expect(session.simulation).toBe(true);
      expect(session.seats.map(({ seat, userId, stack }) => ({ seat, userId, stack }))).toEqual(expected);
      for (const player of players)
        expect(session.seats.find((s) => s.userId === player.id)).toMatchObject({ connected: false });
      second.process.kill('SIGTERM');
      expect(await exited(second)).toEqual({ code: 0, signal: null });
      expect(await data.withDatabase((db) => new Ledger(db).audit())).toEqual(BALANCED);
    } finally {
      await data.remove();
    }
  }, 240_000);
});

interface SeatRecord {
  seat: number;
  dealtIn: boolean;
  finalStack: number;
}
