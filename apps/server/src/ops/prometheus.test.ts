// Debian's Prometheus (`apt-get install prometheus`, .ci/run) scrapes a running test server through a
// generated config, and its own HTTP API answers for the target and the table figures. The files in
// deploy/prometheus/ pass promtool. Skipped (with a message) only where the binaries are not installed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';
import { TableRegistry } from '../tables/runtime/tableRegistry.js';
import { handResults, seatFoldingPlayers, type TableClient } from '../testing/foldingPlayers.js';
import { createTestTable, FAST_TIMING } from '../testing/testTables.js';
import { startTestServer, type TestServer } from '../testing/testServer.js';

const PROMETHEUS = process.env.PROMETHEUS_BIN ?? '/usr/bin/prometheus';
const PROMTOOL = process.env.PROMTOOL_BIN ?? '/usr/bin/promtool';
const hasPrometheus = existsSync(PROMETHEUS);
const hasPromtool = existsSync(PROMTOOL);
/** Prometheus starts, reads its WAL and scrapes every second: a first answer comes within seconds. */
const SCRAPE_DEADLINE_MS = 45_000;

if (!hasPrometheus)
  console.warn(`prometheus.test: skipped, ${PROMETHEUS} is not installed (apt-get install prometheus)`);

describe.skipIf(!hasPrometheus)("Debian's Prometheus scrapes a running server", () => {
  let t: TestServer;
  let prometheus: ChildProcess;
  let api: string;
  let dir: string;
  let output = '';
  let clients: TableClient[] = [];

  beforeAll(async () => {
    t = await startTestServer({
      config: { metricsPort: 0 },
      tableLayer: (services) =>
        new TableRegistry(services, { timing: { ...FAST_TIMING, actionTimeMs: 5_000 } }),
    });
    const base = (await t.server.listen()).replace('http', 'ws');
    // A table with two players, so that the table figures are about something.
    const table = await createTestTable(t);
    clients = await seatFoldingPlayers(base, table.id, [await t.player(20_000), await t.player(20_000)]);
    await handResults(clients);

    const target = new URL(t.server.operator.metricsAddress!).host;
    dir = mkdtempSync(path.join(tmpdir(), 'tenger-prometheus-'));
    writeFileSync(
      path.join(dir, 'prometheus.yml'),
      [
        'global:',
        '  scrape_interval: 1s',
        '  scrape_timeout: 1s',
        '  evaluation_interval: 1s',
        'scrape_configs:',
        '  - job_name: tenger',
        '    metrics_path: /metrics',
        '    static_configs:',
        `      - targets: ['${target}']`,
        '',
      ].join('\n'),
    );
    const port = await freePort();
    api = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--log.level=warn',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    prometheus.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    if (prometheus && prometheus.exitCode === null) {
      const exited = new Promise((resolve) => prometheus.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Asks Prometheus's HTTP API until `accept` holds for the answer (no fixed sleep), or fails at the deadline. */
  async function queryUntil(query: string, accept: (values: Sample[]) => boolean): Promise<Sample[]> {
    const deadline = Date.now() + SCRAPE_DEADLINE_MS;
    let last: unknown = null;
    while (Date.now() < deadline) {
      if (prometheus.exitCode !== null)
        throw new Error(`prometheus exited (${prometheus.exitCode}): ${output}`);
      const answer = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(query)}`)
        .then((r) => r.json() as Promise<QueryAnswer>)
        .catch((error: unknown) => ({ status: 'unreachable', error: String(error) }) as QueryAnswer);
      last = answer;
      if (answer.status === 'success' && accept(answer.data.result)) return answer.data.result;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(
      `no answer to ${query} within ${SCRAPE_DEADLINE_MS} ms; last ${JSON.stringify(last)}\n${output}`,
    );
  }

  it('Prometheus scrapes the server: up == 1, the books sum 0, the table is owned and its players seated', async () => {
    const up = await queryUntil('up{job="tenger"} == 1', (r) => r.length === 1);
    expect(up[0].metric.job).toBe('tenger');
    expect(up[0].value[1]).toBe('1');

    const books = await queryUntil('tenger_books_sum_tugrik', (r) => r.length === 1);
    expect(books[0].metric.node).toBe(t.services.config.nodeId);
    expect(Number(books[0].value[1])).toBe(0);
    const owned = await queryUntil('tenger_tables_owned', (r) => r.length === 1);
    expect(Number(owned[0].value[1])).toBeGreaterThanOrEqual(1);
    const seated = await queryUntil('tenger_seated_players', (r) => r.length === 1);
    expect(Number(seated[0].value[1])).toBe(2);
    const settled = await queryUntil('tenger_hands_settled_total', (r) => r.length === 1);
    expect(Number(settled[0].value[1])).toBeGreaterThanOrEqual(1);
  });
});

describe.skipIf(!hasPromtool)('promtool accepts deploy/prometheus', () => {
  const folder = path.join(REPO_ROOT, 'deploy', 'prometheus');

  it('check config (prometheus.yml and the rule files it names)', () => {
    const run = spawnSync(PROMTOOL, ['check', 'config', path.join(folder, 'prometheus.yml')], {
      encoding: 'utf8',
    });
    expect(run.stdout + run.stderr).toContain('SUCCESS');
    expect(run.status).toBe(0);
  });

  it('check rules (alerts.yml)', () => {
    const run = spawnSync(PROMTOOL, ['check', 'rules', path.join(folder, 'alerts.yml')], {
      encoding: 'utf8',
    });
    expect(run.stdout + run.stderr).toMatch(/SUCCESS: \d+ rules found/);
    expect(run.status).toBe(0);
  });
});

interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}
interface QueryAnswer {
  status: string;
  data: { result: Sample[] };
  error?: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
