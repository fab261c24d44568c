import { sql } from 'drizzle-orm';
import { REALITY_CHECK_DEFAULT_MINUTES, type PlaySession } from '@tenger/protocol';
import type { Logger } from 'pino';
import { recordAudit } from '../audit/auditLog.js';
import { queryRows, type Database } from '../db/client.js';
import { playerMoneyWithin, seatChipsOf, tablesSeatedAt } from '../ledger/ledgerReads.js';
import type { TableLayer } from '../tables/tableLayer.js';
import type { PlayerProtection } from './playerProtection.js';

/** How often the session limit is looked at (a player is stood up within this of their limit). */
export const SESSION_SWEEP_MS = 30_000;

/**
 * Play sessions (issue 24): what the reality check shows (time played, net result) and the session
 * time limit, which stands a player up after the hand when it is reached. A session begins with the
 * buy-in that finds the player at no table (the ledger guard records it) and lasts while they hold a seat.
 */
export class PlaySessions {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: {
      db: Database;
      protection: PlayerProtection;
      tableLayer: Pick<TableLayer, 'removePlayer'>;
      logger: Logger;
    },
  ) {}

  async current(userId: number): Promise<PlaySession> {
    const { db, protection } = this.deps;
    const limits = await protection.limitsInForce(userId);
    const realityCheckMinutes = limits.realityCheckMinutes ?? REALITY_CHECK_DEFAULT_MINUTES;
    const tableIds = await tablesSeatedAt(db, userId);
    const [row] = await queryRows<{ started_at: Date | string }>(
      db,
      sql`SELECT started_at FROM play_sessions WHERE user_id = ${userId}`,
    );
    const none: PlaySession = {
      startedAt: null,
      minutesPlayed: 0,
      net: 0,
      realityCheckMinutes,
      sessionMinutes: limits.sessionMinutes,
      endsAt: null,
      tableIds: [],
    };
    if (!row || tableIds.length === 0) return none;
    const startedAt = new Date(row.started_at);
    const money = await playerMoneyWithin(db, userId, { Session: startedAt });
    const atTables = await seatChipsOf(db, userId);
    return {
      ...none,
      startedAt: startedAt.toISOString(),
      minutesPlayed: Math.max(0, Math.floor((protection.now() - startedAt.getTime()) / 60_000)),
      net: money.play.Session + atTables,
      endsAt:
        limits.sessionMinutes === null
          ? null
          : new Date(startedAt.getTime() + limits.sessionMinutes * 60_000).toISOString(),
      tableIds,
    };
  }

  /** "Leave tables" from a reality check: stood up everywhere after the running hand, cashed out. */
  async leaveTables(userId: number): Promise<void> {
    await this.deps.tableLayer.removePlayer(userId, 'left');
  }

  /** Starts looking for sessions past their limit every `everyMs`. */
  start(everyMs = SESSION_SWEEP_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.sweep().catch((error: unknown) =>
        this.deps.logger.warn({ err: error }, 'session limit sweep failed'),
      );
    }, everyMs);
    this.timer.unref();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Stands up every seated player whose session limit has passed (after the hand, cashed out) and
   * marks the session stopped: no new session for a day from its start. Returns who was stood up.
   */
  async sweep(): Promise<number[]> {
    const { db, protection } = this.deps;
    const candidates = await queryRows<{ user_id: number; started_at: Date | string }>(
      db,
      sql`SELECT s.user_id, s.started_at FROM play_sessions s JOIN player_limits l ON l.user_id = s.user_id
          WHERE s.limit_stopped_at IS NULL
            AND (l.session_minutes IS NOT NULL OR l.pending ? 'sessionMinutes')
            AND EXISTS (SELECT 1 FROM ledger_accounts a
                        WHERE a.kind = 'player_seat' AND a.user_id = s.user_id AND a.balance > 0)`,
    );
    const stopped: number[] = [];
    for (const candidate of candidates) {
      const userId = Number(candidate.user_id);
      const { sessionMinutes } = await protection.limitsInForce(userId);
      const startedAt = new Date(candidate.started_at).getTime();
      if (sessionMinutes === null || protection.now() < startedAt + sessionMinutes * 60_000) continue;
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        await queryRows(
          tx,
          sql`UPDATE play_sessions SET limit_stopped_at = now() WHERE user_id = ${userId} AND limit_stopped_at IS NULL`,
        );
        await recordAudit(tx, {
          actorId: null,
          actorName: 'system',
          ip: '',
          action: 'protection.session_limit',
          targetType: 'user',
          targetId: userId,
          summary: `session limit of ${sessionMinutes} min reached: stood up after the hand`,
          coded: { code: 'protection.session_limit', params: { minutes: sessionMinutes } },
        });
      });
      await this.deps.tableLayer.removePlayer(userId, 'session_limit');
      stopped.push(userId);
    }
    return stopped;
  }
}
