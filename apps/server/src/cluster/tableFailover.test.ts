// Three server processes on one PostgreSQL database and one Redis are one site. Tables with bots and
// a scripted person each are spread over them; people and spectators connect through processes that
// do not run their table (the relay). The owner of two busy tables is killed with SIGKILL: the
// survivors take both over within 10 s (TABLE_LEASE_TTL_MS=5000 here), everyone keeps their seat
// with the stacks the voided hand began with, play resumes, the sockets on surviving processes stay
// open and see it all, the books total zero and no hand is settled twice.
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
  tableSocketUrl as wsUrl,
  uniqueSuffix as hex,
  type Child,
  type Frame,
} from '../testing/childServer.js';
import { BALANCED } from '../testing/testServer.js';
import { TEST_TABLE } from '../testing/testTables.js';

const REDIS = process.env.TEST_REDIS_URL;
const POSTGRES = process.env.TEST_DATABASE_URL;

type Snapshot = Frame & { table?: { seats: Array<{ seat: number; userId: number }> } };
type Hand = { handNumber: number; toAct: number | null; legal: { actions: Array<{ type: string }> } | null };
type Session = { owner?: string; seats: Array<{ seat: number; userId: number }>; handsPlayed: number };

/**
 * A person through a socket: sits in a free seat and, once `acting` is on, checks or calls on every
 * turn (before that, hands wait on their clock, so a hand is surely running when the owner dies).
 */
async function seatPerson(child: Child, tableId: number, token: string, amount: number) {
  const client = await FrameSocket.open(wsUrl(child, tableId));
  const person = { client, seat: -1, acting: false, actions: 0 };
  client.send({ type: 'AUTH', token, requestId: 'auth' });
  await client.reply('auth');
  for (let attempt = 0; person.seat < 0 && attempt < 6; attempt++) {
    const snapshot = (await client.next((f) => f.type === 'SNAPSHOT', { past: attempt === 0 })) as Snapshot;
    const taken = new Set(snapshot.table!.seats.map((s) => s.seat));
    const seat = [0, 1, 2, 3, 4, 5].find((s) => !taken.has(s))!;
    client.send({ type: 'SIT', seat, amount, requestId: `sit-${attempt}` });
    if ((await client.reply(`sit-${attempt}`)).type === 'ACK') person.seat = seat;
    else client.send({ type: 'RESUME', lastSeq: 0, requestId: `again-${attempt}` });
  }
  expect(person.seat).toBeGreaterThanOrEqual(0);
  // The hand being played (next-to-act carries no number: it comes from hand-started or a snapshot).
  let handNumber = 0;
  client.socket.on('message', (data) => {
    const f = JSON.parse(data.toString()) as Frame & { hand?: Hand | null };
    if (f.type === 'SNAPSHOT' && f.hand) handNumber = f.hand.handNumber;
    if (f.event?.type === 'hand-started' && f.event.handNumber) handNumber = f.event.handNumber;
    if (!person.acting) return;
    // The turn comes as an event, or in the snapshot the new owner sends when the relay reattaches
    // (a hand it dealt at once may already wait on us then: the event went out before we listened).
    const legal =
      f.event?.type === 'next-to-act' && f.event.seat === person.seat
        ? f.event.legal
        : f.type === 'SNAPSHOT' && f.hand && f.hand.toAct === person.seat
          ? f.hand.legal
          : undefined;
    if (!legal) return;
    const check = legal.actions.some((a) => a.type === 'check');
    person.actions++;
    client.send({
      type: 'ACTION',
      action: check ? 'check' : 'call',
      handNumber,
      requestId: `act-${person.actions}`,
    });
  });
  return person;
}

describe.skipIf(!REDIS || !POSTGRES)('three processes on PostgreSQL and Redis', () => {
  it('the owner of two busy tables dies: takeover within 10 s, same seats and stacks, play resumes, nothing settled twice', async () => {
    const data = await siteData(POSTGRES!, REDIS!, { leaseTtlMs: 5_000, actionMs: 20_000 });
    const { env } = data;
    try {
      // The first process migrates, seeds and creates four tables; the other two join it then (the
      // site-wide table-list invalidation over Redis is another part of the cluster).
      const nodes = [await startChild({ ...env, NODE_ID: 'node-1' })];
      const admin = await adminToken(nodes[0]);
      const session = (via: Child, tableId: number) =>
        call<Session>(via, 'GET', `/api/v1/admin/table/session?tableId=${tableId}`, admin);
      const tables: number[] = [];
      for (let i = 0; i < 4; i++) {
        const row = await call<{ tableId: number }>(nodes[0], 'POST', '/api/v1/admin/table', admin, {
          name: `Cluster ${i} ${hex()}`,
          ...TEST_TABLE,
        });
        tables.push(row.tableId);
      }
      nodes.push(
        ...(await Promise.all(['node-2', 'node-3'].map((id) => startChild({ ...env, NODE_ID: id })))),
      );
      // Simulation started through process i % 3, which takes the table: node-1 runs two.
      for (const [i, tableId] of tables.entries())
        await call(nodes[i % 3], 'PUT', `/api/v1/admin/table/simulate?tableId=${tableId}`, admin);
      const owners = await Promise.all(tables.map(async (id) => (await session(nodes[2], id)).owner));
      expect(owners).toEqual(['node-1', 'node-2', 'node-3', 'node-1']);
      const doomed = [tables[0], tables[3]];

      // At each doomed table: a person through node-2, spectators through node-2 and node-3.
      const people = [];
      const spectators: FrameSocket[] = [];
      for (const [i, tableId] of doomed.entries()) {
        const who = await registerPerson(nodes[1], admin, `person${i}${hex()}`, 50_000);
        // The same object the socket handler reads `acting` from (a spread copy never started acting:
        // each person then timed out every turn, and a loaded run missed the 90 s for a new hand).
        const person = await seatPerson(nodes[1], tableId, who.token, 3_000 + 1_000 * i);
        people.push(Object.assign(person, { tableId, id: who.id }));
        for (const via of [nodes[1], nodes[2]]) {
          const spectator = await FrameSocket.open(wsUrl(via, tableId));
          await spectator.next((f) => f.type === 'SNAPSHOT', { past: true });
          spectators.push(spectator);
        }
      }
      // Busy: both tables settled hands and now wait on their person's clock.
      await Promise.all(
        people.map((p) =>
          p.client.next((f) => f.event?.type === 'clock' && f.event.seat === p.seat, { timeoutMs: 60_000 }),
        ),
      );

      await killed(nodes[0], 'SIGKILL');
      const killedAt = Date.now();
      for (const p of people) p.acting = true;
      const before = await data.withDatabase(async (db) =>
        Promise.all(
          doomed.map(async (tableId) => ({
            tableId,
            balances: await seatBalances(db, tableId),
            seats: await queryRows<{ seat: number; user_id: number }>(
              db,
              sql`SELECT seat, user_id FROM table_seats WHERE table_id = ${tableId} ORDER BY seat`,
            ),
            voided: Number(
              (
                await queryRows<{ n: number }>(
                  db,
                  sql`SELECT hand_number AS n FROM table_state WHERE table_id = ${tableId}`,
                )
              )[0].n,
            ),
          })),
        ),
      );

      // Every spectator (all on surviving processes) gets the table again from its new owner.
      const fresh = await Promise.all(
        spectators.map((s) =>
          s.next((f) => f.type === 'SNAPSHOT' && Date.now() > killedAt, { timeoutMs: 30_000 }),
        ),
      );
      const takeoverMs = Date.now() - killedAt;
      console.log(`cluster failover: both tables taken over ${takeoverMs} ms after kill -9`);
      expect(takeoverMs).toBeLessThan(10_000);
      for (const [i, snapshot] of (fresh as Snapshot[]).entries()) {
        const { seats, balances } = before[Math.floor(i / 2)];
        // Everyone seated with chips is seated again (a seat whose player had just busted and stood up,
        // its account empty, is not; a bot may already fill a seat that was free).
        const expected = seats
          .filter((s) => (balances.find((b) => b.userId === Number(s.user_id))?.balance ?? 0) > 0)
          .map((s) => [Number(s.seat), Number(s.user_id)]);
        expect(expected.length).toBeGreaterThanOrEqual(2);
        expect(snapshot.table!.seats.map((s) => [s.seat, s.userId])).toEqual(
          expect.arrayContaining(expected),
        );
      }
      for (const tableId of doomed)
        expect(['node-2', 'node-3']).toContain((await session(nodes[1], tableId)).owner);

      // Play resumes: the voided number is skipped, a new hand settles, seen by every spectator.
      await Promise.all(
        spectators.map((s, i) =>
          s.next(
            (f) =>
              f.event?.type === 'hand-result' && (f.event.handNumber ?? 0) > before[Math.floor(i / 2)].voided,
            { timeoutMs: 90_000 },
          ),
        ),
      );
      console.log(
        `cluster failover: every spectator saw a new hand settle ${Date.now() - killedAt} ms after kill -9`,
      );
      for (const s of [...spectators, ...people.map((p) => p.client)])
        expect(s.socket.readyState).toBe(s.socket.OPEN);
      // Each person acted at the new owner (through the relay on node-2), and no action was refused.
      for (const p of people) expect(p.actions).toBeGreaterThan(0);
      for (const p of people)
        expect(
          p.client.frames.filter(
            (f) => f.type === 'ERROR' || (f.type === 'REJECT' && f.requestId?.startsWith('act-')),
          ),
        ).toEqual([]);

      await Promise.all(nodes.slice(1).map((n) => killed(n, 'SIGTERM')));
      await data.withDatabase(async (db) => {
        expect(await new Ledger(db).audit()).toEqual(BALANCED);
        const twice = await queryRows(
          db,
          sql`SELECT table_id, hand_number FROM hands GROUP BY table_id, hand_number HAVING count(*) > 1`,
        );
        expect(twice).toEqual([]);
        for (const b of before) {
          const voided = await queryRows<{ reason: string }>(
            db,
            sql`SELECT reason FROM voided_hands WHERE table_id = ${b.tableId} AND hand_number = ${b.voided}`,
          );
          expect(voided).toEqual([{ reason: 'takeover' }]);
          // The first hand after the takeover began with the stacks the voided hand began with.
          const [next] = await queryRows<{
            record: { seats: Array<{ seat: number; startingStack: number; dealtIn: boolean }> };
          }>(
            db,
            sql`SELECT record FROM hands WHERE table_id = ${b.tableId} AND hand_number = ${b.voided + 1}`,
          );
          expect(next).toBeDefined();
          for (const s of next.record.seats.filter((x) => x.dealtIn)) {
            const owner = b.seats.find((x) => Number(x.seat) === s.seat);
            if (!owner) continue; // a bot seated after the takeover
            expect(s.startingStack).toBe(b.balances.find((x) => x.userId === Number(owner.user_id))!.balance);
          }
        }
      });
    } finally {
      await data.remove();
    }
  }, 300_000);
});
