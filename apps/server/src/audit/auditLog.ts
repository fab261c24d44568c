import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import {
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditSummary,
  type AuditSummaryParams,
  type AuditTargetType,
} from '@tenger/protocol';
import type { Database } from '../db/client.js';
import { auditLog } from '../db/schema.js';

/** Who did something: an administrator, the player themself, or the system (actorId null). */
export interface AuditActor {
  actorId: number | null;
  actorName: string;
  ip: string;
}

export interface AuditEntry extends AuditActor {
  /** Dotted verb, e.g. `deposit.create`, `user.block`, `security.lockout` (see AUDIT_ACTIONS). */
  action: AuditAction;
  targetType: AuditTargetType | '';
  targetId: string | number;
  /** Short before/after summary, e.g. `role PLAYER -> ADMIN`. */
  summary: string;
  /**
   * The same summary as a code and parameters (issue 23), shown in the reader's language; the English
   * `summary` stays for the CSV. Rows without one are shown with the English text.
   */
  coded?: AuditSummary;
}

export { AUDIT_ACTIONS, type AuditAction };

export interface AuditRow extends Omit<AuditEntry, 'coded'> {
  id: number;
  at: Date;
  targetId: string;
  summaryCode: string | null;
  summaryParams: AuditSummaryParams;
}

export interface AuditQuery {
  limit: number;
  /** Rows with an id below this (the page before). */
  before?: number;
  actor?: number;
  action?: string;
  targetType?: string;
  target?: string;
}

/**
 * Writes one append-only row. Pass the open transaction of the change it records so that both
 * commit or neither does; the database refuses UPDATE and DELETE on the table.
 */
export async function recordAudit(tx: Database, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    actorName: entry.actorName.slice(0, 100),
    ip: entry.ip.slice(0, 64),
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    summary: entry.summary.slice(0, 500),
    summaryCode: entry.coded?.code ?? null,
    summaryParams: entry.coded ? clipParams(entry.coded.params) : {},
  });
}

/** Free-text parameters (reasons, names) are kept as short as the English summary. */
function clipParams(params: AuditSummaryParams): AuditSummaryParams {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      typeof value === 'string' ? value.slice(0, 300) : value,
    ]),
  );
}

/** Newest first. */
export async function listAudit(db: Database, query: AuditQuery): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (query.before !== undefined) where.push(lt(auditLog.id, query.before));
  if (query.actor !== undefined) where.push(eq(auditLog.actorId, query.actor));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.targetType) where.push(eq(auditLog.targetType, query.targetType));
  if (query.target) where.push(eq(auditLog.targetId, query.target));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(query.limit);
  return rows as AuditRow[];
}
