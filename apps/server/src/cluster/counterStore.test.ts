import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { FailureLimiter } from '../auth/failureLimiter.js';
import { PasswordGate } from '../auth/passwordGate.js';
import { DEFAULT_PASSWORD_GUARD } from '../config.js';
import { SiteSocketCap } from '../realtime/socketCap.js';
import { MemoryCounters, RedisCounters, type CounterStore } from './counterStore.js';

// The same tests on both stores. "Two processes" are two handles on one store: the same object in
// memory, two connections with one key prefix on Redis (TEST_REDIS_URL, as in cluster.test.ts).
const REDIS = process.env.TEST_REDIS_URL;
const connections: Redis[] = [];
afterAll(async () => {
  await Promise.all(connections.map((c) => c.quit()));
});

const backends: Array<{ name: string; pair: () => [CounterStore, CounterStore] }> = [
  {
    name: 'memory',
    pair: () => {
      const store = new MemoryCounters();
      return [store, store];
    },
  },
  ...(REDIS
    ? [
        {
          name: 'Redis',
          pair: (): [CounterStore, CounterStore] => {
            const prefix = `tenger-test-${randomBytes(4).toString('hex')}:`;
            const [a, b] = [new Redis(REDIS), new Redis(REDIS)];
            connections.push(a, b);
            return [new RedisCounters(a, prefix), new RedisCounters(b, prefix)];
          },
        },
      ]
    : []),
];

const HOUR = 3_600_000;
const T0 = 1_700_000_000_000;

describe.each(backends)('the counter store ($name)', ({ pair }) => {
  it('counts the events of a sliding window across processes and forgets those that aged out', async () => {
    const [a, b] = pair();
    expect(await a.hit('login-account:7', HOUR, T0)).toBe(1);
    expect(await b.hit('login-account:7', HOUR, T0 + 1_000)).toBe(2);
    expect(await a.hit('login-account:7', HOUR, T0 + 2_000)).toBe(3);
    expect(await b.count('login-account:7', HOUR, T0 + 2_000)).toBe(3);
    expect(await a.count('login-account:8', HOUR, T0 + 2_000)).toBe(0);
    // The first event leaves the window one hour after it happened, the others later.
    expect(await a.count('login-account:7', HOUR, T0 + HOUR)).toBe(2);
    expect(await b.hit('login-account:7', HOUR, T0 + HOUR + 1_500)).toBe(2);
    await a.clear('login-account:7');
    expect(await b.count('login-account:7', HOUR, T0 + HOUR + 1_500)).toBe(0);
  });

  it('events at the same millisecond all count', async () => {
    const [a, b] = pair();
    await Promise.all([...Array(10)].map((_, i) => (i % 2 ? a : b).hit('burst', HOUR, T0)));
    expect(await a.count('burst', HOUR, T0)).toBe(10);
  });

  it('concurrent hits get distinct counts, so exactly one of them reaches a limit', async () => {
    const [a, b] = pair();
    const counts = await Promise.all([...Array(20)].map((_, i) => (i % 2 ? a : b).hit('race', HOUR, T0 + i)));
    expect([...counts].sort((x, y) => x - y)).toEqual([...Array(20)].map((_, i) => i + 1));
  });

  it('gives at most max places of a key across processes; a place given back is free again', async () => {
    const [a, b] = pair();
    expect(await a.take('ws:10.0.0.1', 'a#1', 3, 60_000, T0)).toBe(true);
    expect(await b.take('ws:10.0.0.1', 'b#1', 3, 60_000, T0)).toBe(true);
    expect(await a.take('ws:10.0.0.1', 'a#2', 3, 60_000, T0)).toBe(true);
    expect(await b.take('ws:10.0.0.1', 'b#2', 3, 60_000, T0)).toBe(false);
    expect(await a.take('ws:10.0.0.2', 'a#3', 3, 60_000, T0)).toBe(true);
    expect(await b.held('ws:10.0.0.1', T0)).toBe(3);
    await a.give('ws:10.0.0.1', 'a#1');
    expect(await b.take('ws:10.0.0.1', 'b#2', 3, 60_000, T0)).toBe(true);
    expect(await a.held('ws:10.0.0.1', T0)).toBe(3);
  });

  it('places of a process that stopped renewing them lapse after their ttl; renewed ones stay', async () => {
    const [live, dead] = pair();
    expect(await dead.take('ws:10.0.0.3', 'dead#1', 2, 60_000, T0)).toBe(true);
    expect(await live.take('ws:10.0.0.3', 'live#1', 2, 60_000, T0)).toBe(true);
    expect(await live.take('ws:10.0.0.3', 'live#2', 2, 60_000, T0 + 1)).toBe(false);
    await live.renew([{ key: 'ws:10.0.0.3', holder: 'live#1' }], 60_000, T0 + 40_000);
    expect(await live.held('ws:10.0.0.3', T0 + 60_000)).toBe(1);
    expect(await live.take('ws:10.0.0.3', 'live#2', 2, 60_000, T0 + 60_000)).toBe(true);
    expect(await live.take('ws:10.0.0.3', 'live#3', 2, 60_000, T0 + 60_000)).toBe(false);
  });
});

describe.each(backends)('failure counting and the socket cap on the $name store', ({ pair }) => {
  it('a lockout reached through two processes holds on both, and exactly one failure reports reaching it', async () => {
    const [a, b] = pair();
    let now = T0;
    const clock = () => now;
    const [onA, onB] = [new FailureLimiter(4, a, HOUR, clock), new FailureLimiter(4, b, HOUR, clock)];
    const reached = await Promise.all([onA, onB, onA, onB].map((l) => l.recordFailure('login-ip:1.2.3.4')));
    expect(reached.filter(Boolean)).toHaveLength(1);
    expect(await onA.isBlocked('login-ip:1.2.3.4')).toBe(true);
    expect(await onB.isBlocked('login-ip:1.2.3.4')).toBe(true);
    now += HOUR;
    expect(await onB.isBlocked('login-ip:1.2.3.4')).toBe(false);
  });

  it('password work per minute is counted over both processes: a user spread across them still gets ten', async () => {
    const [a, b] = pair();
    const clock = () => T0;
    const gates = [
      new PasswordGate(DEFAULT_PASSWORD_GUARD, a, clock),
      new PasswordGate(DEFAULT_PASSWORD_GUARD, b, clock),
    ];
    const outcomes: string[] = [];
    for (let i = 0; i < 12; i++) {
      outcomes.push(
        await gates[i % 2]
          .run({ address: `10.2.0.${i}`, user: 'user:42' }, async () => 'ran')
          .catch(() => 'refused'),
      );
    }
    expect(outcomes.filter((o) => o === 'ran')).toHaveLength(10);
    expect(outcomes.slice(10)).toEqual(['refused', 'refused']);
  });

  it('failures of one account from one address count apart from the same account elsewhere, on both processes', async () => {
    const [a, b] = pair();
    const clock = () => T0;
    const [onA, onB] = [new FailureLimiter(100, a, HOUR, clock), new FailureLimiter(100, b, HOUR, clock)];
    for (let i = 0; i < 10; i++) await (i % 2 ? onA : onB).recordFailure('login-account:9@10.3.0.1', 10);
    expect(await onB.isBlocked('login-account:9@10.3.0.1', 10)).toBe(true);
    expect(await onA.failuresOf('login-account:9@10.3.0.5')).toBe(0);
  });

  it('the socket cap counts the sockets of both processes and frees a place when a connection closes', async () => {
    const [a, b] = pair();
    const onA = new SiteSocketCap(a, 2, 'node-a');
    const onB = new SiteSocketCap(b, 2, 'node-b');
    const first = new FakeConnection();
    expect(await onA.admit('10.1.0.1', first.socket)).toBe(true);
    expect(await onB.admit('10.1.0.1', new FakeConnection().socket)).toBe(true);
    expect(await onA.admit('10.1.0.1', new FakeConnection().socket)).toBe(false);
    expect(await onB.admit('10.1.0.2', new FakeConnection().socket)).toBe(true);
    first.close();
    expect(await until(async () => onB.admit('10.1.0.1', new FakeConnection().socket))).toBe(true);
    await Promise.all([onA.close(), onB.close()]);
    expect(await a.held('ws:10.1.0.1', Date.now())).toBe(0);
  });
});

/** The TCP socket of an upgrade request, as far as the cap looks at it. */
class FakeConnection {
  private readonly listeners: Array<() => void> = [];
  readonly socket = {
    destroyed: false,
    once: (_event: 'close', listener: () => void) => this.listeners.push(listener),
  } as unknown as import('node:stream').Duplex;

  close(): void {
    (this.socket as { destroyed: boolean }).destroyed = true;
    for (const listener of this.listeners.splice(0)) listener();
  }
}

async function until(check: () => Promise<boolean>, ms = 2_000): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
}
