// The database goes away under a running server (a TCP fault proxy between them cuts the line) and
// comes back. Requests answer 503 `unavailable` with Retry-After, quickly, never 500 nor a misleading
// 4xx; a table that could not deal during the cut deals again by itself once the database is back.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableServerMessage } from '@tenger/protocol';
import { BALANCED, startTestServer, type TestPlayer, type TestServer } from '../testing/testServer.js';
import { WsClient } from '../testing/wsClient.js';
import { TableRegistry } from '../tables/runtime/tableRegistry.js';
import { createTestTable, FAST_TIMING } from '../testing/testTables.js';
import { FaultProxy } from './faultProxy.js';
import { outageOf } from './outage.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
/** The pause before a deal: long enough to cut the line between the second SIT and the deal. */
const DEAL_PAUSE_MS = 400;
/** An outage must be answered within this (a refused connection is answered at once). */
const QUICK_MS = 3_000;
/** The test database's pool (testing/database.ts). */
const POOL_SIZE = 30;

describe.runIf(databaseUrl)('a database outage under a running server (PostgreSQL)', () => {
  let proxy: FaultProxy;
  let t: TestServer;
  let base: string;

  beforeAll(async () => {
    const target = new URL(databaseUrl!);
    proxy = await FaultProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    t = await startTestServer({
      databaseUrl: proxy.through(databaseUrl!),
      tableLayer: (services) =>
        new TableRegistry(services, {
          durableSeats: true,
          timing: { ...FAST_TIMING, actionTimeMs: 60_000, nextHandDelayMs: DEAL_PAUSE_MS },
        }),
    });
    base = (await t.server.listen()).replace('http', 'ws');
  });
  afterAll(async () => {
    proxy.heal();
    await t.close();
    await proxy.close();
  });

  async function seatedAt(tableId: number, player: TestPlayer, seat: number) {
    const client = await WsClient.open<TableServerMessage>(`${base}/ws/table/${tableId}`);
    client.send({ type: 'AUTH', token: player.token, requestId: 'auth' });
    await client.waitFor((f) => f.type === 'SNAPSHOT' && f.viewer.userId === player.id);
    client.send({ type: 'SIT', seat, amount: 5_000, requestId: 'sit' });
    await client.waitFor((f) => (f.type === 'ACK' || f.type === 'REJECT') && f.requestId === 'sit');
    return client;
  }

  async function expectUnavailable(request: Parameters<TestServer['call']>[0]) {
    const began = Date.now();
    const response = await t.call(request);
    expect({ status: response.statusCode, body: response.json() }).toMatchObject({
      status: 503,
      body: { error: { code: 'unavailable' } },
    });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(Date.now() - began).toBeLessThan(QUICK_MS);
  }

  it('requests answer 503 unavailable during the cut; after it the table deals again and the books balance', async () => {
    const table = await createTestTable(t);
    const [alice, bob] = [await t.player(20_000), await t.player(20_000)];
    const a = await seatedAt(table.id, alice, 0);
    const b = await seatedAt(table.id, bob, 1);
    // The deal is due DEAL_PAUSE_MS after the second SIT: the database is gone by then.
    proxy.cut();

    await expectUnavailable({ method: 'GET', url: '/api/v1/user/me', token: alice.token });
    await expectUnavailable({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { username: bob.username, password: 'player-password' },
    });
    await expectUnavailable({
      method: 'POST',
      url: '/api/v1/user/withdrawal',
      token: alice.token,
      payload: { amount: 2_000 },
    });
    await expectUnavailable({
      method: 'PATCH',
      url: '/api/v1/user/me',
      token: alice.token,
      payload: { bank: 'Khan Bank', accountNumber: '5000123456', currentPassword: 'player-password' },
    });
    // Whatever is answered from memory may answer; nothing is a 500.
    const lobby = await t.call({ method: 'GET', url: '/api/v1/user/tables' });
    expect([200, 503]).toContain(lobby.statusCode);
    // Long enough for the deal to have been tried (and failed) with the database away.
    await new Promise((resolve) => setTimeout(resolve, DEAL_PAUSE_MS * 3));
    const isDeal = (f: TableServerMessage) => f.type === 'EVENT' && f.event.type === 'hand-started';
    expect(a.frames.some(isDeal)).toBe(false);

    proxy.heal();
    await Promise.all([a.waitFor(isDeal, 15_000), b.waitFor(isDeal, 15_000)]);
    const me = await t.call({ method: 'GET', url: '/api/v1/user/me', token: alice.token });
    expect(me.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    a.close();
    b.close();
    expect(await t.audit()).toEqual(BALANCED);
  });

  it('transactions that fail at BEGIN during a cut give their connections back: the pool serves after it', async () => {
    // A full pool of idle connections, handed out before the pool hears that the cut reset them.
    await Promise.all(
      Array.from({ length: POOL_SIZE }, () => t.services.db.execute(sql`SELECT pg_sleep(0.05)`)),
    );
    expect(t.database.poolStats!().idle).toBe(POOL_SIZE);
    proxy.cut();
    const attempts = Array.from({ length: POOL_SIZE + 10 }, () =>
      t.services.ledger
        .inTransaction(async (tx) => tx.execute(sql`SELECT 1`))
        .then(
          () => 'ran',
          (error: unknown) => outageOf(error) ?? String(error),
        ),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.every((o) => o !== 'ran')).toBe(true);
    proxy.heal();
    const began = Date.now();
    const after = t.services.ledger.inTransaction(async (tx) => tx.execute(sql`SELECT 1`));
    const late = new Promise((resolve) => setTimeout(() => resolve('the pool is exhausted'), QUICK_MS));
    expect(await Promise.race([after.then(() => 'ran'), late])).toBe('ran');
    expect(Date.now() - began).toBeLessThan(QUICK_MS);
    expect(t.database.poolStats!().waiting).toBe(0);
  });

  it('/readyz says the database is unreachable while the line is cut', async () => {
    proxy.cut();
    try {
      const ready = await t.call({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ checks: { database: 'unreachable' } });
    } finally {
      proxy.heal();
    }
  });
});
