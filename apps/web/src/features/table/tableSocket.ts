import type {
  ChatServerMessage,
  TableClientMessage,
  TableRejectCode,
  TableServerMessage,
} from '@tenger/protocol';
import { ReconnectingSocket, type SocketLike } from '../../realtime/reconnectingSocket';
import { initialTableState, tableReducer, type TableInput, type TableViewState } from './tableState';

/**
 * The client of one table channel, `/ws/table/{id}` (docs/protocol-table.md). It owns the table view
 * state (built by the pure `tableReducer`) and the connection:
 * - on open it sends AUTH with the stored access token (without one the viewer stays a spectator);
 * - after a drop it reconnects on its own (no page reload), and asks RESUME {lastSeq} so missed events
 *   are replayed — or the server sends a fresh SNAPSHOT when they are no longer buffered;
 * - when an event is missing (a gap in seq) it asks RESUME from the last event it applied;
 * - commands carry a requestId and resolve on ACK or reject on REJECT.
 */

export const TABLE_RECONNECT_MAX_ATTEMPTS = 10;
export const TABLE_RECONNECT_BASE_DELAY_MS = 1000;
export const TABLE_RECONNECT_MAX_DELAY_MS = 10_000;
export const TABLE_PING_INTERVAL_MS = 20_000;
export const TABLE_COMMAND_TIMEOUT_MS = 10_000;

const OPEN = 1;
const SERVER_MESSAGE_TYPES = new Set(['SNAPSHOT', 'EVENT', 'ACK', 'REJECT', 'ERROR', 'PONG', 'CHAT']);

/** Commands the page sends (AUTH, RESUME and PING are the client's own business). */
export type TableCommand = Exclude<TableClientMessage, { type: 'AUTH' | 'RESUME' | 'PING' }>;
type WithoutRequestId<T> = T extends unknown ? Omit<T, 'requestId'> : never;
export type TableCommandInput = WithoutRequestId<TableCommand>;

export class TableCommandError extends Error {
  constructor(
    readonly code: TableRejectCode | 'timeout' | 'offline',
    message: string,
  ) {
    super(message);
  }
}

export interface TableSocketOptions {
  url: string;
  /** Read at every (re)connect, so a login in another tab is picked up. */
  getToken: () => string | null;
  createSocket?: (url: string) => SocketLike;
  logger?: Pick<Console, 'warn' | 'error'>;
  /** True when the server closed with 1012 (restarting for a deploy); false once the table is back or given up. */
  onServerRestart?(restarting: boolean): void;
  /** Timer functions (fake ones in tests). */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
}

/** `/ws/table/{id}` under the API host, http(s) rewritten to ws(s). */
export function tableSocketUrl(apiHost: string, tableId: string | number): string {
  return `${apiHost.replace(/^http/, 'ws')}/ws/table/${encodeURIComponent(String(tableId))}`;
}

export class TableSocket {
  private state: TableViewState = initialTableState();
  private readonly listeners = new Set<() => void>();
  private readonly chatListeners = new Set<(message: ChatServerMessage) => void>();
  /** The connection: reconnects after a drop (reconnectingSocket.ts), up to 10 times, 1 s × attempt (at most 10 s). */
  private readonly link: ReconnectingSocket;
  private pingTimer: unknown = null;
  private requestCounter = 0;
  private resumeAsked = false;
  /** Whether the table had been seen when the current socket was opened (then it asks RESUME). */
  private wasConnected = false;
  private readonly pending = new Map<
    string,
    { resolve: () => void; reject: (error: TableCommandError) => void; timer: unknown }
  >();
  private readonly logger: Pick<Console, 'warn' | 'error'>;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (id: unknown) => void;

  constructor(private readonly options: TableSocketOptions) {
    this.logger = options.logger ?? console;
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((id) => clearTimeout(id as ReturnType<typeof setTimeout>));
    this.link = new ReconnectingSocket({
      url: options.url,
      name: '/ws/table',
      policy: {
        maxAttempts: TABLE_RECONNECT_MAX_ATTEMPTS,
        delayMs: (attempt) => Math.min(TABLE_RECONNECT_MAX_DELAY_MS, TABLE_RECONNECT_BASE_DELAY_MS * attempt),
      },
      createSocket: options.createSocket,
      logger: this.logger,
      setTimer: this.setTimer,
      clearTimer: this.clearTimer,
      onServerRestart: options.onServerRestart,
      onConnecting: () => {
        this.wasConnected = this.state.seq >= 0;
        this.dispatch({ type: 'connection', status: this.wasConnected ? 'reconnecting' : 'connecting' });
      },
      onOpen: (socket) => this.opened(socket),
      onMessage: (data) => this.handleMessage(data),
      onClose: () => {
        this.stopPing();
        this.failPending('offline');
        return this.state.connection !== 'not-found' && this.state.connection !== 'closed';
      },
      onRetry: () => this.dispatch({ type: 'connection', status: 'reconnecting' }),
      onGiveUp: () => this.dispatch({ type: 'connection', status: 'offline' }),
    });
  }

  // ---- state for React (useSyncExternalStore) ----

  getState = (): TableViewState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Feeds one input through the reducer (messages from the server, connection changes). */
  dispatch(input: TableInput): void {
    const next = tableReducer(this.state, input);
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  /** Chat lines (not table state: no seq, never replayed by RESUME; the server resends recent ones). */
  onChat = (listener: (message: ChatServerMessage) => void): (() => void) => {
    this.chatListeners.add(listener);
    return () => this.chatListeners.delete(listener);
  };

  // ---- connection ----

  connect(): void {
    this.link.connect({ now: true });
  }

  /** Reconnect now (the "Reconnect" button, or the browser coming back online). */
  reconnect(): void {
    this.link.reconnectNow();
  }

  close(): void {
    this.link.close(1000, 'left the table');
    this.stopPing();
    this.failPending('offline');
  }

  /** Sends a command; resolves on its ACK, rejects with the REJECT's code and message. */
  send(command: TableCommandInput): Promise<void> {
    const socket = this.link.openSocket;
    if (!socket) {
      return Promise.reject(new TableCommandError('offline', 'Not connected to the table'));
    }
    this.requestCounter += 1;
    const requestId = `c${this.requestCounter}`;
    return new Promise<void>((resolve, reject) => {
      const timer = this.setTimer(() => {
        this.pending.delete(requestId);
        reject(new TableCommandError('timeout', 'The table did not answer in time'));
      }, TABLE_COMMAND_TIMEOUT_MS);
      this.pending.set(requestId, { resolve, reject, timer });
      socket.send(JSON.stringify({ ...command, requestId }));
    });
  }

  private opened(socket: SocketLike): void {
    const token = this.options.getToken();
    if (token) socket.send(JSON.stringify({ type: 'AUTH', token, requestId: 'auth' }));
    if (this.wasConnected) this.sendResume(socket);
    this.startPing(socket);
  }

  private sendResume(socket: SocketLike): void {
    if (this.state.seq < 0) return;
    this.resumeAsked = true;
    socket.send(JSON.stringify({ type: 'RESUME', lastSeq: this.state.seq, requestId: 'resume' }));
  }

  private handleMessage(raw: unknown): void {
    let message: TableServerMessage;
    try {
      message = JSON.parse(String(raw)) as TableServerMessage;
    } catch (error) {
      this.logger.error('/ws/table: unparseable message', error);
      return;
    }
    if (
      !message ||
      typeof message !== 'object' ||
      !SERVER_MESSAGE_TYPES.has((message as { type?: string }).type ?? '')
    ) {
      this.logger.error('/ws/table: unknown message', message);
      return;
    }
    if (message.type === 'ACK' || message.type === 'REJECT') this.settle(message);
    if (message.type === 'CHAT') {
      for (const listener of this.chatListeners) listener(message);
      return;
    }
    if (message.type === 'SNAPSHOT') this.resumeAsked = false;
    // Back after a restart: the first answer from the table (a snapshot, or the resumed events).
    if (message.type === 'SNAPSHOT' || message.type === 'EVENT' || message.type === 'ACK')
      this.link.backFromRestart();
    this.dispatch(message);
    // A gap in the events: ask for the rest once (the answer is the events or a fresh snapshot).
    const open = this.link.openSocket;
    if (this.state.outOfSync && !this.resumeAsked && open) this.sendResume(open);
    if (!this.state.outOfSync) this.resumeAsked = false;
  }

  private settle(message: Extract<TableServerMessage, { type: 'ACK' | 'REJECT' }>): void {
    if (!message.requestId) return;
    const waiting = this.pending.get(message.requestId);
    if (!waiting) return;
    this.pending.delete(message.requestId);
    this.clearTimer(waiting.timer);
    if (message.type === 'ACK') waiting.resolve();
    else waiting.reject(new TableCommandError(message.code, message.message));
  }

  private failPending(code: 'offline'): void {
    for (const [id, waiting] of this.pending) {
      this.clearTimer(waiting.timer);
      waiting.reject(new TableCommandError(code, 'The connection to the table was lost'));
      this.pending.delete(id);
    }
  }

  private startPing(socket: SocketLike): void {
    this.stopPing();
    const tick = () => {
      if (socket.readyState === OPEN) socket.send(JSON.stringify({ type: 'PING' }));
      this.pingTimer = this.setTimer(tick, TABLE_PING_INTERVAL_MS);
    };
    this.pingTimer = this.setTimer(tick, TABLE_PING_INTERVAL_MS);
  }

  private stopPing(): void {
    if (this.pingTimer !== null) this.clearTimer(this.pingTimer);
    this.pingTimer = null;
  }
}
