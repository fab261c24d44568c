import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';
import { TEST_DRIVERS } from '../testing/database.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';
import { handResults, seatFoldingPlayers } from '../testing/foldingPlayers.js';
import { TableRegistry } from '../tables/runtime/tableRegistry.js';
import { createTestTable, FAST_TIMING } from '../testing/testTables.js';
import { parseMetrics, sampleOf } from './metricsText.js';

describe.each(TEST_DRIVERS)('Prometheus metrics on $name', ({ url }) => {
  let t: TestServer;
  let base: string;
  let metricsUrl: string;

  beforeAll(async () => {
    t = await startTestServer({
      databaseUrl: url,
      config: { metricsPort: 0 },
      tableLayer: (services) =>
        new TableRegistry(services, { timing: { ...FAST_TIMING, actionTimeMs: 5_000 } }),
    });
    base = (await t.server.listen()).replace('http', 'ws');
    metricsUrl = `${t.server.operator.metricsAddress}/metrics`;
  });
  afterAll(() => t.close());

  async function scrape() {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return parseMetrics(await response.text());
  }

  it('a played hand, a failed login and the sockets show in the scrape; the books read 0', async () => {
    const table = await createTestTable(t);
    const [alice, bob] = [await t.player(20_000), await t.player(20_000)];
    const clients = await seatFoldingPlayers(base, table.id, [alice, bob]);
    await handResults(clients);
    // Settlement is announced after the result frame: scrape until it is counted (bounded).
    let metrics = await scrape();
    for (let i = 0; i < 100 && !sampleOf(metrics, 'tenger_hands_settled_total'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      metrics = await scrape();
    }
    const login = await t.call({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { username: alice.username, password: 'not-the-password' },
    });
    expect(login.statusCode).toBe(401);
    metrics = await scrape();

    expect(sampleOf(metrics, 'tenger_hands_settled_total')).toBeGreaterThanOrEqual(1);
    expect(sampleOf(metrics, 'tenger_settlement_transaction_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sampleOf(metrics, 'tenger_table_command_seconds_count', { command: 'SIT', outcome: 'ack' })).toBe(
      2,
    );
    expect(
      sampleOf(metrics, 'tenger_table_command_seconds_count', { command: 'ACTION', outcome: 'ack' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sampleOf(metrics, 'tenger_ledger_postings_total', { kind: 'buy_in' })).toBe(2);
    expect(sampleOf(metrics, 'tenger_ledger_postings_total', { kind: 'gameplay' })).toBeGreaterThanOrEqual(1);
    expect(sampleOf(metrics, 'tenger_websockets', { channel: 'table' })).toBe(2);
    expect(sampleOf(metrics, 'tenger_tables_owned')).toBeGreaterThanOrEqual(1);
    expect(sampleOf(metrics, 'tenger_seated_players')).toBe(2);
    expect(sampleOf(metrics, 'tenger_tournaments_running')).toBe(0);
    expect(sampleOf(metrics, 'tenger_books_sum_tugrik')).toBe(0);
    expect(sampleOf(metrics, 'tenger_login_failures_total')).toBe(1);
    expect(
      sampleOf(metrics, 'tenger_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/v1/user/login',
        status_code: '401',
      }),
    ).toBe(1);
    expect(sampleOf(metrics, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (url)
      expect(sampleOf(metrics, 'tenger_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    for (const client of clients) client.close();
  });

  it('every metric the alert rules and the Grafana dashboard name is one this process exports', async () => {
    const rules = ['prometheus/alerts.yml', 'grafana/tenger.json']
      .map((file) => readFileSync(path.join(REPO_ROOT, 'deploy', file), 'utf8'))
      .join('\n');
    const named = new Set(
      [...rules.matchAll(/\b(tenger_\w+?|nodejs_\w+?)(?:_bucket|_count|_sum)?\b/g)].map((m) => m[1]),
    );
    const text = await (await fetch(metricsUrl)).text();
    const exported = new Set([...text.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]));
    // Exported only where they mean something: Redis with REDIS_URL, the pool on PostgreSQL.
    const optional = new Set(['tenger_redis_connected', ...(url ? [] : ['tenger_db_pool_connections'])]);
    const missing = [...named].filter((name) => !exported.has(name) && !optional.has(name));
    expect(named.size).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });

  it('metrics are not served on the public port', async () => {
    const response = await t.call({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
  });
});
