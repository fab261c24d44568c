// One reconnecting WebSocket for both channels (/ws/global and /ws/table/{id}): opens, and after an
// unexpected close opens again after a delay that grows with the attempt, until the policy's attempts
// are spent; a successful open counts afresh. Never two sockets at once. What a channel says on open
// and makes of its messages stays in the channel (globalSocket.ts, features/table/tableSocket.ts).
import { GLOBAL_SOCKET_MAX_RECONNECTS, GLOBAL_SOCKET_RECONNECT_DELAY_MS } from '../app/constants';

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

/** How many reconnects, and how long before each (attempt counts from 1). */
export interface ReconnectPolicy {
  maxAttempts: number;
  delayMs(attempt: number): number;
}

/** The spec's policy (§4): 5 attempts, waiting 2000 ms × attempt number. */
export const SPEC_RECONNECT_POLICY: ReconnectPolicy = {
  maxAttempts: GLOBAL_SOCKET_MAX_RECONNECTS,
  delayMs: (attempt) => GLOBAL_SOCKET_RECONNECT_DELAY_MS * attempt,
};

/** The server's close code for a session that ended; reconnecting with the same token is pointless. */
export const SESSION_ENDED_CLOSE_CODE = 4001;
/** Service Restart: the server is shutting down for a deploy; reconnecting soon finds it (or the next one). */
export const SERVER_RESTART_CLOSE_CODE = 1012;

export interface ReconnectingSocketOptions {
  url: string;
  policy: ReconnectPolicy;
  /** Names the channel in console warnings. */
  name: string;
  /** A socket is about to be opened (the first time or again). */
  onConnecting?(): void;
  /** A socket opened (the first time or again): the channel says hello on it. */
  onOpen(socket: SocketLike): void;
  onMessage(data: unknown): void;
  /**
   * The socket closed without being asked to. Answer false when it must not come back (the session
   * ended, the table does not exist); anything else reconnects.
   */
  onClose?(event: CloseEvent | undefined): boolean | void;
  /** A reconnect was scheduled (attempt counts from 1). */
  onRetry?(attempt: number): void;
  /** The attempts are spent: no more reconnects until connect() or reconnectNow(). */
  onGiveUp?(): void;
  /** True when the server closed with 1012 (restarting); false once open again, given up or closed. */
  onServerRestart?(restarting: boolean): void;
  createSocket?: (url: string) => SocketLike;
  logger?: Pick<Console, 'warn' | 'error'>;
  /** Timer functions (fake ones in tests). */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
}

const CONNECTING = 0;
const OPEN = 1;

export class ReconnectingSocket {
  private socket: SocketLike | null = null;
  private attempts = 0;
  private retryTimer: unknown = null;
  private stopped = true;
  private restarting = false;
  private readonly createSocket: (url: string) => SocketLike;
  private readonly logger: Pick<Console, 'warn' | 'error'>;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (id: unknown) => void;

  constructor(private readonly options: ReconnectingSocketOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.logger = options.logger ?? console;
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((id) => clearTimeout(id as ReturnType<typeof setTimeout>));
  }

  /** Opens unless a socket is open or connecting; a waiting retry is kept, or with `now` replaced by an open now. */
  connect({ now = false }: { now?: boolean } = {}): void {
    this.stopped = false;
    if (this.socket && (this.socket.readyState === OPEN || this.socket.readyState === CONNECTING)) return;
    if (this.retryTimer !== null) {
      if (!now) return;
      this.clearTimer(this.retryTimer);
      this.retryTimer = null;
    }
    this.open();
  }

  /** Opens now with the attempts counted afresh (a "Reconnect" button, the browser back online). */
  reconnectNow(): void {
    this.attempts = 0;
    this.connect({ now: true });
  }

  /** Closed on purpose (the user went away): no retries. */
  close(code = 1000, reason = 'client closed'): void {
    this.stopped = true;
    this.setRestarting(false);
    if (this.retryTimer !== null) this.clearTimer(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = null;
      socket.onclose = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.close(code, reason);
    }
  }

  /** The open socket, or null. */
  get openSocket(): SocketLike | null {
    return this.socket?.readyState === OPEN ? this.socket : null;
  }

  get reconnectAttempts(): number {
    return this.attempts;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** The server answered after a restart: the notice ends (the table counts its first frame as that). */
  backFromRestart(): void {
    this.setRestarting(false);
  }

  private open(): void {
    this.options.onConnecting?.();
    const socket = this.createSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      this.options.onOpen(socket);
    };
    socket.onmessage = (event) => this.options.onMessage(event.data);
    socket.onerror = () => {
      // The close event that follows drives the retry.
    };
    socket.onclose = (event) => {
      if (this.socket === socket) this.socket = null;
      if (this.stopped) return;
      const goOn = this.options.onClose?.(event);
      if (goOn === false) {
        this.stopped = true;
        this.setRestarting(false);
        return;
      }
      if (event?.code === SERVER_RESTART_CLOSE_CODE) this.setRestarting(true);
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    const { maxAttempts } = this.options.policy;
    if (this.attempts >= maxAttempts) {
      this.logger.warn(`${this.options.name}: gave up after ${maxAttempts} reconnect attempts`);
      this.options.onGiveUp?.();
      this.setRestarting(false);
      return;
    }
    this.attempts += 1;
    this.options.onRetry?.(this.attempts);
    this.retryTimer = this.setTimer(() => {
      this.retryTimer = null;
      if (!this.stopped) this.open();
    }, this.options.policy.delayMs(this.attempts));
  }

  private setRestarting(restarting: boolean): void {
    if (this.restarting === restarting) return;
    this.restarting = restarting;
    this.options.onServerRestart?.(restarting);
  }
}
