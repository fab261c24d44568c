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
import type { UserRecord } from '../../users/userRecord.js';
import type { LiveTable, TableLayer, TableViewer } from '../tableLayer.js';

export const TABLE_HEARTBEAT_MS = 30_000;
/** Messages a connection may send per second before it is closed. */
export const TABLE_MESSAGES_PER_SECOND = 50;
const CLOSE_POLICY = 1008;

export interface TableChannelDeps {
  tableLayer: TableLayer;
  authenticate(token: string): Promise<UserRecord | null>;
  originAllowed(request: FastifyRequest): boolean;
}

export function tableChannelRoutes(app: FastifyInstance, deps: TableChannelDeps): void {
  const connections = new Set<TableConnection>();
  const heartbeat = setInterval(() => {
    for (const connection of connections) connection.beat();
  }, TABLE_HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const connection of connections) connection.socket.terminate();
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
      const connection = new TableConnection(socket, deps);
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

/** One socket: a viewer of one table. Messages are handled one at a time, in order. */
class TableConnection implements TableViewer {
  userId: number | null = null;
  private table: LiveTable | null = null;
  private chain: Promise<void> = Promise.resolve();
  private alive = true;
  private windowStart = Date.now();
  private windowCount = 0;
  private gone = false;

  constructor(
    readonly socket: WebSocket,
    private readonly deps: TableChannelDeps,
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
    table.join(this);
  }

  send(message: TableServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  closed(): void {
    this.gone = true;
    this.table?.leave(this);
  }

  beat(): void {
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  private receive(data: unknown, isBinary: boolean): void {
    if (this.tooFast()) {
      this.send({ type: 'ERROR', code: 'too_many_messages', message: 'Too many messages' });
      this.socket.close(CLOSE_POLICY, 'Too many messages');
      return;
    }
    const parsed = parseClientFrame(data, isBinary);
    if ('error' in parsed) {
      if (parsed.requestId) {
        this.send({
          type: 'REJECT',
          requestId: parsed.requestId,
          code: 'bad-message',
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
        this.send({ type: 'ACK', requestId });
        table.identify(this, user.id);
        return;
      }
      case 'RESUME':
        this.send({ type: 'ACK', requestId });
        table.resume(this, message.lastSeq);
        return;
      default:
        await table.handle(this, message);
    }
  }

  private tooFast(): boolean {
    const now = Date.now();
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    return ++this.windowCount > TABLE_MESSAGES_PER_SECOND;
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
