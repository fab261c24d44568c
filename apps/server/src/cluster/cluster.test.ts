import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { openTestDatabase, TEST_DRIVERS } from '../testing/database.js';
import { LocalBus, RedisBus } from './clusterBus.js';
import { assertFencingToken, FencedOffError } from './fencing.js';
import { LocalLeases, RedisLeases } from './tableLeases.js';

// Real Redis when TEST_REDIS_URL is set (.ci/run sets it), as PostgreSQL is with TEST_DATABASE_URL.
const REDIS = process.env.TEST_REDIS_URL;
const prefix = () => `tenger-test-${randomBytes(4).toString('hex')}:`;
const until = async (check: () => boolean, ms = 2_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
  return check();
};

describe('the local bus (one process)', () => {
  it('delivers to every subscriber after the publisher returns, and stops after unsubscribe', async () => {
    const bus = new LocalBus('solo');
    const got: Array<[unknown, string]> = [];
    const off = bus.subscribe('balance', (data, from) => got.push([data, from]));
    await bus.publish('balance', { userId: 7 });
    expect(got).toEqual([]);
    expect(await until(() => got.length === 1)).toBe(true);
    expect(got[0]).toEqual([{ userId: 7 }, 'solo']);
    off();
    await bus.publish('balance', { userId: 8 });
    await new Promise((r) => setTimeout(r, 20));
    expect(got).toHaveLength(1);
  });
});

describe.skipIf(!REDIS)('Redis pub/sub between processes', () => {
  it('a message published by one process reaches the subscribers of every process, tagged with its sender', async () => {
    const p = prefix();
    const a = new RedisBus(REDIS!, 'node-a', p);
    const b = new RedisBus(REDIS!, 'node-b', p);
    const heardA: string[] = [];
    const heardB: string[] = [];
    a.subscribe<{ n: number }>('revoke', (data, from) => heardA.push(`${from}:${data.n}`));
    b.subscribe<{ n: number }>('revoke', (data, from) => heardB.push(`${from}:${data.n}`));
    await Promise.all([a.ready(), b.ready()]);
    await new Promise((r) => setTimeout(r, 50)); // SUBSCRIBE is in place
    await a.publish('revoke', { n: 1 });
    expect(await until(() => heardA.length === 1 && heardB.length === 1)).toBe(true);
    expect(heardA).toEqual(['node-a:1']);
    expect(heardB).toEqual(['node-a:1']);
    await Promise.all([a.close(), b.close()]);
  });
});

describe.each(TEST_DRIVERS)('table leases and fencing on $name', ({ url }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(url);
  });
  afterAll(() => handle.close());

  it('one process: every take-over issues a newer token and only the newest settles', async () => {
    const leases = new LocalLeases(handle.db, 'solo');
    const first = await leases.acquire(900);
    const second = await leases.acquire(900);
    expect(second).toBe(first + 1);
    await expect(assertFencingToken(handle.db, 900, first)).rejects.toBeInstanceOf(FencedOffError);
    await expect(assertFencingToken(handle.db, 900, second)).resolves.toBeUndefined();
    await expect(assertFencingToken(handle.db, 901, 1)).rejects.toBeInstanceOf(FencedOffError);
  });

  it.skipIf(!REDIS)(
    'two processes: one wins the lease, the other takes over when it lapses, and the first can no longer settle',
    async () => {
      const p = prefix();
      const a = new RedisLeases(REDIS!, handle.db, 'node-a', 300, p);
      const b = new RedisLeases(REDIS!, handle.db, 'node-b', 300, p);
      const [ta, tb] = await Promise.all([a.acquire(42), b.acquire(42)]);
      expect([ta, tb].filter((t) => t !== null)).toHaveLength(1); // the race has one winner
      const [winner, loser, token] = ta !== null ? [a, b, ta] : [b, a, tb!];
      expect(await loser.acquire(42)).toBeNull();
      expect(await winner.renew(42)).toBe(true);
      expect(await loser.renew(42)).toBe(false);
      expect(await a.owner(42)).toBe(winner.nodeId);

      // The winner stalls (no renewals): the lease lapses and the other process takes the table.
      await new Promise((r) => setTimeout(r, 400));
      const newer = await loser.acquire(42);
      expect(newer).toBe(token + 1);
      expect(await winner.renew(42)).toBe(false);
      await winner.release(42); // not its lease any more: nothing happens
      expect(await a.owner(42)).toBe(loser.nodeId);

      // The stalled owner wakes up and tries to settle: refused; the new owner's settlement passes.
      await expect(
        handle.db.transaction((tx) => assertFencingToken(tx as never, 42, token)),
      ).rejects.toBeInstanceOf(FencedOffError);
      await expect(
        handle.db.transaction((tx) => assertFencingToken(tx as never, 42, newer!)),
      ).resolves.toBeUndefined();
      await loser.release(42);
      expect(await a.owner(42)).toBeNull();
      await Promise.all([a.close(), b.close()]);
    },
  );
});
