import type { FastifyInstance } from 'fastify';
import {
  CreateTableRequestSchema,
  KickQuerySchema,
  OptionalTableIdQuerySchema,
  TableIdQuerySchema,
  UpdateTableRequestSchema,
  type AdminTable,
  type MessageResponse,
  type TableSession,
} from '@tenger/protocol';
import { AppError, notFound } from '../../../errors.js';
import type { Services } from '../../../services.js';
import type { TableRow } from '../../../tables/tableCatalogue.js';
import { presentAdminTable } from '../../presenters.js';
import { parseInput } from '../../validation.js';
import { actorOf } from './adminContext.js';

/**
 * Tables and their live sessions: the calls reach the table catalogue and the table layer, which owns
 * live play; both write the audit rows of what an administrator changed.
 */
export function adminTableRoutes(app: FastifyInstance, services: Services): void {
  const present = async (row: TableRow): Promise<AdminTable> => {
    const seated = (await services.tableLayer.seatedCounts()).get(row.id) ?? 0;
    const layer = services.tableLayer;
    return presentAdminTable(row, seated, layer.isPlaying(row.id), layer.isSimulating(row.id));
  };

  app.get('/table', async (): Promise<AdminTable[]> =>
    Promise.all((await services.tables.cashTables()).map(present)),
  );

  app.post('/table', async (request, reply): Promise<AdminTable> => {
    const body = parseInput(CreateTableRequestSchema, request.body);
    const row = await services.tables.create(body, actorOf(request));
    reply.status(201);
    return present(row);
  });

  app.patch('/table', async (request): Promise<AdminTable> => {
    const { tableId: fromQuery } = parseInput(OptionalTableIdQuerySchema, request.query, 'query');
    const { tableId: fromBody, ...change } = parseInput(UpdateTableRequestSchema, request.body);
    const tableId = fromBody ?? fromQuery;
    if (tableId === undefined) {
      throw new AppError(400, 'validation_failed', 'tableId is required', { tableId: 'Required' });
    }
    const row = await services.tables.update(tableId, change, actorOf(request));
    return present(row);
  });

  app.delete('/table', async (request): Promise<MessageResponse> => {
    const { tableId } = parseInput(TableIdQuerySchema, request.query, 'query');
    await services.tables.get(tableId);
    const session = await services.tableLayer.session(tableId);
    if (session.seats.length > 0) {
      throw new AppError(
        409,
        'table_busy',
        'Players are seated at this table; kick them or wait until they leave',
      );
    }
    await services.tableLayer.stopSimulation(tableId);
    await services.tables.remove(tableId, actorOf(request));
    return { message: 'Table deleted' };
  });

  app.get('/table/session', async (request): Promise<TableSession> => {
    const { tableId } = parseInput(TableIdQuerySchema, request.query, 'query');
    const table = await services.tables.get(tableId);
    const session = await services.tableLayer.session(tableId);
    return { tableId, ...session, status: table.closed ? 'closed' : session.status };
  });

  app.delete('/table/kick', async (request): Promise<MessageResponse> => {
    const { tableId, userId, reason } = parseInput(KickQuerySchema, request.query, 'query');
    await services.tables.get(tableId);
    if (!(await services.tableLayer.kick(tableId, userId, actorOf(request), reason || undefined)))
      throw notFound('Seated player');
    return { message: 'Player removed from the table' };
  });

  // The spec's client reads the simulation responses as text.
  app.put('/table/simulate', async (request, reply) => {
    const { tableId } = parseInput(TableIdQuerySchema, request.query, 'query');
    await services.tables.get(tableId);
    await services.tableLayer.startSimulation(tableId, actorOf(request));
    return reply.type('text/plain; charset=utf-8').send('Simulation started');
  });

  app.delete('/table/simulate', async (request, reply) => {
    const { tableId } = parseInput(TableIdQuerySchema, request.query, 'query');
    await services.tables.get(tableId);
    await services.tableLayer.stopSimulation(tableId, actorOf(request));
    return reply.type('text/plain; charset=utf-8').send('Simulation stopped');
  });
}
