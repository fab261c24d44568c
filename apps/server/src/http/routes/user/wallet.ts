import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CancelWithdrawalQuerySchema,
  CreateWithdrawalRequestSchema,
  OutcomeQuerySchema,
  PageQuerySchema,
  type DepositInfo,
  type DepositPage,
  type LockedMoney,
  type OutcomePage,
  type Withdrawal,
  type WithdrawalLimits,
  type WithdrawalPage,
} from '@tenger/protocol';
import { AppError } from '../../../errors.js';
import type { Services } from '../../../services.js';
import { depositReferenceOf } from '../../../users/depositReference.js';
import { refuseDuringMaintenance, requireUser } from '../../policies.js';
import { presentDeposit, presentOutcome, presentWithdrawal } from '../../presenters.js';
import { parseInput } from '../../validation.js';

/**
 * The player's money: GET /deposit, GET /deposit/info, GET|POST /withdrawal, PUT /withdrawal/cancel, GET /withdrawal/limits,
 * GET /balance/locked, GET /outcome.
 */
export function walletRoutes(app: FastifyInstance, services: Services): void {
  app.get('/deposit', async (request): Promise<DepositPage> => {
    const user = await requireUser(services, request);
    const paging = parseInput(PageQuerySchema, request.query, 'query');
    const page = await services.wallet.listDeposits({ ...paging, userId: user.id, playerView: true });
    return { ...page, items: page.items.map(presentDeposit) };
  });

  app.get('/deposit/info', async (request): Promise<DepositInfo> => {
    const user = await requireUser(services, request);
    const [reference, settings] = await Promise.all([
      depositReferenceOf(services.db, user.id),
      services.settings.get(),
    ]);
    return { reference, accounts: settings.depositAccounts };
  });

  app.get('/withdrawal', async (request): Promise<WithdrawalPage> => {
    const user = await requireUser(services, request);
    const paging = parseInput(PageQuerySchema, request.query, 'query');
    const page = await services.wallet.listWithdrawals({ ...paging, userId: user.id });
    return { ...page, items: page.items.map(presentWithdrawal) };
  });

  app.get('/withdrawal/limits', async (request): Promise<WithdrawalLimits> => {
    const user = await requireUser(services, request);
    return services.wallet.withdrawalLimits(user.id);
  });

  app.post('/withdrawal', async (request, reply): Promise<Withdrawal> => {
    const user = await requireUser(services, request);
    const { amount } = await parseAmount(services, user.id, request.body);
    await refuseDuringMaintenance(services);
    const { value, replayed } = await services.wallet.requestWithdrawal({
      userId: user.id,
      amount,
      idempotencyKey: idempotencyKey(request),
    });
    reply.status(replayed ? 200 : 201);
    return presentWithdrawal(value);
  });

  app.put('/withdrawal/cancel', async (request): Promise<Withdrawal> => {
    const user = await requireUser(services, request);
    const { withdrawalId } = parseInput(CancelWithdrawalQuerySchema, request.query, 'query');
    const player = { actorId: user.id, actorName: user.username, ip: request.ip };
    return presentWithdrawal(await services.wallet.cancelWithdrawal(player, withdrawalId));
  });

  app.get('/balance/locked', async (request): Promise<LockedMoney> => {
    const user = await requireUser(services, request);
    return services.wallet.lockedMoney(user.id);
  });

  app.get('/outcome', async (request): Promise<OutcomePage> => {
    const user = await requireUser(services, request);
    const query = parseInput(OutcomeQuerySchema, request.query, 'query');
    const page = await services.wallet.outcomes(user.id, query);
    return { ...page, items: page.items.map(presentOutcome) };
  });
}

/** The withdrawal form's messages: 'Please enter amount!' and 'Amount must be between {min} and {max}'. */
async function parseAmount(services: Services, userId: number, body: unknown): Promise<{ amount: number }> {
  const raw = (body as { amount?: unknown } | null | undefined)?.amount;
  if (raw === undefined || raw === null || raw === '') {
    throw new AppError(400, 'validation_failed', 'Please enter amount!', { amount: 'Please enter amount!' });
  }
  const parsed = CreateWithdrawalRequestSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw await services.wallet.withdrawalAmountError(userId, raw, 400);
}

/** The optional Idempotency-Key header (1–200 visible characters). */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(header)) {
    throw new AppError(
      400,
      'validation_failed',
      'Idempotency-Key must be 1 to 200 visible ASCII characters',
      {
        'Idempotency-Key': 'Invalid',
      },
    );
  }
  return header;
}
