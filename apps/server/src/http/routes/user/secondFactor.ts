import type { FastifyInstance } from 'fastify';
import {
  SecondFactorCodeRequestSchema,
  type MessageResponse,
  type RecoveryCodes,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '@tenger/protocol';
import type { Services } from '../../../services.js';
import { bearerToken, requireUser } from '../../policies.js';
import { parseInput } from '../../validation.js';

/**
 * An administrator's second factor, for the session that calls: GET /second-factor (what is left to do),
 * POST /second-factor/enrolment (a new secret), POST /second-factor/enrolment/confirm {code} (the first
 * code; answers the recovery codes once), POST /second-factor/verify {code} (an app or recovery code).
 */
export function secondFactorRoutes(app: FastifyInstance, services: Services): void {
  const rateLimit = { max: services.config.rateLimits.authRequestsPerMinute, timeWindow: '1 minute' };

  app.get('/second-factor', async (request): Promise<SecondFactorStatus> => {
    const user = await requireUser(services, request);
    return services.secondFactor.status(user, bearerToken(request)!);
  });

  app.post(
    '/second-factor/enrolment',
    { config: { rateLimit } },
    async (request): Promise<SecondFactorEnrolment> => {
      const user = await requireUser(services, request);
      return services.secondFactor.startEnrolment(user);
    },
  );

  app.post(
    '/second-factor/enrolment/confirm',
    { config: { rateLimit } },
    async (request): Promise<RecoveryCodes> => {
      const user = await requireUser(services, request);
      const { code } = parseInput(SecondFactorCodeRequestSchema, request.body);
      return services.secondFactor.confirmEnrolment(user, bearerToken(request)!, code, request.ip);
    },
  );

  app.post('/second-factor/verify', { config: { rateLimit } }, async (request): Promise<MessageResponse> => {
    const user = await requireUser(services, request);
    const { code } = parseInput(SecondFactorCodeRequestSchema, request.body);
    await services.secondFactor.verify(user, bearerToken(request)!, code, request.ip);
    return { message: 'Second factor passed' };
  });
}
