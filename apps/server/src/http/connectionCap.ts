// The cap on open TCP connections per peer address, taken when the connection is accepted: before a
// byte of it is read, so a request head that never finishes (slowloris) already holds its place, and
// HTTP requests and WebSockets (an upgraded connection is the same TCP socket) count together. The
// connections over the cap are destroyed at once: answering them would cost what the cap saves.
//
// And the refusals per peer address: a 429 still costs a parsed request, a route, hooks and an answer
// (issue 17's PATCH /me flood got ~2,000 of them a second, and another user's login waited behind
// them). Once an address has had its budget of 429s in a window, each of its connections closes after
// its next answer (a 429 or not) and every new one is refused at accept for the rest of the window:
// held a moment (unparsed, unanswered), then closed, so a client that reconnects at once cannot turn
// refusals into a busy loop.
import type { Server, Socket } from 'node:net';

/** The window refusals are counted in: the rate limits' minute. */
export const REFUSAL_WINDOW_MS = 60_000;
/** How long a connection refused during a shut-out is held (unparsed, unanswered) before it is closed. */
export const REFUSED_CONNECTION_HOLD_MS = 1_000;

export interface ConnectionLimits {
  /** Open connections per address; 0: no cap. */
  maxOpen: number;
  /** 429 answers per address in a window before its connections are refused; 0: never. */
  maxRefusals: number;
  /** The clock of the refusal window (tests move it). */
  now?: () => number;
}

interface RefusalWindow {
  endsAt: number;
  refusals: number;
}

export class ConnectionsAtAccept {
  private readonly open = new Map<string, number>();
  /** The sockets this server accepted (a fastify.inject request has none of them). */
  private readonly accepted = new WeakSet<Socket>();
  private readonly refusals = new Map<string, RefusalWindow>();
  private readonly now: () => number;
  private nextSweep = 0;
  /** Connections destroyed over the cap since start (metrics, the benchmark). */
  refused = 0;
  /** Connections refused (held, then closed) because their address was shut out. */
  shutOut = 0;

  constructor(readonly limits: ConnectionLimits) {
    this.now = limits.now ?? Date.now;
  }

  /**
   * Counts every connection `server` accepts against its peer address until it closes. The server's own
   * connection listeners (HTTP's parser among them) are moved behind this gate: a refused connection
   * never gets a parser, and what a held one sends is never parsed.
   */
  watch(server: Server): void {
    const serve = server.listeners('connection') as Array<(this: Server, socket: Socket) => void>;
    server.removeAllListeners('connection');
    server.on('connection', (socket: Socket) => {
      if (this.admit(socket)) for (const listener of serve) listener.call(server, socket);
    });
  }

  /**
   * After an answer with `status` on `socket`: counts it when it is a 429, and answers whether this
   * connection is to close after the answer, its address having used up its refusals for the window
   * (whatever the answer: the address's connections all go). Sockets this server did not accept
   * (fastify.inject) count for nothing.
   */
  afterAnswer(socket: Socket, status: number): boolean {
    if (this.limits.maxRefusals <= 0 || !this.accepted.has(socket)) return false;
    const address = socket.remoteAddress ?? '';
    if (status !== 429) return this.isShutOut(address);
    const now = this.now();
    this.sweep(now);
    let window = this.refusals.get(address);
    if (!window || window.endsAt <= now) {
      window = { endsAt: now + REFUSAL_WINDOW_MS, refusals: 0 };
      this.refusals.set(address, window);
    }
    window.refusals += 1;
    return window.refusals >= this.limits.maxRefusals;
  }

  /** Whether new connections from `address` are refused now (its refusals are used up for the window). */
  isShutOut(address: string): boolean {
    const window = this.refusals.get(address);
    return window !== undefined && window.refusals >= this.limits.maxRefusals && window.endsAt > this.now();
  }

  /** Open connections from `address` now. */
  count(address: string): number {
    return this.open.get(address) ?? 0;
  }

  /** Takes the connection's place, or refuses it: destroyed over the cap, held then closed when shut out. */
  private admit(socket: Socket): boolean {
    const address = socket.remoteAddress ?? '';
    const count = this.open.get(address) ?? 0;
    if (this.limits.maxOpen > 0 && count >= this.limits.maxOpen) {
      this.refused += 1;
      socket.destroy();
      return false;
    }
    this.open.set(address, count + 1);
    socket.once('close', () => {
      const left = (this.open.get(address) ?? 1) - 1;
      if (left <= 0) this.open.delete(address);
      else this.open.set(address, left);
    });
    if (this.isShutOut(address)) {
      this.shutOut += 1;
      const hold = setTimeout(() => socket.destroy(), REFUSED_CONNECTION_HOLD_MS);
      hold.unref();
      socket.once('close', () => clearTimeout(hold));
      socket.on('error', () => undefined);
      return false;
    }
    this.accepted.add(socket);
    return true;
  }

  /** Drops the windows that ended, at most once a window (many addresses must not grow the map for good). */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + REFUSAL_WINDOW_MS;
    for (const [address, window] of this.refusals) if (window.endsAt <= now) this.refusals.delete(address);
  }
}
