import type { FastifyInstance } from 'fastify';
import {
  BlockNameParamsSchema,
  type BanksResponse,
  type ContentBlock,
  type Jackpot,
  type Maintenance,
  type SeatedTablesResponse,
  type TablesResponse,
} from '@tenger/protocol';
import { NO_FIGURES, TableFiguresCache } from '../../../hands/tableFigures.js';
import { tablesSeatedAt } from '../../../ledger/ledgerReads.js';
import type { Services } from '../../../services.js';
import { requireUser } from '../../policies.js';
import { presentTableSummary } from '../../presenters.js';
import { parseInput } from '../../validation.js';

/** Public reads: GET /tables, /maintenance, /block/{name}, /jackpot, /banks. */
export function lobbyRoutes(app: FastifyInstance, services: Services): void {
  // Per-table figures over the last hour: one aggregate query, re-read at most every 30 s (left out
  // when they cannot be read).
  const figures = new TableFiguresCache(services.db);
  app.get('/tables', async (): Promise<TablesResponse> => {
    const [tables, seated, lastHour] = await Promise.all([
      services.tables.cashTables(),
      services.tableLayer.seatedCounts(),
      figures.get(),
    ]);
    return tables.map((t) => ({
      ...presentTableSummary(t, seated.get(t.id) ?? 0, services.tableLayer.isPlaying(t.id)),
      ...(lastHour ? (lastHour.get(t.id) ?? NO_FIGURES) : {}),
    }));
  });

  // Not in the spec: the tables where the caller sits, so the lobby can mark them.
  app.get('/tables/seated', async (request): Promise<SeatedTablesResponse> => {
    const user = await requireUser(services, request);
    return { tableIds: await tablesSeatedAt(services.db, user.id) };
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
