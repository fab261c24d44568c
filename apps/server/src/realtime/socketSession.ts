// One socket session, for both WebSocket channels (/ws/global and /ws/table/{id}): who the socket
// signed in as, how fast it may talk (a sliding rate window), whether it still answers pings, and when
// its session ends (logout, password change, block, role change: close 4001). Everything it sends
// goes through the bounded send buffer, so a slow reader cannot grow the server's memory. The
// channels keep only what is theirs: parsing their messages and what those messages do.
import type { WebSocket } from 'ws';
import type { SessionChange, SessionEvents } from '../auth/sessionEvents.js';
import { hashToken } from '../auth/tokens.js';
import { RateWindow } from './rateWindow.js';
import { CLOSE_POLICY, CLOSE_SESSION_ENDED, closeForPolicy, sendBounded } from './socketGuard.js';

/** Both channels ping every 30 s; a socket that did not answer the last ping is dropped. */
export const HEARTBEAT_INTERVAL_MS = 30_000;

/** Says which user a token belongs to now (null: unknown, expired, revoked, or the account is not active). */
export type Authenticate = (token: string) => Promise<{ id: number } | null>;

/** One connection of either channel. */
export class SocketSession {
  userId: number | null = null;
  /** Closed for a policy reason or because the session ended: whatever it still sends is ignored. */
  closing = false;
  private token: string | null = null;
  private tokenHash: string | null = null;
  private alive = true;
  private readonly rate: RateWindow;

  constructor(
    readonly socket: WebSocket,
    private readonly authenticate: Authenticate,
    messagesPerSecond: number,
  ) {
    this.rate = new RateWindow(messagesPerSecond, 1000);
    socket.on('pong', () => (this.alive = true));
  }

  /**
   * Counts one message from the client. False when it must be ignored: the session is closing, or the
   * client went over its rate (then it is told so and closed with 1008).
   */
  admit(): boolean {
    if (this.closing) return false;
    if (this.rate.admit()) return true;
    this.closeForPolicy('Too many messages');
    return false;
  }

  /** Sends one JSON frame through the bounded buffer; false when not sent (closed, or dropped as too slow). */
  send(message: unknown): boolean {
    return sendBounded(this.socket, JSON.stringify(message));
  }

  /** Sends a frame already serialised (JSON text as UTF-8, shared by several sockets) as a text frame. */
  sendEncoded(encoded: Buffer): boolean {
    return sendBounded(this.socket, encoded);
  }

  /** The socket is now signed in as `userId` with `token` (a later AUTH replaces an earlier one). */
  signIn(userId: number, token: string): void {
    this.userId = userId;
    this.token = token;
    this.tokenHash = hashToken(token);
  }

  /** Whether the token this socket signed in with still belongs to its user (cached lookup). */
  async sessionHolds(): Promise<boolean> {
    const token = this.token;
    if (token === null || this.userId === null) return false;
    const user = await this.authenticate(token).catch(() => null);
    return user !== null && user.id === this.userId && this.token === token;
  }

  /** Whether a session change ends this socket's session now; an account change is checked in the database. */
  async endedBy(change: SessionChange): Promise<boolean> {
    if (this.userId === null || this.closing) return false;
    if (change.tokenHash !== undefined) return change.tokenHash === this.tokenHash;
    if (change.userId !== this.userId) return false;
    if (change.revoked) return change.except !== this.tokenHash;
    return !(await this.sessionHolds());
  }

  /** The session ended: nothing more is handled, and the socket closes (4001). */
  endSession(): void {
    this.closing = true;
    closeForPolicy(this.socket, CLOSE_SESSION_ENDED, 'Session ended');
  }

  /** Tells the client why, and closes with 1008 (policy violation). */
  closeForPolicy(reason: string): void {
    this.closing = true;
    this.send({ type: 'ERROR', code: 'too_many_messages', message: reason });
    closeForPolicy(this.socket, CLOSE_POLICY, reason);
  }

  /** One heartbeat: false (and the socket destroyed) when the last ping went unanswered. */
  beat(): boolean {
    if (!this.alive) {
      this.socket.terminate();
      return false;
    }
    this.alive = false;
    this.socket.ping();
    return true;
  }
}

/**
 * The open sessions of one channel in this process, by user: the heartbeat over all of them, and the
 * session events that end some of them.
 */
export class SessionRoster<S extends SocketSession> {
  private readonly sessions = new Set<S>();
  private readonly byUser = new Map<number, Set<S>>();
  private readonly heartbeat: NodeJS.Timeout;
  private unfollow: (() => void) | null = null;

  constructor(
    /** Called for a session whose session ended, before it is closed (4001). */
    private readonly onEnded: (session: S) => void = () => undefined,
    heartbeatMs = HEARTBEAT_INTERVAL_MS,
  ) {
    this.heartbeat = setInterval(() => this.beat(), heartbeatMs);
    this.heartbeat.unref();
  }

  /** Ends the sessions that a change names (revocations heard from every process of the site). */
  follow(events: SessionEvents): void {
    this.unfollow?.();
    this.unfollow = events.on((change) => this.sessionChanged(change));
  }

  add(session: S): void {
    this.sessions.add(session);
  }

  /** Records that `session` signed in as `userId` with `token`. */
  signIn(session: S, userId: number, token: string): void {
    if (session.userId !== null) this.unindex(session);
    session.signIn(userId, token);
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(session);
  }

  delete(session: S): void {
    this.sessions.delete(session);
    this.unindex(session);
  }

  has(session: S): boolean {
    return this.sessions.has(session);
  }

  /** The open sessions signed in as `userId`. */
  ofUser(userId: number): ReadonlySet<S> {
    return this.byUser.get(userId) ?? EMPTY;
  }

  all(): IterableIterator<S> {
    return this.sessions.values();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Ends a session now: it leaves the roster (no more of its user's data) and closes (4001). */
  end(session: S): void {
    this.onEnded(session);
    this.delete(session);
    session.endSession();
  }

  /** Stops the heartbeat and the session events, and destroys every socket. */
  close(): void {
    clearInterval(this.heartbeat);
    this.unfollow?.();
    for (const session of this.sessions) session.socket.terminate();
    this.sessions.clear();
    this.byUser.clear();
  }

  private sessionChanged(change: SessionChange): void {
    const candidates =
      change.userId !== null
        ? [...this.ofUser(change.userId)]
        : [...this.sessions].filter((s) => s.userId !== null);
    for (const session of candidates)
      void session.endedBy(change).then((ended) => {
        if (ended && !session.closing) this.end(session);
      });
  }

  private beat(): void {
    for (const session of [...this.sessions]) if (!session.beat()) this.delete(session);
  }

  private unindex(session: S): void {
    if (session.userId === null) return;
    const set = this.byUser.get(session.userId);
    set?.delete(session);
    if (set && set.size === 0) this.byUser.delete(session.userId);
  }
}

const EMPTY: ReadonlySet<never> = new Set();
