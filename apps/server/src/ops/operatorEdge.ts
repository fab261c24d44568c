// What an operator's tools talk to: /healthz and /readyz on the public port (the load balancer's
// probes), and /metrics on METRICS_PORT only (loopback by default), never on the public port. The API
// reference (/api/openapi.json, /api/docs) and the admin System page's GET /api/v1/admin/system (every
// process's figures, ops/processRoster.ts) are registered here too.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';
import { apiReferenceRoutes } from '../http/apiReference.js';
import { ADMIN_API } from '../http/app.js';
import { requireAdmin } from '../http/policies.js';
import type { Services } from '../services.js';
import { ReadinessProbe } from './health.js';
import { SiteMetrics } from './metrics.js';
import { countSockets, tablesOwned } from './processFigures.js';
import { ProcessRoster } from './processRoster.js';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
export const METRICS_PATH = '/metrics';

export interface OperatorEdge {
  readiness: ReadinessProbe;
  metrics: SiteMetrics | null;
  /** Every process's figures for the admin System page. */
  roster: ProcessRoster;
  /** Where /metrics is served once listening (http://host:port), or null (METRICS_PORT unset). */
  readonly metricsAddress: string | null;
  /** Starts the metrics listener when METRICS_PORT is set; its address, or null. */
  listen(): Promise<string | null>;
  close(): Promise<void>;
}

export function installOperatorEdge(
  app: FastifyInstance,
  services: Services,
  database: DatabaseHandle,
): OperatorEdge {
  const readiness = new ReadinessProbe(services.db, services.cluster.redis);
  const sockets = countSockets(app);
  const roster = new ProcessRoster({
    bus: services.cluster.bus,
    shared: services.cluster.shared,
    sockets,
    tablesOwned: () => tablesOwned(services.tableLayer),
    readiness: () => readiness.check(),
  });
  roster.start();
  // The admin API's guard, as on every other admin route (http/app.ts): ADMIN and its second factor.
  app.get(
    `${ADMIN_API}/system`,
    { onRequest: async (request) => void (await requireAdmin(services, request)) },
    async () => roster.list(),
  );
  apiReferenceRoutes(app);
  const noStore = { 'cache-control': 'no-store' };
  app.get(HEALTH_PATH, async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));
  app.get(READY_PATH, async (_request, reply) => {
    const { ready, checks } = await readiness.check();
    return reply
      .status(ready ? 200 : 503)
      .headers(noStore)
      .send({ status: ready ? 'ready' : 'unavailable', checks });
  });

  const { metricsPort, metricsHost } = services.config;
  const metrics = metricsPort === undefined ? null : new SiteMetrics({ services, database, app, sockets });
  let server: http.Server | null = null;
  return {
    readiness,
    metrics,
    roster,
    metricsAddress: null,
    async listen() {
      if (!metrics || metricsPort === undefined) return null;
      server = http.createServer((request, response) => void serveMetrics(metrics, request, response));
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(metricsPort, metricsHost, () => resolve());
      });
      const { address, port } = server.address() as AddressInfo;
      const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
      (this as { metricsAddress: string | null }).metricsAddress = url;
      return url;
    },
    async close() {
      roster.close();
      metrics?.close();
      const listening = server;
      server = null;
      if (listening) {
        listening.closeAllConnections();
        await new Promise((resolve) => listening.close(resolve));
      }
    },
  };
}

async function serveMetrics(
  metrics: SiteMetrics,
  request: http.IncomingMessage,
  response: http.ServerResponse,
): Promise<void> {
  if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    return;
  }
  try {
    const { contentType, body } = await metrics.scrape();
    response.writeHead(200, { 'content-type': contentType }).end(body);
  } catch (error) {
    // A collector that could not read (the database is away): the scrape fails, Prometheus marks it.
    response.writeHead(503, { 'content-type': 'text/plain' }).end(`scrape failed: ${String(error)}\n`);
  }
}
