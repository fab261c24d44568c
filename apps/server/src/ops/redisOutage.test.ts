// Redis goes away under a running process of a several-process site (a TCP fault proxy cuts the line)
// and comes back. Logins keep working quickly on this process's own counters; nothing answers 500;
// once Redis is back the process reads again what it caches (a settings change it could not hear).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestPlayer, type TestServer } from '../testing/testServer.js';
import { FaultProxy } from './faultProxy.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
/** Well under the seconds a login took when it waited on Redis retries (6–25 s). */
const QUICK_MS = 1_500;

describe.runIf(databaseUrl && redisUrl)('a Redis outage under a running process (PostgreSQL + Redis)', () => {
  let proxy: FaultProxy;
  let t: TestServer;
  let alice: TestPlayer;

  beforeAll(async () => {
    const target = new URL(redisUrl!);
    proxy = await FaultProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
    t = await startTestServer({
      databaseUrl,
      config: {
        redisUrl: proxy.through(redisUrl!),
        redisPrefix: `tenger-test-${randomBytes(4).toString('hex')}:`,
        nodeId: 'redis-outage',
      },
    });
    alice = await t.player(20_000);
  });
  afterAll(async () => {
    proxy.heal();
    await t.close();
    await proxy.close();
  });

  async function timed(request: Parameters<TestServer['call']>[0]) {
    const began = Date.now();
    const response = await t.call(request);
    return { status: response.statusCode, ms: Date.now() - began, body: response.json() };
  }

  const loginAs = (password: string) =>
    timed({ method: 'POST', url: '/api/v1/user/login', payload: { username: alice.username, password } });

  it('logins, wrong passwords, the profile and the lobby answer quickly without Redis; never a 500', async () => {
    proxy.cut();
    try {
      const login = await loginAs('player-password');
      expect(login.status).toBe(200);
      expect(login.ms).toBeLessThan(QUICK_MS);
      const wrong = await loginAs('not-the-password');
      expect(wrong.status).toBe(401);
      expect(wrong.ms).toBeLessThan(QUICK_MS);
      const me = await timed({ method: 'GET', url: '/api/v1/user/me', token: login.body.accessToken });
      expect(me.status).toBe(200);
      const lobby = await timed({ method: 'GET', url: '/api/v1/user/tables' });
      expect(lobby.status).toBe(200);
      expect(lobby.ms).toBeLessThan(QUICK_MS);
      const ready = await timed({ method: 'GET', url: '/readyz' });
      expect(ready).toMatchObject({
        status: 503,
        body: { checks: { redis: 'unreachable', database: 'ok' } },
      });
    } finally {
      proxy.heal();
    }
  });

  it('a settings change missed while Redis was away is read once Redis is back', async () => {
    const limits = async () =>
      (await t.call({ method: 'GET', url: '/api/v1/user/withdrawal/limits', token: alice.token })).json() as {
        min: number;
      };
    const before = (await limits()).min;
    proxy.cut();
    // Another process changes the settings; its announcement never reaches this one.
    await t.services.db.execute(
      sql`UPDATE site_settings SET value = jsonb_set(value, '{withdrawal,min}', ${String(before + 1_000)}::jsonb) WHERE id = 1`,
    );
    expect((await limits()).min).toBe(before);
    proxy.heal();
    let seen = before;
    for (let i = 0; i < 100 && seen === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = (await limits()).min;
    }
    expect(seen).toBe(before + 1_000);
    // Each connection comes back on its own reconnect schedule; then the process is ready again.
    let ready = 503;
    for (let i = 0; i < 100 && ready !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ready = (await t.call({ method: 'GET', url: '/readyz' })).statusCode;
    }
    expect(ready).toBe(200);
  });
});
