import type { ClusterBus } from './clusterBus.js';

/** The bus channels of the site's shared state: one per kind of event, named once. */
export const CLUSTER_CHANNELS = {
  /** A ledger posting committed: whose money moved, whether the jackpot did (balance and jackpot pushes). */
  ledgerPosted: 'ledger:posted',
  /** A session ended or an account changed: caches forget it, sockets close or check again. */
  sessions: 'auth:sessions',
  /** The site settings changed: every process reads them again. */
  settings: 'settings:changed',
  /** A table row was created, changed or deleted: the lobby list and the live tables hear of it. */
  tableChanged: 'table:changed',
  /** A table chat line was said: every process hands it to the table's viewers it holds. */
  tableChat: 'table:chat',
} as const;

/** `fromHere`: this process emitted the event (it may already have done its own part synchronously). */
export type SiteListener<T> = (value: T, fromHere: boolean) => void;

/**
 * An event every process of the site hears, the one that caused it too. Until `shareThrough(bus)`
 * listeners are called in this process as it is emitted (a service on its own, in unit tests); once
 * shared, `emit` only publishes and every process's listeners run when the message comes back over
 * the bus: one delivery path, whichever process acted. If publishing fails (Redis unreachable), this
 * process's listeners still hear it.
 */
export class SiteEvent<T> {
  private readonly listeners = new Set<SiteListener<T>>();
  private bus: ClusterBus | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(readonly channel: string) {}

  /** Subscribes; returns the unsubscribe function. */
  on(listener: SiteListener<T>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(value: T): void {
    if (!this.bus) {
      this.deliver(value, true);
      return;
    }
    this.bus.publish(this.channel, value).catch(() => this.deliver(value, true));
  }

  /** From now on events travel over `bus` (and arrive from the site's other processes). */
  shareThrough(bus: ClusterBus): void {
    this.unsubscribe?.();
    this.bus = bus;
    this.unsubscribe = bus.subscribe<T>(this.channel, (value, from) =>
      this.deliver(value, from === bus.nodeId),
    );
  }

  private deliver(value: T, fromHere: boolean): void {
    for (const listener of this.listeners) {
      try {
        listener(value, fromHere);
      } catch {
        // One listener's trouble must not keep the event from the others.
      }
    }
  }
}
