import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
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
} from '@tenger/protocol';
import { readBooks } from '../../../ledger/books.js';
import { dailyFigures } from '../../../ledger/dailyFigures.js';
import { ledgerCsv } from '../../../ledger/ledgerCsv.js';
import type { Services } from '../../../services.js';
import { presentAdminDeposit, presentAdminWithdrawal } from '../../presenters.js';
import { parseInput } from '../../validation.js';
import { idempotencyKey } from '../user/wallet.js';
import { actorOf } from './adminContext.js';

/** GET|POST /deposit, PUT /deposit/approve, POST /deposit/reverse, POST /adjustment, GET /withdrawal, PUT /withdrawal/approve|reject, GET /data?days=, GET /ledger.csv. */
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

  app.post('/deposit/reverse', async (request): Promise<AdminDeposit> => {
    const { depositId } = parseInput(DepositIdQuerySchema, request.query, 'query');
    const body = parseInput(ReverseDepositRequestSchema, request.body);
    return presentAdminDeposit(await services.wallet.deposits.reverse(actorOf(request), depositId, body));
  });

  app.post('/adjustment', async (request, reply): Promise<Adjustment> => {
    const body = parseInput(CreateAdjustmentRequestSchema, request.body);
    const { value, replayed } = await services.wallet.deposits.adjust(actorOf(request), {
      ...body,
      idempotencyKey: idempotencyKey(request),
    });
    reply.status(replayed ? 200 : 201);
    return value;
  });

  app.get('/withdrawal', async (request): Promise<AdminWithdrawalPage> => {
    const query = parseInput(AdminWithdrawalQuerySchema, request.query, 'query');
    const page = await services.wallet.listWithdrawals(query);
    return { ...page, items: page.items.map(presentAdminWithdrawal) };
  });

  app.put('/withdrawal/approve', async (request): Promise<AdminWithdrawal> => {
    const { withdrawalId } = parseInput(WithdrawalIdQuerySchema, request.query, 'query');
    return presentAdminWithdrawal(await services.wallet.approveWithdrawal(actorOf(request), withdrawalId));
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

  app.get('/ledger.csv', async (request, reply) => {
    const range = parseInput(LedgerCsvQuerySchema, request.query, 'query');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="tenger-ledger-${range.from}-${range.to}.csv"`)
      .send(Readable.from(ledgerCsv(services.db, range)));
  });
}
