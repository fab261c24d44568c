import type { FastifyInstance } from 'fastify';
import {
  AdminOutcomeQuerySchema,
  AdminUserSearchQuerySchema,
  UpdateRoleRequestSchema,
  UserIdQuerySchema,
  type AdminUser,
  type AdminUserPage,
  type OutcomePage,
} from '@tenger/protocol';
import type { Services } from '../../../services.js';
import { presentAdminUser, presentOutcome } from '../../presenters.js';
import { parseInput } from '../../validation.js';
import { adminOf } from './adminContext.js';

/** GET /user/search, GET /user/outcome?userId=, DELETE /user?userId=, PATCH /user/role?userId= {role}. */
export function adminUserRoutes(app: FastifyInstance, services: Services): void {
  app.get('/user/search', async (request): Promise<AdminUserPage> => {
    const query = parseInput(AdminUserSearchQuerySchema, request.query, 'query');
    const page = await services.users.adminSearch(query);
    return { ...page, items: page.items.map(presentAdminUser) };
  });

  app.get('/user/outcome', async (request): Promise<OutcomePage> => {
    const { userId, ...filter } = parseInput(AdminOutcomeQuerySchema, request.query, 'query');
    await services.users.get(userId);
    const page = await services.wallet.outcomes(userId, filter);
    return { ...page, items: page.items.map(presentOutcome) };
  });

  app.delete('/user', async (request): Promise<AdminUser> => {
    const { userId } = parseInput(UserIdQuerySchema, request.query, 'query');
    const user = await services.users.block(adminOf(request).id, userId);
    services.hub.disconnectUser(userId);
    // Seated anywhere: folded now, stood up when the hand ends and cashed out.
    await services.tableLayer.removePlayer(userId, 'blocked');
    return presentAdminUser(user);
  });

  app.patch('/user/role', async (request): Promise<AdminUser> => {
    const { userId } = parseInput(UserIdQuerySchema, request.query, 'query');
    const { role } = parseInput(UpdateRoleRequestSchema, request.body);
    const user = await services.users.setRole(adminOf(request).id, userId, role);
    services.hub.disconnectUser(userId);
    return presentAdminUser(user);
  });
}
