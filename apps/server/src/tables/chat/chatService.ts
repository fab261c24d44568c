// Table chat: who may say what, how fast, what the table reads (the word filter), what is kept (30 days)
// and the administrators' side (a table's log, the site-wide mute, audited). Chat is not the table
// runtime's job: the table channel hands CHAT commands here and chatRooms.ts delivers the lines.
import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import {
  CHAT_HISTORY_LINES,
  CHAT_RETENTION_DAYS,
  type AdminChatLine,
  type ChatLine,
  type TableRejectCode,
} from '@tenger/protocol';
import { recordAudit, type AuditActor } from '../../audit/auditLog.js';
import type { Database } from '../../db/client.js';
import { chatMessages, chatMutes } from '../../db/schema.js';
import { RateWindow, type Clock } from '../../realtime/rateWindow.js';
import { maskWords } from './wordFilter.js';

/** A user may say this many lines in any window of CHAT_RATE_WINDOW_MS (every table and socket together). */
export const CHAT_RATE_LINES = 5;
export const CHAT_RATE_WINDOW_MS = 10_000;
/** How often lines older than CHAT_RETENTION_DAYS are deleted. */
export const CHAT_PURGE_EVERY_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ChatSpeaker {
  userId: number;
  username: string;
}

export type ChatOutcome = { line: ChatLine } | { code: TableRejectCode; message: string };

export interface ChatServiceOptions {
  /** Milliseconds for the rate windows (performance.now in production). */
  rateClock?: Clock;
  /** Wall clock for the retention cut-off. */
  now?: () => Date;
}

export class ChatService {
  private readonly rates = new Map<number, { window: RateWindow; lastAt: number }>();
  private purgeTimer: NodeJS.Timeout | null = null;
  private readonly rateClock: Clock;
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    options: ChatServiceOptions = {},
  ) {
    this.rateClock = options.rateClock ?? (() => performance.now());
    this.now = options.now ?? (() => new Date());
  }

  /**
   * A line said at a table by a logged-in viewer (seated or not). Refused for an anonymous viewer, a
   * muted user, or too fast; else filtered, stored and returned for delivery. `text` is already valid
   * (ChatTextSchema: trimmed, 1..200 characters, no control characters).
   */
  async say(tableId: number, speaker: ChatSpeaker | null, text: string): Promise<ChatOutcome> {
    if (!speaker) return { code: 'unauthorized', message: 'Log in to chat' };
    if (await this.isMuted(speaker.userId)) {
      return { code: 'chat_muted', message: 'An administrator has muted your chat' };
    }
    if (!this.admit(speaker.userId)) {
      return { code: 'chat_too_fast', message: 'You are sending messages too fast: wait a moment' };
    }
    const [row] = await this.db
      .insert(chatMessages)
      .values({
        tableId,
        userId: speaker.userId,
        username: speaker.username,
        text: maskWords(text),
        original: text,
      })
      .returning();
    return { line: presentLine(row) };
  }

  /** The last lines said at a table, oldest first (what a viewer gets on joining). */
  async recent(tableId: number, limit = CHAT_HISTORY_LINES): Promise<ChatLine[]> {
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.tableId, tableId))
      .orderBy(desc(chatMessages.id))
      .limit(limit);
    return rows.reverse().map(presentLine);
  }

  /** For administrators: a table's log, newest first, with the text as typed and who is muted. */
  async log(tableId: number, query: { before?: number; limit?: number }): Promise<AdminChatLine[]> {
    const where: SQL[] = [eq(chatMessages.tableId, tableId)];
    if (query.before !== undefined) where.push(lt(chatMessages.id, query.before));
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(and(...where))
      .orderBy(desc(chatMessages.id))
      .limit(query.limit ?? 200);
    const authors = [...new Set(rows.map((row) => row.userId))];
    const muted = authors.length
      ? new Set(
          (
            await this.db
              .select({ userId: chatMutes.userId })
              .from(chatMutes)
              .where(inArray(chatMutes.userId, authors))
          ).map((row) => row.userId),
        )
      : new Set<number>();
    return rows.map((row) => {
      const { type: _type, ...line } = presentLine(row);
      return { ...line, original: row.original, muted: muted.has(row.userId) };
    });
  }

  async isMuted(userId: number): Promise<boolean> {
    const rows = await this.db
      .select({ userId: chatMutes.userId })
      .from(chatMutes)
      .where(eq(chatMutes.userId, userId));
    return rows.length > 0;
  }

  /**
   * Mutes or unmutes a user at every table, with its audit row in the same transaction. Returns
   * whether anything changed (muting a muted user records nothing).
   */
  async setMuted(userId: number, muted: boolean, actor: AuditActor): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const changed = muted
        ? await tx
            .insert(chatMutes)
            .values({ userId, mutedBy: actor.actorId })
            .onConflictDoNothing()
            .returning()
        : await tx.delete(chatMutes).where(eq(chatMutes.userId, userId)).returning();
      if (changed.length === 0) return false;
      await recordAudit(tx, {
        ...actor,
        action: muted ? 'chat.mute' : 'chat.unmute',
        targetType: 'user',
        targetId: userId,
        summary: muted ? `chat muted for user #${userId}` : `chat unmuted for user #${userId}`,
        coded: { code: muted ? 'chat.mute' : 'chat.unmute', params: { userId } },
      });
      return true;
    });
  }

  /** Deletes lines older than the retention period; returns how many. */
  async purge(): Promise<number> {
    const cutoff = new Date(this.now().getTime() - CHAT_RETENTION_DAYS * DAY_MS);
    const gone = await this.db
      .delete(chatMessages)
      .where(lt(chatMessages.createdAt, cutoff))
      .returning({ id: chatMessages.id });
    return gone.length;
  }

  /** Purges now and then daily until close(). */
  async startRetention(onError: (error: unknown) => void): Promise<void> {
    await this.purge().catch(onError);
    this.purgeTimer = setInterval(() => void this.purge().catch(onError), CHAT_PURGE_EVERY_MS);
    this.purgeTimer.unref();
  }

  close(): void {
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    this.purgeTimer = null;
  }

  /** The per-user rate: one sliding window per user, forgotten once idle for a window. */
  private admit(userId: number): boolean {
    const now = this.rateClock();
    if (this.rates.size > 1000) {
      for (const [id, rate] of this.rates) if (now - rate.lastAt > CHAT_RATE_WINDOW_MS) this.rates.delete(id);
    }
    let rate = this.rates.get(userId);
    if (!rate) {
      rate = {
        window: new RateWindow(CHAT_RATE_LINES, CHAT_RATE_WINDOW_MS, this.rateClock, NO_STALLS),
        lastAt: now,
      };
      this.rates.set(userId, rate);
    }
    rate.lastAt = now;
    return rate.window.admit();
  }
}

/** Chat is not excused by server stalls: a line refused is simply sent again later. */
const NO_STALLS = { stalledWithin: () => 0 };

function presentLine(row: typeof chatMessages.$inferSelect): ChatLine {
  return {
    type: 'chat',
    id: row.id,
    userId: row.userId,
    username: row.username,
    text: row.text,
    time: row.createdAt.getTime(),
  };
}
