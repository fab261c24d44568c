import type { WebSocket } from 'ws';
import { GlobalClientMessageSchema, type GlobalServerMessage } from '@tenger/protocol';
import type { Logger } from 'pino';
import type { SessionEvents } from '../auth/sessionEvents.js';
import type { Ledger } from '../ledger/ledger.js';
import type { UserRecord } from '../users/userRecord.js';
import { sendBounded } from './socketGuard.js';
import { HEARTBEAT_INTERVAL_MS, SessionRoster, SocketSession } from './socketSession.js';

export { HEARTBEAT_INTERVAL_MS };
/** Frames larger than this close the socket (ws maxPayload, 1009); checked here too. */
export const GLOBAL_FRAME_MAX_BYTES = 4096;
/** Messages a connection may send in any second (sliding window) before it is closed (1008). */
export const GLOBAL_MESSAGES_PER_SECOND = 20;
/** AUTH messages one connection may send in all; one more closes it (1008). */
export const GLOBAL_AUTHS_PER_CONNECTION = 5;
/** Hands settled within this long after a jackpot change share one read of the jackpot. */
export const JACKPOT_PUSH_DEBOUNCE_MS = 250;

/** A /ws/global connection: the socket session, and its AUTH count. */
class Client extends SocketSession {
  auths = 0;
  authInFlight = false;
}

/**
 * /ws/global: who is connected to this process, as whom. Pushes BALANCE_UPDATE to the owner of any money
 * that moved and GAME/JACKPOT_UPDATE to everyone, for postings made by any process of the site (the
 * ledger's announcements and the session events cross the site's bus; docs/operations.md). The socket
 * session (socketSession.ts) owns the rate window, heartbeat, revocation and the bounded send buffer;
 * this hub adds one AUTH at a time and five in all.
 */
export class GlobalHub {
  private readonly clients: SessionRoster<Client>;
  private jackpotTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ledger: Ledger,
    private readonly authenticate: (token: string) => Promise<UserRecord | null>,
    private readonly logger: Logger,
    heartbeatMs = HEARTBEAT_INTERVAL_MS,
  ) {
    ledger.onPosted((result) => {
      for (const userId of result.affectedUserIds) void this.pushBalance(userId);
      if (result.jackpotChanged) this.jackpotMoved();
    });
    this.clients = new SessionRoster<Client>(undefined, heartbeatMs);
  }

  /** Closes sockets whose session ended, and checks again those of a user whose account changed. */
  followSessions(events: SessionEvents): void {
    this.clients.follow(events);
  }

  attach(socket: WebSocket): void {
    const client = new Client(socket, this.authenticate, GLOBAL_MESSAGES_PER_SECOND);
    this.clients.add(client);
    socket.on('message', (data, isBinary) => this.receive(client, data, isBinary));
    socket.on('close', () => this.clients.delete(client));
    socket.on('error', () => {
      this.clients.delete(client);
      socket.terminate();
    });
  }

  /** Sends the user's current balance to each of their connections. */
  async pushBalance(userId: number): Promise<void> {
    const targets = this.clients.ofUser(userId);
    if (targets.size === 0) return;
    try {
      const { available, locked } = await this.ledger.balancesOf(userId);
      const message: GlobalServerMessage = {
        type: 'BALANCE_UPDATE',
        data: { userId, balance: available, locked },
      };
      for (const client of targets) client.send(message);
    } catch (error) {
      this.logger.warn({ err: error, userId }, 'could not push a balance');
    }
  }

  /**
   * The jackpot moved: read it once for all the hands settled within JACKPOT_PUSH_DEBOUNCE_MS (not once
   * per hand) and tell every socket; nothing is read when nobody listens. A failed read is logged.
   */
  private jackpotMoved(): void {
    if (this.jackpotTimer || this.clients.size === 0) return;
    this.jackpotTimer = setTimeout(() => {
      this.jackpotTimer = null;
      this.ledger
        .jackpotAmount()
        .then((amount) => this.broadcastJackpot(amount))
        .catch((error: unknown) => this.logger.warn({ err: error }, 'could not read the jackpot'));
    }, JACKPOT_PUSH_DEBOUNCE_MS);
    this.jackpotTimer.unref();
  }

  broadcastJackpot(amount: number): void {
    const text = JSON.stringify({
      type: 'GAME',
      action: 'JACKPOT_UPDATE',
      amount,
    } satisfies GlobalServerMessage);
    for (const client of this.clients.all()) sendBounded(client.socket, text);
  }

  /** Closes a user's connections (blocked account, role change). */
  disconnectUser(userId: number): void {
    for (const client of [...this.clients.ofUser(userId)]) this.clients.end(client);
  }

  get connectionCount(): number {
    return this.clients.size;
  }

  close(): void {
    if (this.jackpotTimer) clearTimeout(this.jackpotTimer);
    this.jackpotTimer = null;
    this.clients.close();
  }

  private receive(client: Client, data: unknown, isBinary: boolean): void {
    if (!client.admit()) return;
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
      client.closeForPolicy('Too many AUTH messages');
      return;
    }
    if (client.authInFlight) {
      this.send(client, { type: 'ERROR', code: 'busy', message: 'The previous AUTH is still being checked' });
      return;
    }
    client.auths += 1;
    client.authInFlight = true;
    void this.identify(client, message.token)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'could not answer a global AUTH'))
      .finally(() => (client.authInFlight = false));
  }

  private async identify(client: Client, token: string): Promise<void> {
    const user = await this.authenticate(token).catch(() => null);
    if (client.closing || !this.clients.has(client)) return;
    if (!user) {
      this.send(client, { type: 'ERROR', code: 'unauthorized', message: 'Invalid or expired token' });
      return;
    }
    this.clients.signIn(client, user.id, token);
    this.send(client, { type: 'AUTH_OK', userId: user.id });
    await this.pushBalance(user.id);
    this.send(client, { type: 'GAME', action: 'JACKPOT_UPDATE', amount: await this.ledger.jackpotAmount() });
  }

  private send(client: Client, message: GlobalServerMessage): void {
    client.send(message);
  }
}
