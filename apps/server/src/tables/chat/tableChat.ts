// Delivers table chat to the viewers of each table in this process; with several processes a line goes
// over the site bus so the viewers that other processes hold hear it too (one delivery path for both).
// The table channel calls join/leave/say; ChatService decides and stores.
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

  /** A viewer opened the table: it hears new lines and gets the recent ones now. */
  join(tableId: number, viewer: ChatViewer): void {
    let room = this.rooms.get(tableId);
    if (!room) this.rooms.set(tableId, (room = new Set()));
    room.add(viewer);
    void this.chat
      .recent(tableId)
      .then((lines) => {
        if (room.has(viewer)) viewer.send({ type: 'CHAT', lines, history: true });
      })
      .catch(this.onError);
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
