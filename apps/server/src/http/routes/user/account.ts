import type { FastifyInstance } from 'fastify';
import {
  UpdateMeRequestSchema,
  UserSearchQuerySchema,
  type Me,
  type UserSearchResponse,
} from '@tenger/protocol';
import type { Services } from '../../../services.js';
import { requireUser } from '../../policies.js';
import { presentMe } from '../../presenters.js';
import { parseInput } from '../../validation.js';

/** GET/PATCH /me and GET /search. */
export function accountRoutes(app: FastifyInstance, services: Services): void {
  app.get('/me', async (request): Promise<Me> => {
    const user = await requireUser(services, request);
    return presentMe(user, await services.ledger.balancesOf(user.id));
  });

  app.patch('/me', async (request): Promise<Me> => {
    const user = await requireUser(services, request);
    const change = parseInput(UpdateMeRequestSchema, request.body);
    const updated = await services.users.updateMe(user.id, change);
    if (change.newPassword) {
      // A new password signs out every session, this one included: the player logs in again.
      await services.auth.revokeAll(user.id);
    }
    return presentMe(updated, await services.ledger.balancesOf(user.id));
  });

  app.get('/search', async (request): Promise<UserSearchResponse> => {
    await requireUser(services, request);
    const { q } = parseInput(UserSearchQuerySchema, request.query, 'query');
    return { items: await services.users.searchPublic(q) };
  });
}
