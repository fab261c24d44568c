import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { openTestDatabase, TEST_DRIVERS } from '../testing/database.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { READINESS_CHECK_TIMEOUT_MS, ReadinessProbe } from './health.js';

describe.each(TEST_DRIVERS)('/healthz and /readyz on $name', ({ url }) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(() => t.close());

  it('a fresh server is alive and ready: database answers, migrations at head, not draining', async () => {
    const alive = await t.call({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'ok' });
    const ready = await t.call({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', draining: 'ok' },
    });
  });

  it('a database behind the newest migration is not ready', async () => {
    const [newest] = (
      (await t.services.db.execute(
        sql`SELECT id, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
      )) as unknown as { rows: Array<{ id: number; created_at: string }> }
    ).rows;
    await t.services.db.execute(
      sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE id = ${newest.id}`,
    );
    try {
      const ready = await t.call({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { migrations: 'behind' } });
    } finally {
      await t.services.db.execute(
        sql`UPDATE drizzle.__drizzle_migrations SET created_at = ${newest.created_at} WHERE id = ${newest.id}`,
      );
    }
    expect((await t.call({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('once a shutdown begins, readiness answers 503 while the process is still alive', async () => {
    t.server.operator.readiness.startDraining();
    const ready = await t.call({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { draining: 'draining' } });
    expect((await t.call({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('the Redis check of /readyz', () => {
  it('a Redis that does not answer makes the process unready within the check timeout', async () => {
    const database = await openTestDatabase();
    const redis = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, retryStrategy: () => 200 });
    redis.on('error', () => undefined);
    try {
      const began = Date.now();
      const readiness = await new ReadinessProbe(database.db, redis).check();
      expect(readiness).toMatchObject({ ready: false, checks: { database: 'ok', redis: 'unreachable' } });
      expect(Date.now() - began).toBeLessThan(READINESS_CHECK_TIMEOUT_MS + 500);
    } finally {
      redis.disconnect();
      await database.close();
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)('a Redis that answers is ready', async () => {
    const database = await openTestDatabase();
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    try {
      expect(await new ReadinessProbe(database.db, redis).check()).toMatchObject({
        ready: true,
        checks: { redis: 'ok' },
      });
    } finally {
      redis.disconnect();
      await database.close();
    }
  });
});
