// The admin System page's data: every process's figures, whichever process answers.
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { SystemStatusSchema } from '@tenger/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisBus, type BusHandler, type ClusterBus } from '../cluster/clusterBus.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { ProcessRoster, REPORT_EVERY_MS, type RosterSources } from './processRoster.js';

const REDIS = process.env.TEST_REDIS_URL;

/** Several processes' buses on one in-memory line: each message reaches every process, tagged with its sender. */
function sharedLine() {
  const line = new EventEmitter().setMaxListeners(0);
  return (nodeId: string): ClusterBus => ({
    nodeId,
    async publish(channel, data) {
      line.emit(channel, data, nodeId);
    },
    subscribe<T>(channel: string, handler: BusHandler<T>) {
      const listener = (data: T, from: string) => handler(data, from);
      line.on(channel, listener);
      return () => line.off(channel, listener);
    },
    async close() {},
  });
}

function sources(bus: ClusterBus, tables: number): RosterSources {
  return {
    bus,
    shared: true,
    tablesOwned: () => tables,
    sockets: { count: (channel) => (channel === 'table' ? 2 : 1) },
    readiness: async () => ({
      ready: true,
      checks: { database: 'ok', migrations: 'ok', redis: 'ok', draining: 'ok' },
    }),
  };
}

const until = async (check: () => Promise<boolean>, ms = 5_000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 10)))
    if (await check()) return true;
  return check();
};

describe('the process roster', () => {
  it('a process that starts asks the others to report: each lists all, its own figures measured now', async () => {
    const bus = sharedLine();
    let now = 1_000_000;
    const clock = () => now;
    const a = new ProcessRoster(sources(bus('node-a'), 3), REPORT_EVERY_MS, clock);
    const b = new ProcessRoster(sources(bus('node-b'), 1), REPORT_EVERY_MS, clock);
    a.start();
    b.start(); // b's ask makes a report again at once: a learns of b, b of a
    await new Promise((r) => setImmediate(r));
    await until(
      async () => (await a.list()).processes.length === 2 && (await b.list()).processes.length === 2,
    );

    const fromB = SystemStatusSchema.parse(await b.list());
    expect(fromB.answeredBy).toBe('node-b');
    expect(fromB.processes.map((p) => [p.nodeId, p.tablesOwned, p.status])).toEqual([
      ['node-a', 3, 'live'],
      ['node-b', 1, 'live'],
    ]);
    const own = fromB.processes[1];
    expect(own.sockets).toEqual({ global: 1, table: 2 });
    expect(own.pid).toBe(process.pid);
    expect(own.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(own.memory.rssBytes).toBeGreaterThan(0);
    expect(own.ready).toBe(true);

    // a stops reporting (stopped, cut off, gone): silent after three intervals, forgotten after ten minutes.
    a.close();
    now += 3 * REPORT_EVERY_MS + 1;
    const later = await b.list();
    expect(later.processes.find((p) => p.nodeId === 'node-a')).toMatchObject({
      status: 'silent',
      ageSeconds: (3 * REPORT_EVERY_MS) / 1000,
    });
    now += 10 * 60_000;
    expect((await b.list()).processes.map((p) => p.nodeId)).toEqual(['node-b']);
    b.close();
  });

  it.skipIf(!REDIS)('over Redis pub/sub: two processes each answer for both', async () => {
    const prefix = `tenger-test-${randomBytes(4).toString('hex')}:`;
    const [busA, busB] = [new RedisBus(REDIS!, 'redis-a', prefix), new RedisBus(REDIS!, 'redis-b', prefix)];
    await Promise.all([busA.ready(), busB.ready()]);
    const a = new ProcessRoster(sources(busA, 2));
    const b = new ProcessRoster(sources(busB, 0));
    a.start();
    await busA.ready(); // a's subscriptions are in place before b asks
    b.start();
    try {
      expect(await until(async () => (await a.list()).processes.length === 2)).toBe(true);
      expect(await until(async () => (await b.list()).processes.length === 2)).toBe(true);
      expect((await a.list()).processes.map((p) => [p.nodeId, p.tablesOwned])).toEqual([
        ['redis-a', 2],
        ['redis-b', 0],
      ]);
    } finally {
      a.close();
      b.close();
      await Promise.all([busA.close(), busB.close()]);
    }
  });
});

describe('GET /api/v1/admin/system', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ config: { nodeId: 'system-test' } });
  });
  afterAll(() => t.close());

  it('answers an administrator with this process (one-process site), in the protocol schema', async () => {
    const response = await t.call({ method: 'GET', url: '/api/v1/admin/system', token: t.admin.token });
    expect(response.statusCode).toBe(200);
    const status = SystemStatusSchema.parse(response.json());
    expect(status.answeredBy).toBe('system-test');
    expect(status.processes).toHaveLength(1);
    expect(status.processes[0]).toMatchObject({
      nodeId: 'system-test',
      status: 'live',
      ready: true,
      checks: { database: 'ok', migrations: 'ok', draining: 'ok' },
      sockets: { global: 0, table: 0 },
    });
  });

  it('a player gets 403 and nobody signed in 401', async () => {
    const player = await t.player();
    const asPlayer = await t.call({ method: 'GET', url: '/api/v1/admin/system', token: player.token });
    expect(asPlayer.statusCode).toBe(403);
    expect(asPlayer.json().error.code).toBe('forbidden');
    const anonymous = await t.call({ method: 'GET', url: '/api/v1/admin/system' });
    expect(anonymous.statusCode).toBe(401);
  });
});
