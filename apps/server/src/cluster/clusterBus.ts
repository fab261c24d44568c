import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { REDIS_COMMAND_TIMEOUT_MS } from '../ops/redisAway.js';

/** A message between the processes of one site: who sent it and what it says. */
export interface BusMessage<T = unknown> {
  from: string;
  data: T;
}
export type BusHandler<T = unknown> = (data: T, from: string) => void;

/**
 * Site-wide publish/subscribe: balance and jackpot pushes, session revocations, settings and cache
 * invalidation. A process hears its own messages too (through the same path), so a handler is the one
 * place that acts on an event whichever process caused it. One process: `LocalBus`; several: `RedisBus`.
 */
export interface ClusterBus {
  readonly nodeId: string;
  publish<T>(channel: string, data: T): Promise<void>;
  subscribe<T>(channel: string, handler: BusHandler<T>): () => void;
  close(): Promise<void>;
  /** Called each time the bus is back after losing its connection (messages sent meanwhile were lost). */
  onReconnected?(listener: () => void): () => void;
}

/** The bus of a site that is one process. */
export class LocalBus implements ClusterBus {
  private readonly events = new EventEmitter().setMaxListeners(0);
  constructor(readonly nodeId: string) {}

  async publish<T>(channel: string, data: T): Promise<void> {
    // As over Redis, handlers run later, never inside the publisher's call.
    setImmediate(() => this.events.emit(channel, data, this.nodeId));
  }

  subscribe<T>(channel: string, handler: BusHandler<T>): () => void {
    const listener = (data: T, from: string) => handler(data, from);
    this.events.on(channel, listener);
    return () => this.events.off(channel, listener);
  }

  async close(): Promise<void> {
    this.events.removeAllListeners();
  }
}

/** Redis pub/sub: one connection publishes, one listens (a subscribed connection can do nothing else). */
export class RedisBus implements ClusterBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, Set<BusHandler>>();

  constructor(
    redisUrl: string,
    readonly nodeId: string,
    private readonly prefix = 'tenger:',
    private readonly onError: (error: Error) => void = () => undefined,
  ) {
    // A publish that does not answer soon fails, and SiteEvent delivers it in this process at least.
    this.publisher = new Redis(redisUrl, {
      lazyConnect: false,
      maxRetriesPerRequest: 2,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    });
    this.subscriber = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    this.subscriber.on('message', (channel: string, raw: string) => this.deliver(channel, raw));
    // ioredis subscribes again by itself after a reconnect; what was published meanwhile is lost.
    let connectedBefore = false;
    this.subscriber.on('ready', () => {
      if (connectedBefore) for (const listener of this.reconnected) listener();
      connectedBefore = true;
    });
  }

  private readonly reconnected = new Set<() => void>();

  onReconnected(listener: () => void): () => void {
    this.reconnected.add(listener);
    return () => this.reconnected.delete(listener);
  }

  /** Resolves when both connections answer; subscriptions made before are in place. */
  async ready(): Promise<void> {
    await Promise.all([this.publisher.ping(), this.subscriber.ping().catch(() => undefined)]);
  }

  async publish<T>(channel: string, data: T): Promise<void> {
    const message: BusMessage<T> = { from: this.nodeId, data };
    await this.publisher.publish(this.prefix + channel, JSON.stringify(message));
  }

  subscribe<T>(channel: string, handler: BusHandler<T>): () => void {
    const key = this.prefix + channel;
    let set = this.handlers.get(key);
    if (!set) {
      set = new Set();
      this.handlers.set(key, set);
      void this.subscriber.subscribe(key).catch((error: Error) => this.onError(error));
    }
    set.add(handler as BusHandler);
    return () => {
      set.delete(handler as BusHandler);
      if (set.size === 0) {
        this.handlers.delete(key);
        void this.subscriber.unsubscribe(key).catch(() => undefined);
      }
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.subscriber.disconnect();
    await this.publisher.quit().catch(() => this.publisher.disconnect());
  }

  private deliver(channel: string, raw: string): void {
    const handlers = this.handlers.get(channel);
    if (!handlers) return;
    let message: BusMessage;
    try {
      message = JSON.parse(raw) as BusMessage;
    } catch {
      return; // not ours
    }
    for (const handler of handlers) {
      try {
        handler(message.data, message.from);
      } catch (error) {
        this.onError(error as Error);
      }
    }
  }
}
