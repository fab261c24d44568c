import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AUDIT_LIMIT_DEFAULT, AuditCsvQuerySchema, AuditQuerySchema, type AuditPage } from '@tenger/protocol';
import { auditCsv, auditFilter } from '../../../audit/auditCsv.js';
import { listAudit } from '../../../audit/auditLog.js';
import type { Services } from '../../../services.js';
import { presentAuditItem } from '../../presenters.js';
import { parseInput } from '../../validation.js';

/** GET /audit?limit=&before=&actor=&action=&target= (newest first) and GET /audit.csv (same filters). */
export function adminAuditRoutes(app: FastifyInstance, services: Services): void {
  app.get('/audit', async (request): Promise<AuditPage> => {
    const {
      limit = AUDIT_LIMIT_DEFAULT,
      before,
      ...filter
    } = parseInput(AuditQuerySchema, request.query, 'query');
    // One row more than asked tells whether an older page exists.
    const rows = await listAudit(services.db, { ...auditFilter(filter), limit: limit + 1, before });
    const items = rows.slice(0, limit).map(presentAuditItem);
    return { items, nextBefore: rows.length > limit ? items[items.length - 1].id : null };
  });

  app.get('/audit.csv', async (request, reply) => {
    const filter = auditFilter(parseInput(AuditCsvQuerySchema, request.query, 'query'));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="tenger-audit.csv"')
      .send(Readable.from(auditCsv(services.db, filter)));
  });
}
