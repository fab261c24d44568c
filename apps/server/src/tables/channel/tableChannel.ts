// /ws/table/{tableId}: one socket per table viewer. A spectator until AUTH. Every frame comes from
// the table runtime's per-viewer door; this file only parses, authenticates and forwards, and makes
// sure nothing a client sends can break the table or the process.
import { DEFAULT_TABLE_CLOSED_LINGER_MS } from '../../config.js';
import type { SeatAddresses } from '../../security/seatAddresses.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  TABLE_CHANNEL_PATH,
  TABLE_CLIENT_FRAME_MAX_BYTES,
  TableClientMessageSchema,
  type TableClientMessage,
  type TableServerMessage,
} from '@tenger/protocol';
import type { WebSocket } from 'ws';
import type { SessionEvents } from '../../auth/sessionEvents.js';
import { HEARTBEAT_INTERVAL_MS, SessionRoster, SocketSession } from '../../realtime/socketSession.js';
import type { UserRecord } from '../../users/userRecord.js';
import type { TableChat } from '../chat/tableChat.js';
import type { LiveTable, TableLayer, TableViewer } from '../tableLayer.js';

export const TABLE_HEARTBEAT_MS = HEARTBEAT_INTERVAL_MS;
/** Messages a connection may send in any second (sliding window) before it is closed. */
export const TABLE_MESSAGES_PER_SECOND = 50;
/** How long "this player's balance is below X" is trusted without asking the ledger again. */
export const KNOWN_SHORT_MS = 10_000;
/** Commands that act or move money: each re-checks that the session and the account still hold. */
const SESSION_CHECKED = new Set<TableClientMessage['type']>([
  'SIT',
  'RECHARGE',
  'ACTION',
  'LEAVE',
  'SIT_OUT',
  'SIT_IN',
  'CHAT',
]);

export interface TableChannelDeps {
  tableLayer: TableLayer;
  authenticate(token: string): Promise<UserRecord | null>;
  originAllowed(request: FastifyRequest): boolean;
  /** Revocations: sockets opened with a revoked token close at once. */
  sessionEvents?: SessionEvents;
  /** Called with a listener that must hear of every user whose balance changed (ledger postings). */
  onBalanceChanged?(listener: (userId: number) => void): () => void;
  /** Table chat (tables/chat): CHAT commands and the lines viewers hear. */
  chat?: TableChat;
  /** Where players sit down from (security desk): recorded at SIT, and a second seat per address refused when set. */
  seatAddresses?: Pick<SeatAddresses, 'refuses' | 'record'>;
  /** How long a socket stays open after its table closed for good (config.tableClosedLingerMs). */
  closedLingerMs?: number;
}

export function tableChannelRoutes(app: FastifyInstance, deps: TableChannelDeps): void {
  // The socket sessions of this channel: heartbeat, and revocations that close them (4001).
  const sessions = new SessionRoster<SocketSession>(undefined, TABLE_HEARTBEAT_MS);
  if (deps.sessionEvents) sessions.follow(deps.sessionEvents);
  const shortfalls = new Shortfalls();
  const unwatch = deps.onBalanceChanged?.((userId) => shortfalls.forget(userId));
  app.addHook('onClose', async () => {
    unwatch?.();
    sessions.close();
  });

  app.get(
    TABLE_CHANNEL_PATH,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (!deps.originAllowed(request)) {
          await reply.status(403).send({ error: { code: 'forbidden', message: 'Origin not allowed' } });
        }
      },
    },
    (socket: WebSocket, request: FastifyRequest) => {
      const raw = (request.params as { tableId?: string }).tableId ?? '';
      const tableId = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
      const session = new SocketSession(socket, deps.authenticate, TABLE_MESSAGES_PER_SECOND);
      const origin = { address: request.ip ?? '', device: String(request.headers['user-agent'] ?? '') };
      const connection = new TableConnection(session, sessions, deps, shortfalls, origin);
      sessions.add(session);
      socket.on('close', () => {
        sessions.delete(session);
        connection.closed();
      });
      socket.on('error', () => socket.terminate());
      connection.start(tableId);
    },
  );
}

/**
 * Players whose balance is known to be below an amount, so a flood of SIT or RECHARGE they cannot pay
 * for is refused without the database. Forgotten when their balance changes, or after a while.
 */
class Shortfalls {
  /** "userId:tableId" of SIT/RECHARGE being handled by the table now. */
  readonly inFlight = new Set<string>();
  private readonly below = new Map<number, { amount: number; until: number }>();

  isShort(userId: number, amount: number): boolean {
    const known = this.below.get(userId);
    if (!known) return false;
    if (known.until <= Date.now()) {
      this.below.delete(userId);
      return false;
    }
    return amount >= known.amount;
  }

  record(userId: number, amount: number): void {
    const known = this.below.get(userId);
    const until = Date.now() + KNOWN_SHORT_MS;
    this.below.set(userId, { amount: known ? Math.min(known.amount, amount) : amount, until });
  }

  forget(userId: number): void {
    this.below.delete(userId);
  }
}

/**
 * One socket: a viewer of one table. Messages are handled one at a time, in order. Its socket session
 * (socketSession.ts) owns sign-in, the rate window, heartbeat, revocation and the bounded send buffer.
 */
class TableConnection implements TableViewer {
  userId: number | null = null;
  private username = '';
  private table: LiveTable | null = null;
  private tableId: number | null = null;
  private chain: Promise<void> = Promise.resolve();
  /** The money command being handled, to learn from its reply. */
  private current: TableClientMessage | null = null;
  private gone = false;
  /** The close that follows `table-closed`. */
  private closing: NodeJS.Timeout | null = null;

  constructor(
    private readonly session: SocketSession,
    private readonly sessions: SessionRoster<SocketSession>,
    private readonly deps: TableChannelDeps,
    private readonly shortfalls: Shortfalls,
    private readonly origin: { address: string; device: string } = { address: '', device: '' },
  ) {
    session.socket.on('message', (data, isBinary) => this.receive(data, isBinary));
  }

  get socket(): WebSocket {
    return this.session.socket;
  }

  /** Opens the table; messages that arrive meanwhile wait in the chain. */
  start(tableId: number | null): void {
    this.chain = this.open(tableId).catch(() => undefined);
  }

  private async open(tableId: number | null): Promise<void> {
    const table = tableId === null ? null : await this.deps.tableLayer.live?.(tableId).catch(() => null);
    if (this.gone) return;
    if (!table) {
      this.send({ type: 'ERROR', code: 'not_found', message: 'No such table' });
      this.socket.close(4004, 'No such table');
      return;
    }
    this.table = table;
    this.tableId = tableId;
    table.join(this);
    this.deps.chat?.join(tableId!, this);
  }

  send(message: TableServerMessage): void {
    if (message.type === 'REJECT' && message.code === 'insufficient_funds') this.learnShortfall();
    this.session.send(message);
    this.closeIfTableClosed(message);
  }

  /** A frame shared by several viewers: an event (replies, REJECT among them, are never shared). */
  sendEncoded(message: TableServerMessage, encoded: Buffer): void {
    this.session.sendEncoded(encoded);
    this.closeIfTableClosed(message);
  }

  /**
   * The table is gone for good (deleted, or a tournament table broken or finished): the socket closes
   * a while after that event (a tournament-move or -finish may still follow it), and so lets the table
   * go: an open spectator socket held its runtime (event log, hands, viewers) for as long as it stayed.
   * The web client does not reconnect after `table-closed`.
   */
  private closeIfTableClosed(message: TableServerMessage): void {
    if (message.type !== 'EVENT' || message.event.type !== 'table-closed' || this.closing) return;
    this.closing = setTimeout(
      () => this.socket.close(1000, 'Table closed'),
      this.deps.closedLingerMs ?? DEFAULT_TABLE_CLOSED_LINGER_MS,
    );
    this.closing.unref();
  }

  closed(): void {
    this.gone = true;
    if (this.closing) clearTimeout(this.closing);
    this.table?.leave(this);
    if (this.tableId !== null) this.deps.chat?.leave(this.tableId, this);
  }

  private receive(data: unknown, isBinary: boolean): void {
    if (!this.session.admit()) return;
    const parsed = parseClientFrame(data, isBinary);
    if ('error' in parsed) {
      if (parsed.requestId) {
        this.send({
          type: 'REJECT',
          requestId: parsed.requestId,
          code: 'bad_message',
          message: parsed.error,
        });
      } else this.send({ type: 'ERROR', code: 'bad_message', message: parsed.error });
      return;
    }
    this.chain = this.chain
      .then(() => this.dispatch(parsed.message))
      .catch(() =>
        this.send({ type: 'ERROR', code: 'bad_message', message: 'Could not handle the message' }),
      );
  }

  private async dispatch(message: TableClientMessage): Promise<void> {
    if (this.session.closing) return;
    const requestId = message.requestId ?? null;
    if (message.type === 'PING') {
      this.send({ type: 'PONG', requestId });
      return;
    }
    const table = this.table;
    if (!table) {
      this.send({ type: 'REJECT', requestId, code: 'busy', message: 'The table is not open yet' });
      return;
    }
    switch (message.type) {
      case 'AUTH': {
        const user = await this.deps.authenticate(message.token).catch(() => null);
        if (!user || user.status !== 'active') {
          this.send({ type: 'REJECT', requestId, code: 'unauthorized', message: 'Invalid or expired token' });
          return;
        }
        this.sessions.signIn(this.session, user.id, message.token);
        this.username = user.username;
        this.send({ type: 'ACK', requestId });
        table.identify(this, user.id);
        return;
      }
      case 'RESUME':
        this.send({ type: 'ACK', requestId });
        table.resume(this, message.lastSeq);
        return;
      default: {
        if (this.userId !== null && SESSION_CHECKED.has(message.type)) {
          if (!(await this.session.sessionHolds())) {
            this.send({
              type: 'REJECT',
              requestId,
              code: 'session_ended',
              message: 'Your session has ended',
            });
            this.sessions.end(this.session);
            return;
          }
          if (message.type === 'SIT' || message.type === 'RECHARGE') {
            await this.handleMoney(table, message);
            return;
          }
        }
        if (message.type === 'CHAT') {
          await this.chat(message);
          return;
        }
        this.current = message;
        try {
          await table.handle(this, message);
        } finally {
          this.current = null;
        }
      }
    }
  }

  /** CHAT goes to the table chat, not the runtime: any logged-in viewer may talk, spectators too. */
  private async chat(message: Extract<TableClientMessage, { type: 'CHAT' }>): Promise<void> {
    const speaker = this.userId === null ? null : { userId: this.userId, username: this.username };
    if (!this.deps.chat || this.tableId === null) {
      this.send({
        type: 'REJECT',
        requestId: message.requestId ?? null,
        code: 'busy',
        message: 'No chat here',
      });
      return;
    }
    await this.deps.chat.say(this.tableId, this, speaker, message);
  }

  /**
   * SIT and RECHARGE: refused here when the player was just refused for this much, or while another of
   * their SIT/RECHARGE at this table is still being handled (from another socket), so that a flood of
   * them reaches the ledger once, not once per frame.
   */
  private async handleMoney(
    table: LiveTable,
    message: Extract<TableClientMessage, { type: 'SIT' | 'RECHARGE' }>,
  ): Promise<void> {
    const requestId = message.requestId ?? null;
    const userId = this.userId!;
    if (this.shortfalls.isShort(userId, message.amount)) {
      this.send({
        type: 'REJECT',
        requestId,
        code: 'insufficient_funds',
        message: 'Your balance is too low',
      });
      return;
    }
    const key = `${userId}:${this.tableId}`;
    if (this.shortfalls.inFlight.has(key)) {
      this.send({
        type: 'REJECT',
        requestId,
        code: 'busy',
        message: 'Your previous request is still being handled',
      });
      return;
    }
    // Held from here, before any awaited step (the seat address check and record below), so that the
    // other sockets' SITs of this player meanwhile are refused busy and never reach the ledger.
    this.shortfalls.inFlight.add(key);
    try {
      if (message.type === 'SIT' && (await this.refusedForAddress(requestId, userId))) return;
      this.current = message;
      await table.handle(this, message);
    } finally {
      this.current = null;
      this.shortfalls.inFlight.delete(key);
    }
  }

  /** The security desk's shared-address refusal for a SIT (REJECT sent), else the seat address recorded. */
  private async refusedForAddress(requestId: string | null, userId: number): Promise<boolean> {
    const addresses = this.deps.seatAddresses;
    const tableId = this.tableId;
    if (!addresses || tableId === null) return false;
    const { address, device } = this.origin;
    const seated = async () =>
      (await this.deps.tableLayer.session(tableId)).seats.flatMap((s) =>
        s.userId == null ? [] : [s.userId],
      );
    if (
      await seated()
        .then((ids) => addresses.refuses(tableId, userId, address, ids))
        .catch(() => false)
    ) {
      this.send({
        type: 'REJECT',
        requestId,
        code: 'shared_address',
        message: 'Another player at this table is connected from the same address',
      });
      return true;
    }
    await addresses.record(tableId, userId, address, device).catch(() => undefined);
    return false;
  }

  private learnShortfall(): void {
    const command = this.current;
    if (this.userId === null || !command) return;
    if (command.type === 'SIT' || command.type === 'RECHARGE')
      this.shortfalls.record(this.userId, command.amount);
  }
}

/** A client frame as a valid message, or why not (with its requestId when one could be read). */
export function parseClientFrame(
  data: unknown,
  isBinary: boolean,
): { message: TableClientMessage } | { error: string; requestId?: string } {
  const buffer = Array.isArray(data) ? Buffer.concat(data as Buffer[]) : data;
  if (isBinary || !Buffer.isBuffer(buffer)) return { error: 'Send JSON text frames' };
  if (buffer.length > TABLE_CLIENT_FRAME_MAX_BYTES) return { error: 'Message too long' };
  let json: unknown;
  try {
    json = JSON.parse(buffer.toString('utf8'));
  } catch {
    return { error: 'Not JSON' };
  }
  const parsed = TableClientMessageSchema.safeParse(json);
  if (parsed.success) return { message: parsed.data };
  const requestId =
    json && typeof json === 'object' && typeof (json as { requestId?: unknown }).requestId === 'string'
      ? (json as { requestId: string }).requestId.slice(0, 64)
      : undefined;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return { error: `${where}${issue?.message ?? 'Unrecognised message'}`, requestId: requestId || undefined };
}
