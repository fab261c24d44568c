import { AUDIT_CSV_COLUMNS } from '@tenger/protocol';
import type { Database } from '../db/client.js';
import { text } from '../ledger/ledgerCsv.js';
import { listAudit, type AuditQuery } from './auditLog.js';

/** Rows read per query while streaming: memory stays flat however long the log. */
const CSV_BATCH = 2_000;

export type AuditFilter = Omit<AuditQuery, 'limit' | 'before'>;

/** The query's `actor`, `action` and `target` (`type:id` or a bare id) as listAudit's filter. */
export function auditFilter(query: { actor?: number; action?: string; target?: string }): AuditFilter {
  const filter: AuditFilter = { actor: query.actor, action: query.action };
  if (query.target) {
    const colon = query.target.indexOf(':');
    if (colon > 0) {
      filter.targetType = query.target.slice(0, colon);
      filter.target = query.target.slice(colon + 1);
    } else {
      filter.target = query.target;
    }
  }
  return filter;
}

/**
 * The filtered audit log as CSV, newest first, read in batches by id. Text cells go through the
 * ledger CSV's `text`, which defuses formulas (a leading = + - @) and quotes what needs it.
 */
export async function* auditCsv(
  db: Database,
  filter: AuditFilter,
  batch = CSV_BATCH,
): AsyncGenerator<string> {
  yield `${AUDIT_CSV_COLUMNS.join(',')}\r\n`;
  let before: number | undefined;
  for (;;) {
    const rows = await listAudit(db, { ...filter, limit: batch, before });
    if (rows.length === 0) return;
    yield rows
      .map((r) =>
        [
          Number(r.id),
          text(new Date(r.at).toISOString()),
          r.actorId === null ? '' : Number(r.actorId),
          text(r.actorName),
          text(r.ip),
          text(r.action),
          text(r.targetType),
          text(r.targetId),
          text(r.summary),
        ].join(','),
      )
      .join('\r\n')
      .concat('\r\n');
    before = Number(rows[rows.length - 1].id);
    if (rows.length < batch) return;
  }
}
