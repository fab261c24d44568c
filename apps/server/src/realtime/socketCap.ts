// The cap on open WebSocket connections per client address, over the whole site: every upgrade
// request takes a place in the site's counter store (memory for one process, Redis for several) before
// it is routed, and gives it back when its TCP connection closes, however that happens (the socket
// closed, the upgrade was refused, the process shut down). Places are renewed while held; a process
// that dies without giving its places back loses them when their ttl runs out.
import type { Duplex } from 'node:stream';
import type { CounterStore, Place } from '../cluster/counterStore.js';

/** How long a place lives unrenewed: the places of a process that died are free again after this. */
export const SOCKET_PLACE_TTL_MS = 60_000;
/** Held places are renewed this often (three renewals per ttl). */
export const SOCKET_PLACE_RENEW_MS = 20_000;

export class SiteSocketCap {
  /** Places held by this process's connections, by holder. */
  private readonly held = new Map<string, Place>();
  private taken = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly store: CounterStore,
    readonly max: number,
    private readonly nodeId: string,
    private readonly ttlMs = SOCKET_PLACE_TTL_MS,
    renewMs = SOCKET_PLACE_RENEW_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => void this.renew(), renewMs);
    this.timer.unref();
  }

  /**
   * Takes a place for the connection behind `socket` (an upgrade request's TCP socket) until it closes;
   * false when `ip` already holds `max` places on the site. If the store cannot be reached the
   * connection is let in uncounted: the cap is a defence against floods, not worth an outage.
   */
  async admit(ip: string, socket: Duplex): Promise<boolean> {
    const place = { key: `ws:${ip}`, holder: `${this.nodeId}#${++this.taken}` };
    let taken: boolean;
    try {
      taken = await this.store.take(place.key, place.holder, this.max, this.ttlMs, this.now());
    } catch {
      return true;
    }
    if (!taken) return false;
    if (socket.destroyed) {
      this.give(place);
      return false;
    }
    this.held.set(place.holder, place);
    socket.once('close', () => this.give(place));
    return true;
  }

  /** Places this process holds now (tests, metrics). */
  get size(): number {
    return this.held.size;
  }

  /** Stops renewing and gives back every place still held. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    const places = [...this.held.values()];
    this.held.clear();
    await Promise.all(places.map((p) => this.store.give(p.key, p.holder).catch(() => undefined)));
  }

  private give(place: Place): void {
    this.held.delete(place.holder);
    void this.store.give(place.key, place.holder).catch(() => undefined);
  }

  private async renew(): Promise<void> {
    await this.store.renew([...this.held.values()], this.ttlMs, this.now()).catch(() => undefined);
  }
}
