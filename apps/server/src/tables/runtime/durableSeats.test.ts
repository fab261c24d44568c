// Durable seats through a real crash: a server process with people and bots seated is killed with
// SIGKILL in the middle of a hand and started again on the same data (PGlite directory or PostgreSQL
// database). Everyone is seated again with the stacks the voided hand began with, the bots play on,
// a new hand settles, the books total zero and the voided hand's number is never dealt again.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { Ledger } from '../../ledger/ledger.js';
import { seatBalances } from '../../ledger/ledgerReads.js';
import {
  adminToken,
  call,
  childData,
  FrameSocket,
  killed,
  registerPerson,
  startChild,
  type Child,
  type Frame,
} from '../../testing/childServer.js';
import { TEST_DRIVERS } from '../../testing/database.js';
import { BALANCED } from '../../testing/testServer.js';

/** A person at the table through a real socket, who never acts (so hands wait on them). */
async function seatPerson(child: Child, tableId: number, token: string, seat: number, amount: number) {
  const client = await FrameSocket.open(`${child.address.replace('http', 'ws')}/ws/table/${tableId}`);
  client.send({ type: 'AUTH', token });
  await client.next((f) => f.type === 'SNAPSHOT');
  client.send({ type: 'SIT', seat, amount, requestId: `sit-${seat}` });
  expect((await client.reply(`sit-${seat}`)).type).toBe('ACK');
  return { socket: client.socket, next: (test: (f: Frame) => boolean) => client.next(test), seat };
}

describe.each(TEST_DRIVERS)('seats that survive a kill -9 on $name', ({ url }) => {
  it('the same people sit in the same seats with the stacks the voided hand began with, bots play on and the voided number is never dealt again', async () => {
    const data = await childData(url);
    const { env, withDatabase } = data;

    try {
      const first = await startChild(env);
      const admin = await adminToken(first);
      const [table] = await call<Array<{ tableId: number; buyIn: { min: number } }>>(
        first,
        'GET',
        '/api/v1/user/tables',
      );
      const people = [];
      for (const name of ['saraa', 'temuujin']) people.push(await registerPerson(first, admin, name, 50_000));
      const sockets = await Promise.all(
        people.map((p, i) => seatPerson(first, table.tableId, p.token, i, table.buyIn.min + 1_000 * (i + 1))),
      );
      await call(first, 'PUT', `/api/v1/admin/table/simulate?tableId=${table.tableId}`, admin);

      // A person's clock runs: the hand waits on them. Crash now.
      const clocks = await Promise.race(
        sockets.map((s) => s.next((f) => f.event?.type === 'clock' && f.event.seat === s.seat)),
      );
      const voidedNumber = clocks.event!.handNumber!;
      await killed(first, 'SIGKILL');
      for (const s of sockets) s.socket.terminate();

      const before = await withDatabase(async (db) => ({
        balances: await seatBalances(db, table.tableId),
        seats: await queryRows<{ seat: number; user_id: number }>(
          db,
          sql`SELECT seat, user_id FROM table_seats WHERE table_id = ${table.tableId} ORDER BY seat`,
        ),
      }));
      const expected = before.seats.map((s) => ({
        seat: Number(s.seat),
        userId: Number(s.user_id),
        stack: before.balances.find((b) => b.userId === Number(s.user_id))!.balance,
      }));
      expect(expected.map((s) => s.userId)).toEqual(expect.arrayContaining(people.map((p) => p.id)));
      expect(expected.length).toBeGreaterThanOrEqual(3); // the two people and at least one bot

      // The first deal waits 10 s, so the seats are read before a new hand moves a chip (even on a busy machine).
      const second = await startChild({ ...env, TEST_NEXT_HAND_MS: '10000' });
      try {
        const adminAgain = await adminToken(second);
        type Session = {
          simulation: boolean;
          handsPlayed: number;
          seats: Array<{ seat: number; userId: number; stack: number; connected: boolean; isBot: boolean }>;
        };
        const session = () =>
          call<Session>(second, 'GET', `/api/v1/admin/table/session?tableId=${table.tableId}`, adminAgain);
        const restored = await session();
        expect(restored.simulation).toBe(true);
        expect(restored.seats.map(({ seat, userId, stack }) => ({ seat, userId, stack }))).toEqual(expected);
        for (const person of people)
          expect(restored.seats.find((s) => s.userId === person.id)).toMatchObject({ connected: false });

        const settledBefore = restored.handsPlayed;
        const until = Date.now() + 60_000;
        while ((await session()).handsPlayed <= settledBefore) {
          if (Date.now() > until) throw new Error('no hand settled within a minute of the restart');
          await new Promise((r) => setTimeout(r, 200));
        }
      } finally {
        await killed(second, 'SIGTERM');
      }

      await withDatabase(async (db) => {
        expect(await new Ledger(db).audit()).toEqual(BALANCED);
        const numbers = (
          await queryRows<{ hand_number: number }>(
            db,
            sql`SELECT hand_number FROM hands WHERE table_id = ${table.tableId}`,
          )
        ).map((r) => Number(r.hand_number));
        expect(numbers).not.toContain(voidedNumber);
        expect(Math.max(...numbers)).toBeGreaterThan(voidedNumber);
        const voided = await queryRows<{ hand_number: number; seed_commitment: string; reason: string }>(
          db,
          sql`SELECT hand_number, seed_commitment, reason FROM voided_hands WHERE table_id = ${table.tableId}`,
        );
        expect(voided).toContainEqual(
          expect.objectContaining({ hand_number: voidedNumber, reason: 'restart' }),
        );
        expect(voided.find((v) => v.hand_number === voidedNumber)!.seed_commitment).toMatch(/^[0-9a-f]{64}$/);
      });
    } finally {
      await data.remove();
    }
  }, 240_000);
});
