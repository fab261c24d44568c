// The relay between two processes (two registries on one database and one Redis): a socket of the
// process that does not run the table plays through it, sees only its own hole cards, and follows
// the table when its owner dies and the other process takes it over.
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { TableServerMessage } from '@tenger/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisBus } from '../../cluster/clusterBus.js';
import { RedisLeases } from '../../cluster/tableLeases.js';
import { seatBalances } from '../../ledger/ledgerReads.js';
import { TEST_DRIVERS } from '../../testing/database.js';
import { BALANCED, startTestServer, type TestServer } from '../../testing/testServer.js';
import { TableRegistry } from '../runtime/tableRegistry.js';
import { createTestTable, FAST_TIMING, Recorder } from '../../testing/testTables.js';

const REDIS = process.env.TEST_REDIS_URL;
const TTL_MS = 4_000;

const isEvent =
  (type: string) =>
  (f: TableServerMessage): boolean =>
    f.type === 'EVENT' && f.event.type === type;

describe.skipIf(!REDIS).each(TEST_DRIVERS)('the table relay on $name', ({ url }) => {
  let t: TestServer;
  const prefix = `tenger-test-${randomBytes(4).toString('hex')}:`;
  const made: Array<() => Promise<void>> = [];

  async function registry(nodeId: string): Promise<TableRegistry> {
    const bus = new RedisBus(REDIS!, nodeId, prefix);
    const leases = new RedisLeases(REDIS!, t.services.db, nodeId, TTL_MS, prefix);
    const r = new TableRegistry(
      {
        ...t.services,
        logger: pino({ level: process.env.DEBUG_RELAY ? 'info' : 'silent' }),
        cluster: { nodeId, shared: true, bus, leases, leaseTtlMs: TTL_MS },
      },
      { durableSeats: true, timing: { ...FAST_TIMING, actionTimeMs: 60_000 }, claimMs: 200 },
    );
    await bus.ready();
    await r.start();
    made.push(async () => (await r.close(), await bus.close(), await leases.close()));
    return r;
  }

  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(async () => {
    for (const close of made) await close();
    await t.close();
  });

  it('a socket on the other process plays through the owner, sees only its own cards, and follows a takeover', async () => {
    const table = await createTestTable(t);
    const a = await registry('relay-a');
    const b = await registry('relay-b');
    const owned = (await a.runtime(table.id))!;
    expect(owned).not.toBeNull();
    const [alice, bob] = [await t.player(10_000), await t.player(10_000)];

    // Alice's socket is on B (relayed); Bob's on A (the owner); a spectator on B.
    const viaB = (await b.live(table.id))!;
    const va = new Recorder(null);
    const spectator = new Recorder(null);
    viaB.join(spectator);
    viaB.join(va);
    await va.waitFor((f) => f.type === 'SNAPSHOT', 5_000, true);
    viaB.identify(va, alice.id);
    await va.waitFor((f) => f.type === 'SNAPSHOT' && f.viewer.userId === alice.id, 5_000, true);
    await viaB.handle(va, { type: 'SIT', seat: 0, amount: 3_000, requestId: 'sit' });
    expect(va.frames.find((f) => f.type === 'ACK' || f.type === 'REJECT')).toMatchObject({
      type: 'ACK',
      requestId: 'sit',
    });
    const vb = new Recorder(bob.id);
    owned.join(vb);
    await owned.handle(vb, { type: 'SIT', seat: 1, amount: 4_000 });

    // The hand is dealt: Alice (through the relay) sees her two cards and never Bob's.
    const dealt = (r: Recorder) => r.events().flatMap((e) => (e.type === 'hole-cards-dealt' ? [e] : []));
    await va.waitFor(isEvent('hole-cards-dealt'), 10_000, true);
    await spectator.waitFor(isEvent('hole-cards-dealt'), 10_000, true);
    await new Promise((r) => setTimeout(r, 200));
    expect(dealt(va).find((e) => e.seat === 0)!.cards).toHaveLength(2);
    expect(dealt(va).find((e) => e.seat === 1)!.cards).toBeNull();
    expect(dealt(spectator).every((e) => e.cards === null)).toBe(true);
    const session = await b.session(table.id); // answered by the owner, A
    expect(session.owner).toBe('relay-a');
    expect(session.seats.find((s) => s.userId === alice.id)).toMatchObject({ connected: true });

    // A dies (no renewals, no heartbeats, no goodbye): B takes the table over; the sockets on B
    // get a fresh snapshot from B with the same seats and the stacks as the voided hand began.
    a.ownership.stop();
    a.cluster!.close();
    owned.stop();
    const began = Date.now();
    const fresh = (r: Recorder) =>
      r.waitFor(
        (f) => f.type === 'SNAPSHOT' && f.table.seats.length === 2 && b.localRuntime(table.id) !== null,
        15_000,
      );
    const [snapA, snapS] = await Promise.all([fresh(va), fresh(spectator)]);
    expect(Date.now() - began).toBeLessThan(10_000);
    for (const snap of [snapA, snapS]) {
      if (snap.type !== 'SNAPSHOT') throw new Error('expected a snapshot');
      expect(snap.table.seats.map((s) => [s.seat, s.userId])).toEqual([
        [0, alice.id],
        [1, bob.id],
      ]);
    }
    // Stacks as the voided hand began: the seat accounts never moved.
    const balances = await seatBalances(t.services.db, table.id);
    expect(balances.map((s) => [s.userId, s.balance]).sort()).toEqual(
      [
        [alice.id, 3_000],
        [bob.id, 4_000],
      ].sort(),
    );
    expect((await b.session(table.id)).owner).toBe('relay-b');
    // Play resumes at B: hand 2 is dealt and Alice, on the same socket, is dealt in.
    await va.waitFor(
      (f) =>
        (f.type === 'EVENT' && f.event.type === 'hand-started' && f.event.handNumber === 2) ||
        (f.type === 'SNAPSHOT' && f.hand?.handNumber === 2),
      15_000,
      true,
    );
    // Admin calls made on a process that does not run the table reach its owner (now B).
    const c = await registry('relay-c');
    expect((await c.session(table.id)).owner).toBe('relay-b');
    expect(await c.kick(table.id, bob.id)).toBe(true); // he stands up when the running hand ends
    await c.startSimulation(table.id);
    for (let i = 0; i < 200 && !b.isSimulating(table.id); i++) await new Promise((r) => setTimeout(r, 25));
    expect(b.isSimulating(table.id)).toBe(true);
    await c.stopSimulation(table.id);
    expect(await t.audit()).toEqual(BALANCED);
  }, 90_000);
});
