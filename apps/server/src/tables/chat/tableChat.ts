// Delivers table chat to the viewers of each table in this process; with several processes a line goes
// over the site bus so the viewers that other processes hold hear it too (one delivery path for both).
// The table channel calls join/leave/say; ChatService decides and stores.
import { setImmediate } from 'node:timers';
import type { ChatCommandSchema, ChatLine, TableServerMessage } from '@tenger/protocol';
import type { z } from 'zod';
import type { ClusterBus } from '../../cluster/clusterBus.js';
import { CLUSTER_CHANNELS } from '../../cluster/siteEvent.js';
import type { ChatService, ChatSpeaker } from './chatService.js';

export interface ChatViewer {
  send(message: TableServerMessage): void;
}

export class TableChat {
  private readonly rooms = new Map<number, Set<ChatViewer>>();
  /** Per table, the viewers that joined in this turn of the event loop and wait for the recent lines. */
  private readonly awaitingHistory = new Map<number, Set<ChatViewer>>();

  private readonly unsubscribe: () => void;

  constructor(
    private readonly chat: ChatService,
    private readonly bus: ClusterBus,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.unsubscribe = bus.subscribe<{ tableId: number; line: ChatLine }>(
      CLUSTER_CHANNELS.tableChat,
      ({ tableId, line }) => this.deliver(tableId, line),
    );
  }

  close(): void {
    this.unsubscribe();
  }

  /**
   * A viewer opened the table: it hears new lines and gets the recent ones now. The viewers of one table
   * that join in the same turn of the event loop share one read of the recent lines, made after they all
   * joined (so none misses a line): a table's six sockets reconnecting to the process that took the table
   * over (a failover moves thousands of sockets at once) read its chat once, not six times.
   */
  join(tableId: number, viewer: ChatViewer): void {
    let room = this.rooms.get(tableId);
    if (!room) this.rooms.set(tableId, (room = new Set()));
    room.add(viewer);
    const waiting = this.awaitingHistory.get(tableId);
    if (waiting) {
      waiting.add(viewer);
      return;
    }
    const viewers = new Set([viewer]);
    this.awaitingHistory.set(tableId, viewers);
    setImmediate(() => {
      this.awaitingHistory.delete(tableId);
      void this.chat
        .recent(tableId)
        .then((lines) => {
          const message: TableServerMessage = { type: 'CHAT', lines, history: true };
          const present = this.rooms.get(tableId);
          for (const v of viewers) if (present?.has(v)) v.send(message);
        })
        .catch(this.onError);
    });
  }

  leave(tableId: number, viewer: ChatViewer): void {
    const room = this.rooms.get(tableId);
    room?.delete(viewer);
    if (room?.size === 0) this.rooms.delete(tableId);
  }

  /** A CHAT command: answered with ACK (and the line to everyone at the table) or REJECT. */
  async say(
    tableId: number,
    viewer: ChatViewer,
    speaker: ChatSpeaker | null,
    command: z.infer<typeof ChatCommandSchema>,
  ): Promise<void> {
    const requestId = command.requestId ?? null;
    const outcome = await this.chat.say(tableId, speaker, command.text).catch((error: unknown) => {
      this.onError(error);
      return { code: 'busy' as const, message: 'Chat is unavailable: try again' };
    });
    if ('code' in outcome) {
      viewer.send({ type: 'REJECT', requestId, code: outcome.code, message: outcome.message });
      return;
    }
    viewer.send({ type: 'ACK', requestId });
    await this.bus
      .publish(CLUSTER_CHANNELS.tableChat, { tableId, line: outcome.line })
      .catch((error: unknown) => {
        this.onError(error);
        this.deliver(tableId, outcome.line); // the bus is down: at least this process's viewers hear it
      });
  }

  private deliver(tableId: number, line: ChatLine): void {
    const message: TableServerMessage = { type: 'CHAT', lines: [line] };
    for (const other of this.rooms.get(tableId) ?? []) other.send(message);
  }
}
