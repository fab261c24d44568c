// The operator's instruments (Prometheus naming): what a process measures of its HTTP edge, its tables,
// its money and its dependencies. Served by ops/metricsServer.ts on METRICS_PORT, never on the public port.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { queryRows, type DatabaseHandle } from '../db/client.js';
import type { Services } from '../services.js';
import { tablesOwned, type SocketCounts } from './processFigures.js';
import { opsSignals, type OpsSignalName } from './signals.js';

/** Latency buckets (seconds) for HTTP answers and table commands: 1 ms to 10 s. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface MetricSources {
  services: Services;
  database: DatabaseHandle;
  app: FastifyInstance;
  sockets: SocketCounts;
}

/**
 * One process's metrics in their own registry (two servers in one test process stay apart, except for
 * the counters fed by ops/signals.ts, which every subscriber in the process hears).
 */
export class SiteMetrics {
  readonly registry = new Registry();
  private readonly unsubscribers: Array<() => void> = [];

  constructor(private readonly sources: MetricSources) {
    const { registry } = this;
    const { services, database } = sources;
    registry.setDefaultLabels({ node: services.config.nodeId });
    // process_*, nodejs_eventloop_lag_seconds, nodejs_heap_*: the process's own health.
    collectDefaultMetrics({ register: registry });
    const registers = [registry];

    const http = new Histogram({
      name: 'tenger_http_request_duration_seconds',
      help: 'HTTP answers by route pattern, method and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const rateLimited = new Counter({
      name: 'tenger_rate_limited_total',
      help: 'Requests refused with 429 (rate limits, password-work bounds, connection caps)',
      labelNames: ['route'],
      registers,
    });
    sources.app.addHook('onResponse', async (request, reply) => {
      // An unmatched URL counts under one label, so scanners cannot grow the series without bound.
      const route = request.routeOptions.url ?? 'unmatched';
      http.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      if (reply.statusCode === 429) rateLimited.inc({ route });
    });

    const tableCommand = new Histogram({
      name: 'tenger_table_command_seconds',
      help: 'A table command from arrival until its events were broadcast and it was acknowledged',
      labelNames: ['command', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const settlement = new Histogram({
      name: 'tenger_settlement_transaction_seconds',
      help: "A finished hand's settlement transaction (postings, hand record, fencing check)",
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const handsSettled = new Counter({
      name: 'tenger_hands_settled_total',
      help: 'Hands settled',
      registers,
    });
    const handsVoided = new Counter({
      name: 'tenger_hands_voided_total',
      help: 'Hands voided (crash, takeover, shutdown past the drain limit, a cancelled tournament)',
      labelNames: ['reason'],
      registers,
    });
    const postings = new Counter({
      name: 'tenger_ledger_postings_total',
      help: 'Ledger transactions committed by this process, by kind',
      labelNames: ['kind'],
      registers,
    });
    const loginFailures = new Counter({
      name: 'tenger_login_failures_total',
      help: 'Logins refused for a wrong name or password',
      registers,
    });
    const lockouts = new Counter({
      name: 'tenger_lockouts_total',
      help: 'Password-guessing limits reached (address, account from an address, account)',
      labelNames: ['scope'],
      registers,
    });
    const takeovers = new Counter({
      name: 'tenger_lease_takeovers_total',
      help: 'Tables taken over from another process whose lease lapsed',
      registers,
    });
    const fencing = new Counter({
      name: 'tenger_fencing_refusals_total',
      help: 'Money moves refused because the table had passed to another process (stale fencing token)',
      registers,
    });
    this.listen('tableCommand', (m) =>
      tableCommand.observe({ command: m.command, outcome: m.ok ? 'ack' : 'reject' }, m.seconds),
    );
    this.listen('handSettled', (m) => {
      settlement.observe(m.seconds);
      handsSettled.inc();
    });
    this.listen('handsVoided', (m) => handsVoided.inc({ reason: m.reason }, m.count));
    this.listen('posting', (m) => postings.inc({ kind: m.kind }));
    this.listen('loginFailure', () => loginFailures.inc());
    this.listen('lockout', (m) => lockouts.inc({ scope: m.scope }));
    this.listen('leaseTakeover', () => takeovers.inc());
    this.listen('fencingRefusal', () => fencing.inc());

    const { sockets } = sources;
    new Gauge({
      name: 'tenger_websockets',
      help: 'Open WebSockets on this process by channel',
      labelNames: ['channel'],
      registers,
      collect() {
        for (const channel of ['global', 'table'] as const) this.set({ channel }, sockets.count(channel));
      },
    });
    const layer = services.tableLayer as { ownership?: { held(): number[] } };
    new Gauge({
      name: 'tenger_tables_owned',
      help: 'Live tables this process runs (holds the lease of)',
      registers,
      collect() {
        this.set(tablesOwned(services.tableLayer));
      },
    });
    new Gauge({
      name: 'tenger_seated_players',
      help: 'Players seated at the tables this process runs',
      registers,
      async collect() {
        const counts = await services.tableLayer.seatedCounts();
        const here = layer.ownership ? new Set(layer.ownership.held()) : null;
        let seated = 0;
        for (const [tableId, count] of counts) if (!here || here.has(tableId)) seated += count;
        this.set(seated);
      },
    });
    new Gauge({
      name: 'tenger_tournaments_running',
      help: 'Tournaments in play (running or on a break), site-wide',
      registers,
      async collect() {
        await unlessDatabaseAway(async () => {
          const [row] = await queryRows<{ n: string | number }>(
            services.db,
            sql`SELECT count(*) AS n FROM tournaments WHERE status IN ('running', 'break')`,
          );
          this.set(Number(row?.n ?? 0));
        });
      },
    });
    new Gauge({
      name: 'tenger_books_sum_tugrik',
      help: 'The sum over every ledger account, site-wide: must read 0',
      registers,
      async collect() {
        await unlessDatabaseAway(async () => {
          const totals = await services.ledger.bookTotals();
          this.set(Object.values(totals).reduce((sum, amount) => sum + amount, 0));
        });
      },
    });
    if (database.poolStats) {
      const stats = database.poolStats;
      new Gauge({
        name: 'tenger_db_pool_connections',
        help: 'PostgreSQL pool connections by state (in_use, idle, waiting requests)',
        labelNames: ['state'],
        registers,
        collect() {
          const { total, idle, waiting } = stats();
          this.set({ state: 'in_use' }, total - idle);
          this.set({ state: 'idle' }, idle);
          this.set({ state: 'waiting' }, waiting);
        },
      });
    }
    const { redis } = services.cluster;
    if (redis) {
      new Gauge({
        name: 'tenger_redis_connected',
        help: 'Whether this process has a ready Redis connection (1) or not (0)',
        registers,
        collect() {
          this.set(redis.status === 'ready' ? 1 : 0);
        },
      });
    }
  }

  /** The scrape: Prometheus's text format. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  close(): void {
    for (const stop of this.unsubscribers.splice(0)) stop();
  }

  private listen<N extends OpsSignalName>(
    name: N,
    onMessage: (message: Parameters<(typeof opsSignals)[N]['publish']>[0]) => void,
  ): void {
    const channelName = opsSignals[name].channel.name as string;
    const handler = (message: unknown) => onMessage(message as never);
    subscribe(channelName, handler);
    this.unsubscribers.push(() => unsubscribe(channelName, handler));
  }
}

/** How long a scrape waits for a figure read from the database before it leaves the last value. */
const DATABASE_FIGURE_TIMEOUT_MS = 1_000;

/**
 * A figure read from the database: when the database is away (or slow) the gauge keeps its last value
 * and the rest of the scrape still answers; the outage shows in tenger_http_* and /readyz.
 */
async function unlessDatabaseAway(read: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, DATABASE_FIGURE_TIMEOUT_MS);
  });
  try {
    await Promise.race([read().catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}
