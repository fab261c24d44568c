import { sql } from 'drizzle-orm';
import type { ReportRequest, SecurityFlag } from '@tenger/protocol';
import { queryRows, type Database } from '../db/client.js';
import { DomainError, notFound } from '../errors.js';

/** The most flags one answer lists. */
const FLAGS_LIMIT = 200;

/**
 * The administrators' security desk (issue 24 part 5), first slice: players report players (from the
 * table menu, with a reason) and every report lands on the desk, scored by how many reports that player
 * has drawn. An administrator suspends an account with the block (PUT /admin/user/block: audited, folds
 * and stands the player up, cashes out). The detectors over stored hands (chip dumping, soft play,
 * co-seating, shared addresses, bot-like timing) are not built yet (docs/player-protection.md).
 */
export class SecurityDesk {
  constructor(private readonly db: Database) {}

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

  async flags(): Promise<SecurityFlag[]> {
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
      tableId: r.table_id === null ? null : Number(r.table_id),
      reason: r.reason,
      reportedBy: r.reporter,
      at: new Date(r.created_at).toISOString(),
    }));
  }
}
