// Several processes of one site inside one test process: servers on one PostgreSQL database (a pool of
// its own each, as separate processes would have) and one Redis, each with its own NODE_ID and a key
// prefix shared by them and no other test run. Requests go through Fastify's inject.
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import type { ServerConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { createServer, type TengerServer } from '../server.js';
import { openTestDatabase } from './database.js';
import { testConfig } from './testServer.js';

export interface SiteNode {
  server: TengerServer;
  /** The node's WebSocket origin (ws://127.0.0.1:port). */
  ws: string;
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Stops this process (graceful: its leases go at once); the site's close() skips it after. */
  stop(): Promise<void>;
}

export interface Site {
  nodes: SiteNode[];
  /** A new player registered through the first node; `token` is one session of theirs. */
  player(): Promise<{ id: number; username: string; token: string }>;
  close(): Promise<void>;
}

/** Starts one server per node id on a fresh PostgreSQL database; `remoteAddress` for every inject. */
export async function startSite(
  postgresUrl: string,
  redisUrl: string,
  nodeIds: string[],
  options: { config?: Partial<ServerConfig>; remoteAddress?: string } = {},
): Promise<Site> {
  const database: DatabaseHandle & { databaseUrl?: string } = await openTestDatabase(postgresUrl);
  const prefix = `tenger-test-${randomBytes(4).toString('hex')}:`;
  const handles: DatabaseHandle[] = [database];
  const nodes: SiteNode[] = [];
  const stopped = new Set<SiteNode>();
  for (const nodeId of nodeIds) {
    const handle = nodes.length === 0 ? database : await openDatabase({ databaseUrl: database.databaseUrl });
    if (handle !== database) handles.push(handle);
    const config = testConfig({
      databaseUrl: database.databaseUrl,
      redisUrl,
      redisPrefix: prefix,
      nodeId,
      ...options.config,
    });
    const server = await createServer({ config, database: handle, logger: pino({ level: 'silent' }) });
    const ws = (await server.listen()).replace(/^http/, 'ws');
    const node: SiteNode = {
      server,
      ws,
      call: ({ token, ...inject }) =>
        server.app.inject({
          ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
          ...inject,
          headers: {
            ...(inject.headers as object),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        }),
      stop: async () => {
        stopped.add(node);
        await server.close();
      },
    };
    nodes.push(node);
  }
  let players = 0;
  return {
    nodes,
    async player() {
      const username = `site${++players}_${randomBytes(3).toString('hex')}`;
      const { user, accessToken } = await nodes[0]!.server.services.auth.register(
        {
          username,
          email: `${username}@test.mn`,
          password: 'player-password',
          repeatPassword: 'player-password',
          acceptTerms: true,
          bank: 'Khan Bank',
          accountNumber: '5000123456',
        },
        'test',
      );
      return { id: user.id, username, token: accessToken };
    },
    async close() {
      for (const node of nodes) if (!stopped.has(node)) await node.server.close();
      for (const handle of handles.reverse()) await handle.close();
    },
  };
}
