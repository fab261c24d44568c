import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  CloseRequestSchema,
  AdminDepositQuerySchema,
  AdminWithdrawalQuerySchema,
  CreateAdjustmentRequestSchema,
  CreateDepositRequestSchema,
  DepositIdQuerySchema,
  ReverseDepositRequestSchema,
  type Adjustment,
  DATA_DAYS_DEFAULT,
  DataQuerySchema,
  LedgerCsvQuerySchema,
  RejectWithdrawalRequestSchema,
  WithdrawalIdQuerySchema,
  type AdminDeposit,
  type AdminDepositPage,
  type AdminWithdrawal,
  type AdminWithdrawalPage,
  type AdminData,
  type RngHealth,
  type SecurityFlagsResponse,
} from '@tenger/protocol';
import { readBooks } from '../../../ledger/books.js';
import { dailyFigures } from '../../../ledger/dailyFigures.js';
import { ledgerCsv } from '../../../ledger/ledgerCsv.js';
import { liveDeals } from '../../../rng/dealTally.js';
import type { Services } from '../../../services.js';
import { presentAdminDeposit, presentAdminWithdrawal } from '../../presenters.js';
import { parseInput } from '../../validation.js';
import { idempotencyKey } from '../user/wallet.js';
import { actorOf } from './adminContext.js';

/**
 * GET|POST /deposit, PUT /deposit/approve|cancel|reject, POST /deposit/reverse, POST /adjustment,
 * GET /withdrawal, PUT /withdrawal/approve|reject|cancel-approval, GET /data?days=, GET /ledger.csv.
 */
export function adminMoneyRoutes(app: FastifyInstance, services: Services): void {
  app.get('/deposit', async (request): Promise<AdminDepositPage> => {
    const query = parseInput(AdminDepositQuerySchema, request.query, 'query');
    const page = await services.wallet.listDeposits(query);
    return { ...page, items: page.items.map(presentAdminDeposit) };
  });

  // 201 credited, 202 waiting for a second administrator, 200 the same request again.
  app.post('/deposit', async (request, reply): Promise<AdminDeposit> => {
    const body = parseInput(CreateDepositRequestSchema, request.body);
    const key = idempotencyKey(request);
    const { value, replayed } = await services.wallet.deposits.create(actorOf(request), {
      ...body,
      idempotencyKey: key,
    });
    reply.status(replayed ? 200 : value.status === 'pending' ? 202 : 201);
    return presentAdminDeposit(value);
  });

  app.put('/deposit/approve', async (request): Promise<AdminDeposit> => {
    const { depositId } = parseInput(DepositIdQuerySchema, request.query, 'query');
    const { value } = await services.wallet.deposits.approve(actorOf(request), depositId);
    return presentAdminDeposit(value);
  });

  app.put('/deposit/cancel', async (request): Promise<AdminDeposit> => {
    const { depositId } = parseInput(DepositIdQuerySchema, request.query, 'query');
    const { reason } = parseInput(CloseRequestSchema, request.body);
    return presentAdminDeposit(await services.wallet.deposits.cancel(actorOf(request), depositId, reason));
  });

  app.put('/deposit/reject', async (request): Promise<AdminDeposit> => {
    const { depositId } = parseInput(DepositIdQuerySchema, request.query, 'query');
    const { reason } = parseInput(CloseRequestSchema, request.body);
    return presentAdminDeposit(await services.wallet.deposits.reject(actorOf(request), depositId, reason));
  });

  app.post('/deposit/reverse', async (request): Promise<AdminDeposit> => {
    const { depositId } = parseInput(DepositIdQuerySchema, request.query, 'query');
    const body = parseInput(ReverseDepositRequestSchema, request.body);
    return presentAdminDeposit(await services.wallet.deposits.reverse(actorOf(request), depositId, body));
  });

  // 201 posted, 202 a credit waiting for a second administrator (a pending deposit of kind adjustment).
  app.post('/adjustment', async (request, reply): Promise<Adjustment | AdminDeposit> => {
    const body = parseInput(CreateAdjustmentRequestSchema, request.body);
    const outcome = await services.wallet.deposits.adjust(actorOf(request), {
      ...body,
      idempotencyKey: idempotencyKey(request),
    });
    if (outcome.pending) {
      reply.status(outcome.replayed ? 200 : 202);
      return presentAdminDeposit(outcome.pending);
    }
    reply.status(outcome.replayed ? 200 : 201);
    return outcome.value;
  });

  app.get('/withdrawal', async (request): Promise<AdminWithdrawalPage> => {
    const query = parseInput(AdminWithdrawalQuerySchema, request.query, 'query');
    const page = await services.wallet.listWithdrawals(query);
    return { ...page, items: page.items.map(presentAdminWithdrawal) };
  });

  // 200 paid out, 202 a first approval that waits for a second administrator.
  app.put('/withdrawal/approve', async (request, reply): Promise<AdminWithdrawal> => {
    const { withdrawalId } = parseInput(WithdrawalIdQuerySchema, request.query, 'query');
    const { value, waiting } = await services.wallet.approveWithdrawal(actorOf(request), withdrawalId);
    reply.status(waiting ? 202 : 200);
    return presentAdminWithdrawal(value);
  });

  app.put('/withdrawal/cancel-approval', async (request): Promise<AdminWithdrawal> => {
    const { withdrawalId } = parseInput(WithdrawalIdQuerySchema, request.query, 'query');
    const { reason } = parseInput(CloseRequestSchema, request.body);
    return presentAdminWithdrawal(
      await services.wallet.cancelWithdrawalApproval(actorOf(request), withdrawalId, reason),
    );
  });

  app.put('/withdrawal/reject', async (request): Promise<AdminWithdrawal> => {
    const { withdrawalId } = parseInput(WithdrawalIdQuerySchema, request.query, 'query');
    const { reason } = parseInput(RejectWithdrawalRequestSchema, request.body);
    return presentAdminWithdrawal(
      await services.wallet.rejectWithdrawal(actorOf(request), withdrawalId, reason),
    );
  });

  app.get('/data', async (request): Promise<AdminData> => {
    const { days = DATA_DAYS_DEFAULT } = parseInput(DataQuerySchema, request.query, 'query');
    const seated = await services.tableLayer.seatedCounts();
    const seatedPlayers = [...seated.values()].reduce((a, b) => a + b, 0);
    const [books, series] = await Promise.all([
      readBooks(services.db, services.ledger, seatedPlayers),
      dailyFigures(services.db, days),
    ]);
    return { ...books, daily: { days, series } };
  });

  // The security desk: the detectors' flags and players' reports (security/securityDesk.ts).
  app.get('/security/flags', async (): Promise<SecurityFlagsResponse> => services.security.desk());

  // RNG health: the running chi-square of this process's live deals (rng/dealTally.ts).
  app.get('/rng', async (): Promise<RngHealth> => liveDeals.health());

  app.get('/ledger.csv', async (request, reply) => {
    const range = parseInput(LedgerCsvQuerySchema, request.query, 'query');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="tenger-ledger-${range.from}-${range.to}.csv"`)
      .send(Readable.from(ledgerCsv(services.db, range)));
  });
}
