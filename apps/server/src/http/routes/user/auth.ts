import type { FastifyInstance } from 'fastify';
import {
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  type AuthResponse,
  type MessageResponse,
} from '@tenger/protocol';
import { AppError } from '../../../errors.js';
import type { Services } from '../../../services.js';
import { bearerToken, maintenanceMessage, refuseDuringMaintenance } from '../../policies.js';
import { presentMe } from '../../presenters.js';
import { parseInput } from '../../validation.js';

/** POST /login, /register, /logout, /forgot-password, /reset-password. */
export function authRoutes(app: FastifyInstance, services: Services): void {
  const rateLimit = { max: services.config.rateLimits.authRequestsPerMinute, timeWindow: '1 minute' };

  app.post('/login', { config: { rateLimit } }, async (request): Promise<AuthResponse> => {
    const body = parseInput(LoginRequestSchema, request.body);
    // During maintenance only administrators sign in; others learn why once their password checks out.
    const { maintenance } = await services.settings.get();
    const adminsOnly = maintenance.enabled
      ? { message: maintenanceMessage(maintenance, request.headers['accept-language']) }
      : undefined;
    const user = await services.auth.checkLogin(body, request.ip, adminsOnly);
    // A time-out or self-exclusion answers 403 `excluded` with `until` (a wrong password stayed 401).
    await services.protection.refuseExcluded(user.id);
    const accessToken = await services.auth.issueToken(user.id);
    // An administrator's session then passes the second factor (or enrols one) before the admin API.
    const secondFactor = await services.secondFactor.stepFor(user, accessToken);
    return {
      accessToken,
      user: presentMe(user, await services.ledger.balancesOf(user.id)),
      ...(secondFactor ? { secondFactor } : {}),
    };
  });

  app.post('/register', { config: { rateLimit } }, async (request, reply): Promise<AuthResponse> => {
    const body = parseInput(RegisterRequestSchema, request.body);
    await refuseDuringMaintenance(services);
    const { banks } = await services.settings.get();
    if (!banks.includes(body.bank)) {
      throw new AppError(400, 'validation_failed', 'Choose one of the banks offered', {
        bank: 'Choose one of the banks offered',
      });
    }
    const { accessToken, user } = await services.auth.register(body, request.ip);
    reply.status(201);
    return { accessToken, user: presentMe(user, { available: 0, locked: 0 }) };
  });

  app.post('/logout', async (request): Promise<MessageResponse> => {
    const token = bearerToken(request);
    if (token) await services.auth.logout(token);
    return { message: 'Logged out' };
  });

  app.post(
    '/forgot-password',
    { config: { rateLimit } },
    async (request, reply): Promise<MessageResponse> => {
      const { email } = parseInput(ForgotPasswordRequestSchema, request.body);
      // Without PUBLIC_ORIGIN (development only) the link goes back to this origin if it is an allowed one.
      await services.auth.forgotPassword(email, request.ip, `${request.protocol}://${request.host}`);
      reply.status(202);
      return { message: 'If this email belongs to an account, a reset link is on its way.' };
    },
  );

  app.post('/reset-password', { config: { rateLimit } }, async (request): Promise<MessageResponse> => {
    const body = parseInput(ResetPasswordRequestSchema, request.body);
    await services.auth.resetPassword(body, request.ip);
    return { message: 'Your password has been changed. Please log in.' };
  });
}
