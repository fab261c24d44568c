// Figures of this one process that both the metrics (ops/metrics.ts) and the admin System page
// (ops/processRoster.ts) read: open WebSockets per channel, and the tables it runs.
import type { FastifyInstance } from 'fastify';
import type { TableLayer } from '../tables/tableLayer.js';

export type SocketChannel = 'global' | 'table';

export interface SocketCounts {
  count(channel: SocketChannel): number;
}

/** Each upgrade to a socket counts on its channel until the connection closes. */
export function countSockets(app: FastifyInstance): SocketCounts {
  const open = new Map<SocketChannel, number>();
  app.addHook('onRequest', async (request) => {
    if (!request.ws) return;
    const channel: SocketChannel = request.url.startsWith('/ws/table') ? 'table' : 'global';
    open.set(channel, (open.get(channel) ?? 0) + 1);
    request.raw.socket.once('close', () => open.set(channel, (open.get(channel) ?? 1) - 1));
  });
  return { count: (channel) => open.get(channel) ?? 0 };
}

/** The tables this process holds the lease of (0 for a table layer without ownership). */
export function tablesOwned(layer: TableLayer): number {
  return (layer as { ownership?: { held(): number[] } }).ownership?.held().length ?? 0;
}
