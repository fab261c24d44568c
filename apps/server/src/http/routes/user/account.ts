import type { FastifyInstance } from 'fastify';
import {
  UpdateMeRequestSchema,
  UserSearchQuerySchema,
  type Me,
  type UserSearchResponse,
} from '@tenger/protocol';
import type { Services } from '../../../services.js';
import { bearerToken, requireUser } from '../../policies.js';
import { presentMe } from '../../presenters.js';
import { parseInput } from '../../validation.js';

/** GET/PATCH /me and GET /search. */
export function accountRoutes(app: FastifyInstance, services: Services): void {
  app.get('/me', async (request): Promise<Me> => {
    const user = await requireUser(services, request);
    return presentMe(user, await services.ledger.balancesOf(user.id));
  });

  // A flood of profile changes is refused before any token, body or password is looked at (a player's
  // own preferences are saved a few times a minute at most); the password gate bounds the hashing behind it.
  const meRateLimit = { max: services.config.rateLimits.authRequestsPerMinute * 5, timeWindow: '1 minute' };
  app.patch('/me', { config: { rateLimit: meRateLimit } }, async (request): Promise<Me> => {
    const user = await requireUser(services, request);
    const change = parseInput(UpdateMeRequestSchema, request.body);
    const { banks } = await services.settings.get();
    // A new password signs out every other session; this one stays signed in.
    const updated = await services.users.updateMe(user.id, change, {
      ip: request.ip,
      token: bearerToken(request) ?? undefined,
      banks,
    });
    return presentMe(updated, await services.ledger.balancesOf(user.id));
  });

  app.get('/search', async (request): Promise<UserSearchResponse> => {
    await requireUser(services, request);
    const { q } = parseInput(UserSearchQuerySchema, request.query, 'query');
    return { items: await services.users.searchPublic(q) };
  });
}
