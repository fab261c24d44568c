import type { FastifyInstance } from 'fastify';
import { TableLookSchema, type TableLook } from '@tenger/protocol';
import type { Services } from '../../../services.js';
import { requireUser } from '../../policies.js';
import { parseInput } from '../../validation.js';

/** GET/PUT /table-look: the felt colour and card back the player chose in the table's Settings. */
export function tableLookRoutes(app: FastifyInstance, services: Services): void {
  app.get('/table-look', async (request): Promise<TableLook> => {
    const user = await requireUser(services, request);
    return services.users.tableLook(user.id);
  });

  app.put('/table-look', async (request): Promise<TableLook> => {
    const user = await requireUser(services, request);
    const look = parseInput(TableLookSchema, request.body);
    return services.users.setTableLook(user.id, look);
  });
}
