import type { FastifyInstance } from 'fastify';
import {
  AdminOutcomeQuerySchema,
  AdminUserSearchQuerySchema,
  SuspendRequestSchema,
  UpdateRoleRequestSchema,
  UserIdQuerySchema,
  type AdminMail,
  type AdminUser,
  type AdminUserPage,
  type MessageResponse,
  type OutcomePage,
  type RoleGrant,
  type SharedPayoutResponse,
} from '@tenger/protocol';
import { recentMailsTo } from '../../../mail/mailer.js';
import type { Services } from '../../../services.js';
import { presentAdminUser, presentOutcome, presentRoleGrant } from '../../presenters.js';
import { parseInput } from '../../validation.js';
import { actorOf } from './adminContext.js';

/**
 * GET /user/search, GET /user/outcome?userId=, GET /user/shared-payout?userId=, GET /user/mail?userId=, DELETE /user?userId=, PUT /user/block|unblock?userId=,
 * PATCH /user/role?userId= {role}, POST /user/second-factor/reset?userId=, POST /security/suspend {userId, reason}.
 */
export function adminUserRoutes(app: FastifyInstance, services: Services): void {
  app.get('/user/search', async (request): Promise<AdminUserPage> => {
    const query = parseInput(AdminUserSearchQuerySchema, request.query, 'query');
    const page = await services.users.adminSearch(query);
    return { ...page, items: page.items.map(presentAdminUser) };
  });

  app.get('/user/mail', async (request): Promise<AdminMail[]> => {
    const { userId } = parseInput(UserIdQuerySchema, request.query, 'query');
    const user = await services.users.get(userId);
    const mails = await recentMailsTo(services.db, user.email, Boolean(services.config.smtpUrl));
    return mails.map((mail) => ({ ...mail, createdAt: mail.createdAt.toISOString() }));
  });

  app.get('/user/shared-payout', async (request): Promise<SharedPayoutResponse> => {
    const { userId } = parseInput(UserIdQuerySchema, request.query, 'query');
    return { accounts: await services.users.sharedPayoutAccounts(userId) };
  });

  app.get('/user/outcome', async (request): Promise<OutcomePage> => {
    const { userId, ...filter } = parseInput(AdminOutcomeQuerySchema, request.query, 'query');
    await services.users.get(userId);
    const page = await services.wallet.outcomes(userId, filter);
    return { ...page, items: page.items.map(presentOutcome) };
  });

  // Deletes an account that holds no money (409 otherwise); its sessions end at once.
  app.delete('/user', async (request): Promise<AdminUser> => {
    const { userId } = parseInput(UserIdQuerySchema, request.query, 'query');
    const user = await services.users.remove(actorOf(request), userId);
    endSessions(userId);
    // Seated anywhere: folded now, stood up when the hand ends and cashed out.
    await services.tableLayer.removePlayer(userId, 'deleted');
    return presentAdminUser(user);
  });

  app.put('/user/block', async (request): Promise<AdminUser> => {
    const { userId } = parseInput(UserIdQuerySchema, request.query, 'query');
    return presentAdminUser(await blocked(userId, await services.users.block(actorOf(request), userId)));
  });

  // The security desk's suspension pending review: a block with its reason in the audit log.
  app.post('/security/suspend', async (request): Promise<AdminUser> => {
    const { userId, reason } = parseInput(SuspendRequestSchema, request.body);
    return presentAdminUser(
      await blocked(userId, await services.users.suspend(actorOf(request), userId, reason)),
    );
  });

  app.put('/user/unblock', async (request): Promise<AdminUser> => {
    const { userId } = parseInput(UserIdQuerySchema, request.query, 'query');
    return presentAdminUser(await services.users.unblock(actorOf(request), userId));
  });

  // 200 changed; 202 a grant of ADMIN that waits for a second administrator (four-eyes).
  app.patch('/user/role', async (request, reply): Promise<AdminUser | RoleGrant> => {
    const { userId } = parseInput(UserIdQuerySchema, request.query, 'query');
    const { role } = parseInput(UpdateRoleRequestSchema, request.body);
    if (role === 'ADMIN') {
      const outcome = await services.roleGrants.request(actorOf(request), userId);
      if (!outcome.granted) {
        reply.status(202);
        return presentRoleGrant(outcome.grant);
      }
    } else {
      await services.users.setRole(actorOf(request), userId, role);
    }
    endSessions(userId);
    return presentAdminUser(await services.users.getWithMoney(userId));
  });

  // A lost authenticator: another administrator clears it (never one's own); the owner enrols again.
  app.post('/user/second-factor/reset', async (request): Promise<MessageResponse> => {
    const { userId } = parseInput(UserIdQuerySchema, request.query, 'query');
    await services.secondFactor.reset(actorOf(request), userId);
    endSessions(userId);
    return { message: 'Second factor reset' };
  });

  /** A blocked account: its sessions end; seated anywhere, folded now, stood up when the hand ends, cashed out. */
  async function blocked<T>(userId: number, user: T): Promise<T> {
    endSessions(userId);
    await services.tableLayer.removePlayer(userId, 'blocked');
    return user;
  }

  /** Tokens are revoked by the service; cached sessions and open sockets go too. */
  function endSessions(userId: number): void {
    services.auth.forgetSessions(userId);
    services.hub.disconnectUser(userId);
  }
}
