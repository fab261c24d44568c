import {
  GLOBAL_SOCKET_MAX_RECONNECTS,
  GLOBAL_SOCKET_PATH,
  GLOBAL_SOCKET_RECONNECT_DELAY_MS,
} from '../app/constants';
import type { GlobalServerMessage } from '../api/types';

export interface GlobalSocketHandlers {
  onBalance(userId: number | string, balance: number, locked?: number): void;
  onJackpot(amount: number): void;
  /** The server closed with 4001: the session ended (logout elsewhere, password change, block…). */
  onSessionEnded?(): void;
  /** True when the server closed with 1012 (restarting for a deploy); false once connected again or given up. */
  onServerRestart?(restarting: boolean): void;
}

/** The server's close code for a session that ended; reconnecting with the same token is pointless. */
export const SESSION_ENDED_CLOSE_CODE = 4001;
/** Service Restart: the server is shutting down for a deploy; reconnecting soon finds it (or the next one). */
export const SERVER_RESTART_CLOSE_CODE = 1012;

/** What we need of a WebSocket (the browser's, or a fake in tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface GlobalSocketOptions extends GlobalSocketHandlers {
  url: string;
  token: string;
  createSocket?: (url: string) => SocketLike;
  logger?: Pick<Console, 'warn' | 'error'>;
}

const CONNECTING = 0;
const OPEN = 1;

/** `/ws/global` under the API host, http(s) rewritten to ws(s). */
export function globalSocketUrl(apiHost: string): string {
  return `${apiHost.replace(/^http/, 'ws')}${GLOBAL_SOCKET_PATH}`;
}

/**
 * The live connection of spec §4: sends AUTH on open; on an unexpected close retries up to 5 times,
 * waiting 2000 ms × attempt number, then gives up with a console warning. Never opens a second socket
 * while one is open or connecting. A successful open starts the attempt count afresh.
 */
export class GlobalSocket {
  private socket: SocketLike | null = null;
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private restarting = false;
  private readonly createSocket: (url: string) => SocketLike;
  private readonly logger: Pick<Console, 'warn' | 'error'>;

  constructor(private readonly options: GlobalSocketOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.logger = options.logger ?? console;
  }

  connect(): void {
    this.stopped = false;
    if (this.socket && (this.socket.readyState === OPEN || this.socket.readyState === CONNECTING)) return;
    if (this.retryTimer !== null) return;
    this.open();
  }

  /** Closed on purpose (the user went away): no retries. */
  close(): void {
    this.stopped = true;
    this.setRestarting(false);
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.onopen = null;
      socket.close(1000, 'client closed');
    }
  }

  get reconnectAttempts(): number {
    return this.attempts;
  }

  private open(): void {
    const socket = this.createSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      this.setRestarting(false);
      socket.send(JSON.stringify({ type: 'AUTH', token: this.options.token }));
    };
    socket.onmessage = (event) => this.handleMessage(event.data);
    socket.onerror = () => {
      // The close event that follows drives the retry.
    };
    socket.onclose = (event) => {
      if (this.socket === socket) this.socket = null;
      if (event?.code === SESSION_ENDED_CLOSE_CODE) {
        this.stopped = true;
        this.options.onSessionEnded?.();
        return;
      }
      if (event?.code === SERVER_RESTART_CLOSE_CODE && !this.stopped) this.setRestarting(true);
      if (!this.stopped) this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.attempts >= GLOBAL_SOCKET_MAX_RECONNECTS) {
      this.logger.warn(`/ws/global: gave up after ${GLOBAL_SOCKET_MAX_RECONNECTS} reconnect attempts`);
      this.setRestarting(false);
      return;
    }
    this.attempts += 1;
    const delay = GLOBAL_SOCKET_RECONNECT_DELAY_MS * this.attempts;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  private setRestarting(restarting: boolean): void {
    if (this.restarting === restarting) return;
    this.restarting = restarting;
    this.options.onServerRestart?.(restarting);
  }

  private handleMessage(raw: unknown): void {
    let message: GlobalServerMessage | null;
    try {
      message = JSON.parse(String(raw)) as GlobalServerMessage;
    } catch (error) {
      this.logger.error('/ws/global: unparseable message', error);
      return;
    }
    if (message?.type === 'BALANCE_UPDATE' && message.data) {
      this.options.onBalance(message.data.userId, message.data.balance, message.data.locked);
    } else if (message?.type === 'GAME' && message.action === 'JACKPOT_UPDATE') {
      this.options.onJackpot(message.amount);
    }
  }
}
