import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ExcludedCredentialsSchema,
  ExcludedWithdrawalRequestSchema,
  ExclusionRequestSchema,
  ReportRequestSchema,
  StatementQuerySchema,
  UpdateLimitsRequestSchema,
  type Exclusion,
  type ExclusionEndResponse,
  type LimitsResponse,
  type MessageResponse,
  type PlaySession,
  type ReportResponse,
  type Withdrawal,
} from '@tenger/protocol';
import { DomainError } from '../../../errors.js';
import { statementCsv } from '../../../ledger/statementCsv.js';
import type { Services } from '../../../services.js';
import type { UserRecord } from '../../../users/userRecord.js';
import { refuseDuringMaintenance, requireUser } from '../../policies.js';
import { presentWithdrawal } from '../../presenters.js';
import { parseInput } from '../../validation.js';

/**
 * Player protection (issue 24): GET|PUT /limits, POST /exclusion, POST /exclusion/withdrawal and
 * /exclusion/end (with username and password: an excluded player has no session), GET /session,
 * POST /session/leave, GET /statement, POST /report.
 */
export function protectionRoutes(app: FastifyInstance, services: Services): void {
  const rateLimit = { max: services.config.rateLimits.authRequestsPerMinute, timeWindow: '1 minute' };
  const actorOf = (user: UserRecord, request: FastifyRequest) => ({
    actorId: user.id,
    actorName: user.username,
    ip: request.ip,
  });

  app.get('/limits', async (request): Promise<LimitsResponse> => {
    const user = await requireUser(services, request);
    return services.protection.limits(user.id);
  });

  app.put('/limits', async (request): Promise<LimitsResponse> => {
    const user = await requireUser(services, request);
    const limits = parseInput(UpdateLimitsRequestSchema, request.body);
    return services.protection.setLimits(actorOf(user, request), limits);
  });

  app.post('/exclusion', { config: { rateLimit } }, async (request, reply): Promise<Exclusion> => {
    const user = await requireUser(services, request);
    const body = parseInput(ExclusionRequestSchema, request.body);
    await services.auth.checkPasswordOf(user.id, body.password, request.ip);
    const exclusion = await services.protection.exclude(actorOf(user, request), body);
    // Effective at once: every session ends (sockets close), seats fold and stand up after the hand
    // and cash out, open tournament registrations are refunded.
    await services.auth.revokeAll(user.id);
    await services.tableLayer.removePlayer(user.id, 'excluded');
    await services.tournaments.unregisterEverywhere(user.id);
    reply.status(201);
    return exclusion;
  });

  app.post(
    '/exclusion/withdrawal',
    { config: { rateLimit } },
    async (request, reply): Promise<Withdrawal> => {
      const body = parseInput(ExcludedWithdrawalRequestSchema, request.body);
      const user = await excludedPlayer(services, request, body);
      await refuseDuringMaintenance(services);
      const amount = body.amount ?? (await services.wallet.withdrawalLimits(user.id)).max;
      if (amount < 1) throw new DomainError('insufficient_funds', 'There is nothing to withdraw');
      const { value, replayed } = await services.wallet.requestWithdrawal({ userId: user.id, amount });
      reply.status(replayed ? 200 : 201);
      return presentWithdrawal(value);
    },
  );

  app.post('/exclusion/end', { config: { rateLimit } }, async (request): Promise<ExclusionEndResponse> => {
    const body = parseInput(ExcludedCredentialsSchema, request.body);
    const user = await excludedPlayer(services, request, body);
    return services.protection.requestExclusionEnd(actorOf(user, request));
  });

  app.get('/session', async (request): Promise<PlaySession> => {
    const user = await requireUser(services, request);
    return services.playSessions.current(user.id);
  });

  app.post('/session/leave', async (request): Promise<MessageResponse> => {
    const user = await requireUser(services, request);
    await services.playSessions.leaveTables(user.id);
    return { message: 'You leave every table after the hand' };
  });

  app.post('/report', { config: { rateLimit } }, async (request, reply): Promise<ReportResponse> => {
    const user = await requireUser(services, request);
    const report = parseInput(ReportRequestSchema, request.body);
    reply.status(201);
    return services.security.report(user.id, report);
  });

  app.get('/statement', async (request, reply) => {
    const user = await requireUser(services, request);
    const range = parseInput(StatementQuerySchema, request.query, 'query');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="tenger-statement-${range.from}-${range.to}.csv"`)
      .send(Readable.from(statementCsv(services.db, user.id, range)));
  });
}

/**
 * The account behind a username and password, through every rule of a login, that is excluded now.
 * An account that is not excluded is told to log in (nothing here is a way around a session).
 */
async function excludedPlayer(
  services: Services,
  request: FastifyRequest,
  credentials: { username: string; password: string },
): Promise<UserRecord> {
  const user = await services.auth.checkLogin(credentials, request.ip);
  if (!(await services.protection.activeExclusion(user.id))) {
    throw new DomainError('conflict', 'Your account is not excluded: log in instead');
  }
  return user;
}
