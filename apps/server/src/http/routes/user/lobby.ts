import type { FastifyInstance } from 'fastify';
import {
  BlockNameParamsSchema,
  type BanksResponse,
  type ContentBlock,
  type Jackpot,
  type Maintenance,
  type TablesResponse,
} from '@tenger/protocol';
import type { Services } from '../../../services.js';
import { presentTableSummary } from '../../presenters.js';
import { parseInput } from '../../validation.js';

/** Public reads: GET /tables, /maintenance, /block/{name}, /jackpot, /banks. */
export function lobbyRoutes(app: FastifyInstance, services: Services): void {
  app.get('/tables', async (): Promise<TablesResponse> => {
    const [tables, seated] = await Promise.all([services.tables.list(), services.tableLayer.seatedCounts()]);
    return tables.map((t) =>
      presentTableSummary(t, seated.get(t.id) ?? 0, services.tableLayer.isPlaying(t.id)),
    );
  });

  app.get('/maintenance', async (): Promise<Maintenance> => {
    const { maintenance } = await services.settings.get();
    return { enabled: maintenance.enabled, message: maintenance.message, messages: maintenance.messages };
  });

  app.get('/block/:name', async (request): Promise<ContentBlock> => {
    const { name } = parseInput(BlockNameParamsSchema, request.params, 'block name');
    return services.blocks.get(name);
  });

  app.get('/jackpot', async (): Promise<Jackpot> => ({ amount: await services.ledger.jackpotAmount() }));

  app.get('/banks', async (): Promise<BanksResponse> => ({ banks: (await services.settings.get()).banks }));
}
