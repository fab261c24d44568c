import { sql } from 'drizzle-orm';
import type { ReportRequest, SecurityFlag, SecurityFlagsResponse } from '@tenger/protocol';
import { queryRows, type Database } from '../db/client.js';
import { DomainError, notFound } from '../errors.js';
import type { SecurityScan } from './securityScan.js';

/** The most flags of each source (detectors, reports) one answer lists. */
const FLAGS_LIMIT = 200;

/**
 * The administrators' security desk (issue 24 part 5): the detectors' flags over the stored hands
 * (security/securityScan.ts: chip dumping, soft play, co-seating, shared addresses, bot-like timing,
 * long sittings) and players' reports of players (from the table menu, with a reason), each report
 * scored by how many reports that player has drawn. An administrator suspends an account pending
 * review (POST /admin/security/suspend: a block, audited, folds and stands the player up, cashes out).
 */
export class SecurityDesk {
  constructor(
    private readonly db: Database,
    readonly scan: SecurityScan,
  ) {}

  /** The desk: what the hands settled since the last look raise (folded in first), then the reports. */
  async desk(): Promise<SecurityFlagsResponse> {
    await this.scan.catchUp();
    const [detected, reports, state] = await Promise.all([
      this.scan.flags(FLAGS_LIMIT),
      this.flags(),
      this.scan.state(),
    ]);
    const names = await this.usernames([...new Set(detected.flatMap((f) => f.userIds))]);
    const tables = await this.tablesOf([...new Set([...detected, ...reports].flatMap((f) => f.handIds))]);
    const handTables = (handIds: readonly string[]) =>
      Object.fromEntries(handIds.flatMap((id) => (tables.has(id) ? [[id, tables.get(id)!]] : [])));
    return {
      items: [
        ...detected.map((f): SecurityFlag => ({
          ...f,
          usernames: f.userIds.map((id) => names.get(id) ?? `#${id}`),
          handTables: handTables(f.handIds),
          tableId: null,
          reason: '',
          reportedBy: null,
        })),
        ...reports.map((r) => ({ ...r, handTables: handTables(r.handIds) })),
      ],
      scannedHands: state.hands,
      scannedAt: state.scannedAt?.toISOString() ?? null,
    };
  }

  private async tablesOf(handIds: string[]): Promise<Map<string, number>> {
    if (handIds.length === 0) return new Map();
    const rows = await queryRows<{ id: string; table_id: number }>(
      this.db,
      sql`SELECT id, table_id FROM hands WHERE id IN (${sql.join(
        handIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    return new Map(rows.map((r) => [r.id, Number(r.table_id)]));
  }

  private async usernames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await queryRows<{ id: number; username: string }>(
      this.db,
      sql`SELECT id, username FROM users WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    return new Map(rows.map((r) => [Number(r.id), r.username]));
  }

  async report(reporterId: number, input: ReportRequest): Promise<{ reportId: number }> {
    if (input.userId === reporterId) {
      throw new DomainError('validation_failed', 'You cannot report yourself', {
        userId: 'Choose another player',
      });
    }
    const [target] = await queryRows<{ id: number }>(
      this.db,
      sql`SELECT id FROM users WHERE id = ${input.userId} AND status <> 'deleted'`,
    );
    if (!target) throw notFound('Player');
    const [row] = await queryRows<{ id: number }>(
      this.db,
      sql`INSERT INTO player_reports (reporter_id, user_id, table_id, hand_id, reason)
          VALUES (${reporterId}, ${input.userId}, ${input.tableId ?? null}, ${input.handId ?? null}, ${input.reason})
          RETURNING id`,
    );
    return { reportId: Number(row.id) };
  }

  /** Players' reports, newest first. */
  async flags(): Promise<Array<Omit<SecurityFlag, 'handTables'>>> {
    const rows = await queryRows<{
      user_id: number;
      username: string;
      reporter: string;
      table_id: number | null;
      hand_id: string | null;
      reason: string;
      created_at: Date | string;
      reports: string | number;
    }>(
      this.db,
      sql`SELECT r.user_id, u.username, rep.username AS reporter, r.table_id, r.hand_id, r.reason, r.created_at,
                 count(*) OVER (PARTITION BY r.user_id) AS reports
          FROM player_reports r JOIN users u ON u.id = r.user_id JOIN users rep ON rep.id = r.reporter_id
          ORDER BY r.id DESC LIMIT ${FLAGS_LIMIT}`,
    );
    return rows.map((r) => ({
      kind: 'report' as const,
      userIds: [Number(r.user_id)],
      usernames: [r.username],
      score: Number(r.reports),
      handIds: r.hand_id ? [r.hand_id] : [],
      explanation: `${Number(r.reports)} report(s) of this player`,
      measures: { reports: Number(r.reports) },
      tableId: r.table_id === null ? null : Number(r.table_id),
      reason: r.reason,
      reportedBy: r.reporter,
      at: new Date(r.created_at).toISOString(),
    }));
  }
}
