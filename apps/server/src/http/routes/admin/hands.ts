// The administrator's hand calls: GET /api/v1/admin/table/hands?tableId=&limit= (a table's latest
// hands) and GET /api/v1/admin/fairness/verify (the hand chain re-hashed).
import type { FastifyInstance } from 'fastify';
import {
  type ChainVerifyResponse,
  TABLE_HANDS_LIMIT_DEFAULT,
  TableHandsQuerySchema,
  type TableHandsResponse,
} from '@tenger/protocol';
import { HandStore } from '../../../hands/handStore.js';
import type { Services } from '../../../services.js';
import { parseInput } from '../../validation.js';

/** Registered under the admin prefix (role checked there). */
export function adminHandRoutes(app: FastifyInstance, services: Services): void {
  const hands = new HandStore(services.db);
  app.get('/fairness/verify', async (): Promise<ChainVerifyResponse> => hands.verifyChain());

  app.get('/table/hands', async (request): Promise<TableHandsResponse> => {
    const { tableId, limit } = parseInput(TableHandsQuerySchema, request.query, 'query');
    await services.tables.get(tableId);
    const rows = await hands.latest(tableId, limit ?? TABLE_HANDS_LIMIT_DEFAULT);
    return {
      items: rows.map((r) => ({
        handId: r.handId,
        handNumber: r.handNumber,
        startedAt: r.startedAt.toISOString(),
        endedAt: r.endedAt.toISOString(),
        totalPot: r.totalPot,
        rake: r.rake,
        winners: r.winners,
      })),
    };
  });
}
