// Two server processes on one PostgreSQL database and one Redis. The owner of a table is stopped with
// SIGSTOP past its lease while a player's LEAVE waits on its socket; the other process takes the table
// over. Woken with SIGCONT, the old owner moves no money: the LEAVE is refused, the new owner's stacks are
// the seat accounts, and the opponent's win in the next hand is settled and kept. The books total zero.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { Ledger } from '../ledger/ledger.js';
import { seatBalances } from '../ledger/ledgerReads.js';
import {
  adminToken,
  call,
  FrameSocket,
  killed,
  registerPerson,
  siteData,
  startChild,
  tableSocketUrl,
  uniqueSuffix as hex,
  type Child,
} from '../testing/childServer.js';
import { BALANCED } from '../testing/testServer.js';
import { TEST_TABLE } from '../testing/testTables.js';

const REDIS = process.env.TEST_REDIS_URL;
const POSTGRES = process.env.TEST_DATABASE_URL;
const TTL_MS = 3_000;

/** A person's socket, authenticated and seated at `seat` with `amount`. */
async function seated(child: Child, tableId: number, token: string, seat: number, amount: number) {
  const client = await FrameSocket.open(tableSocketUrl(child, tableId));
  client.send({ type: 'AUTH', token, requestId: 'auth' });
  expect((await client.reply('auth')).type).toBe('ACK');
  client.send({ type: 'SIT', seat, amount, requestId: 'sit' });
  expect(await client.reply('sit')).toMatchObject({ type: 'ACK' });
  return client;
}

type TurnFrame = {
  type: string;
  hand?: { handNumber: number; toAct: number | null };
  event?: { type: string; seat?: number; handNumber?: number };
};

/**
 * From now on the person makes `move` on every turn of theirs: a turn announced by its clock, or found
 * in a snapshot (a socket that followed the table to its new owner), including the last frame received.
 */
function plays(client: FrameSocket, seat: number, move: 'fold' | 'allin') {
  const answer = (f: TurnFrame) => {
    const handNumber =
      f.event?.type === 'clock' && f.event.seat === seat
        ? f.event.handNumber
        : f.type === 'SNAPSHOT' && f.hand?.toAct === seat
          ? f.hand.handNumber
          : undefined;
    if (handNumber !== undefined) client.send({ type: 'ACTION', action: move, handNumber });
  };
  const last = [...client.frames].reverse().find((f) => f.type === 'SNAPSHOT' || f.event?.type === 'clock');
  if (last) answer(last as TurnFrame);
  client.socket.on('message', (data) => answer(JSON.parse(data.toString()) as TurnFrame));
}

describe.skipIf(!REDIS || !POSTGRES)('a stalled table owner on PostgreSQL and Redis', () => {
  it("SIGSTOP past the lease, then SIGCONT: the waiting LEAVE is refused and moves nothing, the new owner's stacks are the seat accounts and the opponent's win is kept", async () => {
    const data = await siteData(POSTGRES!, REDIS!, { leaseTtlMs: TTL_MS, actionMs: 60_000 });
    const { env } = data;
    try {
      const one = await startChild({ ...env, NODE_ID: 'node-1' });
      const admin = await adminToken(one);
      const { tableId } = await call<{ tableId: number }>(one, 'POST', '/api/v1/admin/table', admin, {
        name: `Stalled ${hex()}`,
        ...TEST_TABLE,
      });
      const two = await startChild({ ...env, NODE_ID: 'node-2' });
      const alice = await registerPerson(one, admin, `alice${hex()}`, 10_000);
      const bob = await registerPerson(one, admin, `bob${hex()}`, 10_000);
      // Alice on the owner's own socket (she sits first, so node-1 takes the table); Bob through node-2.
      const a = await seated(one, tableId, alice.token, 0, 3_000);
      const b = await seated(two, tableId, bob.token, 1, 4_000);
      const session = (via: Child) =>
        call<{ owner?: string }>(via, 'GET', `/api/v1/admin/table/session?tableId=${tableId}`, admin);
      expect((await session(two)).owner).toBe('node-1');
      await b.next((f) => f.event?.type === 'clock', { past: true, timeoutMs: 10_000 });

      one.process.kill('SIGSTOP');
      a.send({ type: 'LEAVE', requestId: 'leave' }); // waits in the stopped process's socket buffer
      // Node-2 takes the table once the lease has run out: Bob's relayed socket gets a fresh snapshot,
      // the first since the stop (the stopped owner sends nothing). The lease was last renewed up to a
      // renewal period before the stop, so it may lapse before stop + TTL: wait for the snapshot itself.
      await b.next((f) => f.type === 'SNAPSHOT', { timeoutMs: 30_000 });
      expect((await session(two)).owner).toBe('node-2');
      const accounts = async () =>
        data.withDatabase(
          async (db) => new Map((await seatBalances(db, tableId)).map((s) => [s.userId, s.balance])),
        );
      expect(await accounts()).toEqual(
        new Map([
          [alice.id, 3_000],
          [bob.id, 4_000],
        ]),
      );

      one.process.kill('SIGCONT');
      expect(await a.reply('leave')).toMatchObject({ type: 'REJECT', code: 'busy' });
      const balances = await call<{ balance: number }>(one, 'GET', '/api/v1/user/me', alice.token);
      expect(balances.balance).toBe(7_000);
      expect(await accounts()).toEqual(
        new Map([
          [alice.id, 3_000],
          [bob.id, 4_000],
        ]),
      );

      // The next hand at node-2: Alice goes all in, Bob folds. Alice's win is settled and kept.
      plays(b, 1, 'fold');
      const result = b.next((f) => f.event?.type === 'hand-result', { timeoutMs: 60_000 });
      // Alice's socket follows the table to node-2 (a fresh snapshot there) and plays from then on.
      plays(a, 0, 'allin');
      const handNumber = await result.then(
        (f) => f.event!.handNumber!,
        (error: unknown) => {
          const brief = (c: FrameSocket) => c.frames.slice(-12).map((f) => JSON.stringify(f).slice(0, 300));
          console.log('last frames of Alice', brief(a), 'and of Bob', brief(b));
          throw error;
        },
      );
      await killed(two, 'SIGTERM');
      await killed(one, 'SIGTERM');
      await data.withDatabase(async (db) => {
        const [hand] = await queryRows<{ record: { seats: Array<{ seat: number; net: number }> } }>(
          db,
          sql`SELECT record FROM hands WHERE table_id = ${tableId} AND hand_number = ${handNumber}`,
        );
        const net = new Map(hand.record.seats.map((s) => [s.seat, s.net]));
        expect(net.get(0)).toBeGreaterThan(0);
        const after = new Map((await seatBalances(db, tableId)).map((s) => [s.userId, s.balance]));
        // SIGTERM drains and keeps the seats: the accounts hold the stacks as the hand left them.
        expect(after.get(alice.id)).toBe(3_000 + net.get(0)!);
        expect(after.get(bob.id)).toBe(4_000 + net.get(1)!);
        const failed = await queryRows(
          db,
          sql`SELECT hand_number FROM voided_hands WHERE table_id = ${tableId} AND reason <> 'takeover'`,
        );
        expect(failed).toEqual([]);
        expect(await new Ledger(db).audit()).toEqual(BALANCED);
      });
    } finally {
      await data.remove();
    }
  }, 180_000);
});
