import type { WebSocket } from 'ws';
import { GlobalClientMessageSchema, type GlobalServerMessage } from '@tenger/protocol';
import type { Logger } from 'pino';
import type { SessionChange, SessionEvents } from '../auth/sessionEvents.js';
import { hashToken } from '../auth/tokens.js';
import type { Ledger } from '../ledger/ledger.js';
import type { UserRecord } from '../users/userRecord.js';
import { RateWindow } from './rateWindow.js';
import { CLOSE_POLICY, CLOSE_SESSION_ENDED, closeForPolicy, sendBounded } from './socketGuard.js';

export const HEARTBEAT_INTERVAL_MS = 30_000;
/** Frames larger than this close the socket (ws maxPayload, 1009); checked here too. */
export const GLOBAL_FRAME_MAX_BYTES = 4096;
/** Messages a connection may send in any second (sliding window) before it is closed (1008). */
export const GLOBAL_MESSAGES_PER_SECOND = 20;
/** AUTH messages one connection may send in all; one more closes it (1008). */
export const GLOBAL_AUTHS_PER_CONNECTION = 5;

interface Client {
  socket: WebSocket;
  userId: number | null;
  /** The token this connection authenticated with, and its hash (for revocations). */
  token: string | null;
  tokenHash: string | null;
  alive: boolean;
  rate: RateWindow;
  auths: number;
  authInFlight: boolean;
  /** Closed for a policy reason: whatever it still sends is ignored. */
  closing: boolean;
}

/**
 * /ws/global: who is connected to this process, as whom. Pushes BALANCE_UPDATE to the owner of any money
 * that moved and GAME/JACKPOT_UPDATE to everyone, for postings made by any process of the site (the
 * ledger's announcements and the session events cross the site's bus; docs/operations.md). Nothing a
 * client sends can make it queue unbounded work: a sliding
 * rate window, one AUTH at a time and five in all, a bounded send buffer.
 */
export class GlobalHub {
  private readonly clients = new Set<Client>();
  private readonly byUser = new Map<number, Set<Client>>();
  private readonly heartbeat: NodeJS.Timeout;
  private unfollow: (() => void) | null = null;

  constructor(
    private readonly ledger: Ledger,
    private readonly authenticate: (token: string) => Promise<UserRecord | null>,
    private readonly logger: Logger,
    heartbeatMs = HEARTBEAT_INTERVAL_MS,
  ) {
    ledger.onPosted((result) => {
      for (const userId of result.affectedUserIds) void this.pushBalance(userId);
      if (result.jackpotChanged)
        void this.ledger.jackpotAmount().then((amount) => this.broadcastJackpot(amount));
    });
    this.heartbeat = setInterval(() => this.beat(), heartbeatMs);
    this.heartbeat.unref();
  }

  /** Closes sockets whose session ended, and checks again those of a user whose account changed. */
  followSessions(events: SessionEvents): void {
    this.unfollow?.();
    this.unfollow = events.on((change) => this.sessionChanged(change));
  }

  attach(socket: WebSocket): void {
    const client: Client = {
      socket,
      userId: null,
      token: null,
      tokenHash: null,
      alive: true,
      rate: new RateWindow(GLOBAL_MESSAGES_PER_SECOND, 1000),
      auths: 0,
      authInFlight: false,
      closing: false,
    };
    this.clients.add(client);
    socket.on('pong', () => (client.alive = true));
    socket.on('message', (data, isBinary) => this.receive(client, data, isBinary));
    socket.on('close', () => this.detach(client));
    socket.on('error', () => {
      this.detach(client);
      socket.terminate();
    });
  }

  /** Sends the user's current balance to each of their connections. */
  async pushBalance(userId: number): Promise<void> {
    const targets = this.byUser.get(userId);
    if (!targets || targets.size === 0) return;
    try {
      const { available, locked } = await this.ledger.balancesOf(userId);
      const message: GlobalServerMessage = {
        type: 'BALANCE_UPDATE',
        data: { userId, balance: available, locked },
      };
      const text = JSON.stringify(message);
      for (const client of targets) sendBounded(client.socket, text);
    } catch (error) {
      this.logger.warn({ err: error, userId }, 'could not push a balance');
    }
  }

  broadcastJackpot(amount: number): void {
    const text = JSON.stringify({
      type: 'GAME',
      action: 'JACKPOT_UPDATE',
      amount,
    } satisfies GlobalServerMessage);
    for (const client of this.clients) sendBounded(client.socket, text);
  }

  /** Closes a user's connections (blocked account, role change). */
  disconnectUser(userId: number): void {
    for (const client of [...(this.byUser.get(userId) ?? [])]) this.endSession(client);
  }

  get connectionCount(): number {
    return this.clients.size;
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.unfollow?.();
    for (const client of this.clients) client.socket.terminate();
    this.clients.clear();
    this.byUser.clear();
  }

  private receive(client: Client, data: unknown, isBinary: boolean): void {
    if (client.closing) return;
    if (!client.rate.admit()) {
      this.closeForPolicy(client, 'Too many messages');
      return;
    }
    const buffer = Array.isArray(data) ? Buffer.concat(data as Buffer[]) : data;
    const text =
      !isBinary && Buffer.isBuffer(buffer) && buffer.length <= GLOBAL_FRAME_MAX_BYTES
        ? buffer.toString('utf8')
        : null;
    let parsed: ReturnType<typeof GlobalClientMessageSchema.safeParse> | null = null;
    if (text !== null) {
      try {
        parsed = GlobalClientMessageSchema.safeParse(JSON.parse(text));
      } catch {
        parsed = null;
      }
    }
    if (!parsed?.success) {
      this.send(client, { type: 'ERROR', code: 'bad_message', message: 'Unrecognised message' });
      return;
    }
    const message = parsed.data;
    if (message.type === 'PING') {
      this.send(client, { type: 'PONG' });
      return;
    }
    if (client.auths >= GLOBAL_AUTHS_PER_CONNECTION) {
      this.closeForPolicy(client, 'Too many AUTH messages');
      return;
    }
    if (client.authInFlight) {
      this.send(client, { type: 'ERROR', code: 'busy', message: 'The previous AUTH is still being checked' });
      return;
    }
    client.auths += 1;
    client.authInFlight = true;
    void this.identify(client, message.token).finally(() => (client.authInFlight = false));
  }

  private async identify(client: Client, token: string): Promise<void> {
    const user = await this.authenticate(token).catch(() => null);
    if (client.closing || !this.clients.has(client)) return;
    if (!user) {
      this.send(client, { type: 'ERROR', code: 'unauthorized', message: 'Invalid or expired token' });
      return;
    }
    if (client.userId !== null) this.byUser.get(client.userId)?.delete(client);
    client.userId = user.id;
    client.token = token;
    client.tokenHash = hashToken(token);
    let set = this.byUser.get(user.id);
    if (!set) this.byUser.set(user.id, (set = new Set()));
    set.add(client);
    this.send(client, { type: 'AUTH_OK', userId: user.id });
    await this.pushBalance(user.id);
    this.send(client, { type: 'GAME', action: 'JACKPOT_UPDATE', amount: await this.ledger.jackpotAmount() });
  }

  private sessionChanged(change: SessionChange): void {
    if (change.tokenHash !== undefined) {
      const candidates = change.userId !== null ? (this.byUser.get(change.userId) ?? []) : this.clients;
      for (const client of [...candidates])
        if (client.tokenHash === change.tokenHash) this.endSession(client);
      return;
    }
    const clients = [...(this.byUser.get(change.userId) ?? [])];
    if (change.revoked) {
      for (const client of clients) if (client.tokenHash !== change.except) this.endSession(client);
      return;
    }
    // The account changed (blocked, role, password…): the database says whether each token still holds.
    for (const client of clients) {
      const token = client.token;
      if (!token) continue;
      void this.authenticate(token)
        .catch(() => null)
        .then((user) => {
          if (client.token === token && user?.id !== client.userId) this.endSession(client);
        });
    }
  }

  /** The session behind this connection ended: it closes (4001) and stops receiving the user's data. */
  private endSession(client: Client): void {
    this.detach(client);
    client.closing = true;
    closeForPolicy(client.socket, CLOSE_SESSION_ENDED, 'Session ended');
  }

  private closeForPolicy(client: Client, reason: string): void {
    client.closing = true;
    this.send(client, { type: 'ERROR', code: 'too_many_messages', message: reason });
    closeForPolicy(client.socket, CLOSE_POLICY, reason);
  }

  private send(client: Client, message: GlobalServerMessage): void {
    sendBounded(client.socket, JSON.stringify(message));
  }

  private detach(client: Client): void {
    this.clients.delete(client);
    if (client.userId !== null) {
      const set = this.byUser.get(client.userId);
      set?.delete(client);
      if (set && set.size === 0) this.byUser.delete(client.userId);
    }
  }

  /** Drops connections that did not answer the last ping. */
  private beat(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        client.socket.terminate();
        this.detach(client);
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }
}
