// /ws/table/{tableId}: one socket per table viewer. A spectator until AUTH. Every frame comes from
// the table runtime's per-viewer door; this file only parses, authenticates and forwards, and makes
// sure nothing a client sends can break the table or the process.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  TABLE_CHANNEL_PATH,
  TABLE_CLIENT_FRAME_MAX_BYTES,
  TableClientMessageSchema,
  type TableClientMessage,
  type TableServerMessage,
} from '@tenger/protocol';
import type { WebSocket } from 'ws';
import type { SessionChange, SessionEvents } from '../../auth/sessionEvents.js';
import { hashToken } from '../../auth/tokens.js';
import { RateWindow } from '../../realtime/rateWindow.js';
import {
  CLOSE_POLICY,
  CLOSE_SESSION_ENDED,
  closeForPolicy,
  sendBounded,
  type ConnectionsPerIp,
} from '../../realtime/socketGuard.js';
import type { UserRecord } from '../../users/userRecord.js';
import type { TableChat } from '../chat/tableChat.js';
import type { LiveTable, TableLayer, TableViewer } from '../tableLayer.js';

export const TABLE_HEARTBEAT_MS = 30_000;
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
  /** The per-address connection cap shared with /ws/global. */
  connections?: ConnectionsPerIp;
  /** Called with a listener that must hear of every user whose balance changed (ledger postings). */
  onBalanceChanged?(listener: (userId: number) => void): () => void;
  /** Table chat (tables/chat): CHAT commands and the lines viewers hear. */
  chat?: TableChat;
}

export function tableChannelRoutes(app: FastifyInstance, deps: TableChannelDeps): void {
  const connections = new Set<TableConnection>();
  const shortfalls = new Shortfalls();
  const heartbeat = setInterval(() => {
    for (const connection of connections) connection.beat();
  }, TABLE_HEARTBEAT_MS);
  heartbeat.unref();
  const unfollow = deps.sessionEvents?.on((change) => {
    for (const connection of connections) connection.sessionChanged(change);
  });
  const unwatch = deps.onBalanceChanged?.((userId) => shortfalls.forget(userId));
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unfollow?.();
    unwatch?.();
    for (const connection of connections) connection.socket.terminate();
  });

  app.get(
    TABLE_CHANNEL_PATH,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (!deps.originAllowed(request)) {
          await reply.status(403).send({ error: { code: 'forbidden', message: 'Origin not allowed' } });
        } else if (deps.connections && !deps.connections.hasRoom(request.ip)) {
          await reply
            .status(429)
            .send({ error: { code: 'rate_limited', message: 'Too many connections from your address' } });
        }
      },
    },
    (socket: WebSocket, request: FastifyRequest) => {
      if (deps.connections && !deps.connections.admit(socket, request.ip)) return;
      const raw = (request.params as { tableId?: string }).tableId ?? '';
      const tableId = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
      const connection = new TableConnection(socket, deps, shortfalls);
      connections.add(connection);
      socket.on('close', () => {
        connections.delete(connection);
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

/** One socket: a viewer of one table. Messages are handled one at a time, in order. */
class TableConnection implements TableViewer {
  userId: number | null = null;
  private username = '';
  private token: string | null = null;
  private tokenHash: string | null = null;
  private table: LiveTable | null = null;
  private tableId: number | null = null;
  private chain: Promise<void> = Promise.resolve();
  private alive = true;
  private readonly rate = new RateWindow(TABLE_MESSAGES_PER_SECOND, 1000);
  /** The money command being handled, to learn from its reply. */
  private current: TableClientMessage | null = null;
  private gone = false;
  /** Closed for a policy reason or because the session ended: whatever it still sends is ignored. */
  private closing = false;

  constructor(
    readonly socket: WebSocket,
    private readonly deps: TableChannelDeps,
    private readonly shortfalls: Shortfalls,
  ) {
    socket.on('pong', () => (this.alive = true));
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
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
    sendBounded(this.socket, JSON.stringify(message));
  }

  closed(): void {
    this.gone = true;
    this.table?.leave(this);
    if (this.tableId !== null) this.deps.chat?.leave(this.tableId, this);
  }

  beat(): void {
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  /** A revocation: close if it names this connection's token or user; re-check on an account change. */
  sessionChanged(change: SessionChange): void {
    if (this.userId === null || this.closing) return;
    if (change.tokenHash !== undefined) {
      if (change.tokenHash === this.tokenHash) this.endSession();
      return;
    }
    if (change.userId !== this.userId) return;
    if (change.revoked) {
      if (change.except !== this.tokenHash) this.endSession();
      return;
    }
    void this.sessionHolds().then((holds) => {
      if (!holds) this.endSession();
    });
  }

  private receive(data: unknown, isBinary: boolean): void {
    if (this.closing) return;
    if (!this.rate.admit()) {
      this.closing = true;
      this.send({ type: 'ERROR', code: 'too_many_messages', message: 'Too many messages' });
      closeForPolicy(this.socket, CLOSE_POLICY, 'Too many messages');
      return;
    }
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
    if (this.closing) return;
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
        this.token = message.token;
        this.tokenHash = hashToken(message.token);
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
          if (!(await this.sessionHolds())) {
            this.send({
              type: 'REJECT',
              requestId,
              code: 'session_ended',
              message: 'Your session has ended',
            });
            this.endSession();
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
      this.send({ type: 'REJECT', requestId: message.requestId ?? null, code: 'busy', message: 'No chat here' });
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
    this.shortfalls.inFlight.add(key);
    this.current = message;
    try {
      await table.handle(this, message);
    } finally {
      this.current = null;
      this.shortfalls.inFlight.delete(key);
    }
  }

  /** Whether the token this connection signed in with still belongs to its user, active (cached lookup). */
  private async sessionHolds(): Promise<boolean> {
    const token = this.token;
    if (token === null || this.userId === null) return false;
    const user = await this.deps.authenticate(token).catch(() => null);
    return user !== null && user.status === 'active' && user.id === this.userId && this.token === token;
  }

  private learnShortfall(): void {
    const command = this.current;
    if (this.userId === null || !command) return;
    if (command.type === 'SIT' || command.type === 'RECHARGE')
      this.shortfalls.record(this.userId, command.amount);
  }

  /** The session ended: no more commands, and the socket closes (4001). The seat stays, as on any disconnect. */
  private endSession(): void {
    this.closing = true;
    closeForPolicy(this.socket, CLOSE_SESSION_ENDED, 'Session ended');
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
