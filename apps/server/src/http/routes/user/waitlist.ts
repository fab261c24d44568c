import type { FastifyInstance } from 'fastify';
import { TableIdParamsSchema, type MessageResponse, type WaitlistsResponse } from '@tenger/protocol';
import type { Services } from '../../../services.js';
import { requireUser } from '../../policies.js';
import { presentWaitlist } from '../../presenters.js';
import { parseInput } from '../../validation.js';

/**
 * Not in the spec (issue 23): a full cash table's waiting list from the lobby. GET /tables/waitlists (the
 * counts, the caller's place and a seat held for the caller), POST and DELETE /tables/{id}/waitlist (join,
 * leave). The table runs them as the table channel's WAITLIST, with the same rules.
 */
export function waitlistRoutes(app: FastifyInstance, services: Services): void {
  app.get('/tables/waitlists', async (request): Promise<WaitlistsResponse> => {
    const user = await requireUser(services, request);
    const lists = services.tableLayer.waitlists();
    return { tables: [...lists].map(([tableId, list]) => presentWaitlist(tableId, list, user.id)) };
  });

  app.post('/tables/:id/waitlist', async (request): Promise<MessageResponse> => {
    const user = await requireUser(services, request);
    const { id } = parseInput(TableIdParamsSchema, request.params, 'table id');
    // Waiting for a seat one may not take would only hold up the others.
    await services.protection.refuseExcluded(user.id);
    await services.tableLayer.waitlist(id, user.id, true);
    return { message: 'On the waiting list' };
  });

  app.delete('/tables/:id/waitlist', async (request): Promise<MessageResponse> => {
    const user = await requireUser(services, request);
    const { id } = parseInput(TableIdParamsSchema, request.params, 'table id');
    await services.tableLayer.waitlist(id, user.id, false);
    return { message: 'Off the waiting list' };
  });
}
