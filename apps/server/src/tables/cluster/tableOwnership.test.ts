// Two table registries (two processes of one site) on one database and one Redis race for a table.
// The one that loses its lease may move no money of it any more: it cannot prove its lease, so it
// refuses every command (and the database would refuse its stale fencing token); the new owner has the
// players seated with their seat accounts as stacks and settles its own hands.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisBus } from '../../cluster/clusterBus.js';
import { RedisLeases } from '../../cluster/tableLeases.js';
import { seatBalances } from '../../ledger/ledgerReads.js';
import { TEST_DRIVERS } from '../../testing/database.js';
import { BALANCED, startTestServer, type TestServer } from '../../testing/testServer.js';
import { TableRegistry } from '../runtime/tableRegistry.js';
import type { TableRuntime } from '../runtime/tableRuntime.js';
import type { RuntimeTiming } from '../runtime/timing.js';
import { action, createTestTable, FAST_TIMING, Recorder, waitForTurn } from '../../testing/testTables.js';

const REDIS = process.env.TEST_REDIS_URL;
const TTL_MS = 3_000;

/** The running hand as `viewer` sees it, once one is dealt. */
async function handRunning(runtime: TableRuntime, viewer: Recorder) {
  for (let i = 0; i < 400; i++) {
    const frame = runtime.snapshotFor(viewer);
    if (frame.type === 'SNAPSHOT' && frame.hand && frame.hand.phase !== 'complete') return frame.hand;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no hand was dealt');
}

/** A logger that keeps every error line (to see the refusal the dealer logs). */
function recordingLogger() {
  const lines: Array<{ msg?: string; err?: { type?: string } }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  return { logger: pino({ level: 'error' }, stream), lines };
}

describe.skipIf(!REDIS).each(TEST_DRIVERS)('two processes race for one table on $name', ({ url }) => {
  let t: TestServer;
  const prefix = `tenger-test-${randomBytes(4).toString('hex')}:`;
  const made: Array<{ close(): Promise<void> }> = [];

  function registry(
    nodeId: string,
    logger = pino({ level: 'silent' }),
    timing: Partial<RuntimeTiming> = {},
  ): TableRegistry {
    const bus = new RedisBus(REDIS!, nodeId, prefix);
    const leases = new RedisLeases(REDIS!, t.services.db, nodeId, TTL_MS, prefix);
    const r = new TableRegistry(
      { ...t.services, logger, cluster: { nodeId, shared: true, bus, leases, leaseTtlMs: TTL_MS } },
      { durableSeats: true, timing: { ...FAST_TIMING, actionTimeMs: 60_000, ...timing }, claimMs: 60_000 },
    );
    made.push({ close: async () => (await r.close(), await bus.close(), await leases.close()) });
    return r;
  }

  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(async () => {
    for (const m of made) await m.close();
    await t.close();
  });

  it('a stalled owner cannot finish its hand after the takeover: money unchanged, the new owner seats everyone as the hand began', async () => {
    const table = await createTestTable(t);
    const aa = registry('node-a');
    const b = registry('node-b');

    const owner = (await aa.runtime(table.id))!;
    expect(owner).not.toBeNull();
    expect(await b.runtime(table.id)).toBeNull(); // the lease is held: B does not run it
    expect((await aa.localSession(table.id)).owner).toBe('node-a');

    const [alice, bob] = [await t.player(10_000), await t.player(10_000)];
    const va = new Recorder(alice.id);
    const vb = new Recorder(bob.id);
    owner.join(va);
    owner.join(vb);
    expect(await owner.handle(va, { type: 'SIT', seat: 0, amount: 3_000 })).toMatchObject({ ok: true });
    expect(await owner.handle(vb, { type: 'SIT', seat: 1, amount: 4_000 })).toMatchObject({ ok: true });
    const hand = await handRunning(owner, va);
    expect(hand.handNumber).toBe(1);

    // A stalls (no renewals): its lease lapses and B takes the table over.
    aa.ownership.stop();
    await new Promise((r) => setTimeout(r, TTL_MS + 200));
    const taken = (await b.runtime(table.id))!;
    expect(taken).not.toBeNull();
    const session = await b.localSession(table.id);
    expect(session.owner).toBe('node-b');
    expect(session.seats.map((s) => [s.userId, s.seat])).toEqual([
      [alice.id, 0],
      [bob.id, 1],
    ]);

    // A wakes up and tries to play its hand to the end: it cannot prove its lease, so it refuses.
    const toAct = hand.toAct === 0 ? va : vb;
    expect(await owner.handle(toAct, action(await waitForTurn(owner, toAct), 'fold'))).toMatchObject({
      ok: false,
      code: 'busy',
    });
    expect(await b.hands.lastHandNumber(table.id)).toBe(0); // nothing settled
    const seats = (await seatBalances(t.services.db, table.id)).map((s) => [s.userId, s.balance]);
    expect(seats.sort()).toEqual(
      [
        [alice.id, 3_000],
        [bob.id, 4_000],
      ].sort(),
    );
    expect(await t.audit()).toEqual(BALANCED);

    // At its next renewal A finds the lease gone and stops running the table.
    await aa.ownership.renewAll();
    expect(aa.localRuntime(table.id)).toBeNull();
    // Play goes on at B: the voided hand's number is not dealt again.
    expect((await handRunning(taken, new Recorder(alice.id))).handNumber).toBe(2);
  }, 60_000);

  it("a stalled owner's LEAVE after the takeover moves nothing; the new owner's stacks are its seat accounts and a real opponent's win is kept", async () => {
    const table = await createTestTable(t);
    const aLog = recordingLogger();
    // A deals nothing on its own (a long pause between hands): the players only sit there.
    const aa = registry('node-a', aLog.logger, { nextHandDelayMs: 600_000 });
    const b = registry('node-b');
    const owner = (await aa.runtime(table.id))!;
    const [alice, bob] = [await t.player(10_000), await t.player(10_000)];
    const va = new Recorder(alice.id);
    const vb = new Recorder(bob.id);
    owner.join(va);
    owner.join(vb);
    expect(await owner.handle(va, { type: 'SIT', seat: 0, amount: 3_000 })).toMatchObject({ ok: true });
    expect(await owner.handle(vb, { type: 'SIT', seat: 1, amount: 4_000 })).toMatchObject({ ok: true });

    // A stalls past its lease; B takes the table over and deals.
    aa.ownership.stop();
    await new Promise((r) => setTimeout(r, TTL_MS + 200));
    const taken = (await b.runtime(table.id))!;
    expect(taken).not.toBeNull();
    const wa = new Recorder(alice.id);
    const wb = new Recorder(bob.id);
    taken.join(wa);
    taken.join(wb);
    const hand = await handRunning(taken, wa);

    // A wakes up with Alice's LEAVE on its socket: refused before any money moves.
    expect(await owner.handle(va, { type: 'LEAVE' })).toMatchObject({ ok: false, code: 'busy' });
    expect((await t.services.ledger.balancesOf(alice.id)).available).toBe(7_000);
    const accounts = async () =>
      new Map((await seatBalances(t.services.db, table.id)).map((s) => [s.userId, s.balance]));
    expect(await accounts()).toEqual(
      new Map([
        [alice.id, 3_000],
        [bob.id, 4_000],
      ]),
    );
    expect(taken.stacksInLedgerTerms()).toEqual(await accounts());

    // The hand at B is played out: the winner's pot is settled and stays.
    const folder = hand.toAct === 0 ? wa : wb;
    const winner = folder === wa ? bob : alice;
    expect(await taken.handle(folder, action(await waitForTurn(taken, folder), 'fold'))).toMatchObject({
      ok: true,
    });
    for (let i = 0; i < 200 && (await b.hands.lastHandNumber(table.id)) < hand.handNumber; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(await b.hands.lastHandNumber(table.id)).toBe(hand.handNumber);
    const after = await accounts();
    const stake = winner === alice ? 3_000 : 4_000;
    expect(after.get(winner.id)).toBeGreaterThan(stake);
    expect(after.get(alice.id)! + after.get(bob.id)!).toBe(7_000); // no flop, no rake
    expect(aLog.lines.filter((l) => l.msg === 'hand could not be settled')).toEqual([]);
    expect(await t.audit()).toEqual(BALANCED);
  }, 60_000);
});
