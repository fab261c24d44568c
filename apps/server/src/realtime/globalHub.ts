import type { WebSocket } from 'ws';
import { GlobalClientMessageSchema, type GlobalServerMessage } from '@tenger/protocol';
import type { Logger } from 'pino';
import type { Ledger } from '../ledger/ledger.js';
import type { UserRecord } from '../users/userRecord.js';

export const HEARTBEAT_INTERVAL_MS = 30_000;
const MAX_MESSAGE_BYTES = 4096;

interface Client {
  socket: WebSocket;
  userId: number | null;
  alive: boolean;
}

/**
 * /ws/global: who is connected, as whom. Pushes BALANCE_UPDATE to the owner of any money that moved
 * and GAME/JACKPOT_UPDATE to everyone. In one process; docs/operations.md says how several processes
 * would share it (Redis fan-out).
 */
export class GlobalHub {
  private readonly clients = new Set<Client>();
  private readonly byUser = new Map<number, Set<Client>>();
  private readonly heartbeat: NodeJS.Timeout;

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

  attach(socket: WebSocket): void {
    const client: Client = { socket, userId: null, alive: true };
    this.clients.add(client);
    socket.on('pong', () => (client.alive = true));
    socket.on('message', (data, isBinary) => void this.receive(client, data, isBinary));
    socket.on('close', () => this.detach(client));
    socket.on('error', () => this.detach(client));
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
      for (const client of targets) send(client.socket, message);
    } catch (error) {
      this.logger.warn({ err: error, userId }, 'could not push a balance');
    }
  }

  broadcastJackpot(amount: number): void {
    const message: GlobalServerMessage = { type: 'GAME', action: 'JACKPOT_UPDATE', amount };
    for (const client of this.clients) send(client.socket, message);
  }

  /** Closes a user's connections (blocked account, role change). */
  disconnectUser(userId: number): void {
    for (const client of this.byUser.get(userId) ?? []) client.socket.close(4001, 'Signed out');
  }

  get connectionCount(): number {
    return this.clients.size;
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const client of this.clients) client.socket.terminate();
    this.clients.clear();
    this.byUser.clear();
  }

  private async receive(client: Client, data: unknown, isBinary: boolean): Promise<void> {
    const text =
      !isBinary && Buffer.isBuffer(data) && data.length <= MAX_MESSAGE_BYTES ? data.toString('utf8') : null;
    let parsed: ReturnType<typeof GlobalClientMessageSchema.safeParse> | null = null;
    if (text !== null) {
      try {
        parsed = GlobalClientMessageSchema.safeParse(JSON.parse(text));
      } catch {
        parsed = null;
      }
    }
    if (!parsed?.success) {
      send(client.socket, { type: 'ERROR', code: 'bad_message', message: 'Unrecognised message' });
      return;
    }
    const message = parsed.data;
    if (message.type === 'PING') {
      send(client.socket, { type: 'PONG' });
      return;
    }
    const user = await this.authenticate(message.token).catch(() => null);
    if (!user) {
      send(client.socket, { type: 'ERROR', code: 'unauthorized', message: 'Invalid or expired token' });
      return;
    }
    if (client.userId !== null) this.byUser.get(client.userId)?.delete(client);
    client.userId = user.id;
    let set = this.byUser.get(user.id);
    if (!set) this.byUser.set(user.id, (set = new Set()));
    set.add(client);
    send(client.socket, { type: 'AUTH_OK', userId: user.id });
    await this.pushBalance(user.id);
    send(client.socket, {
      type: 'GAME',
      action: 'JACKPOT_UPDATE',
      amount: await this.ledger.jackpotAmount(),
    });
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

function send(socket: WebSocket, message: GlobalServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}
