// What a process does while Redis is away: commands give up quickly, and the shared counters (failed
// passwords, sockets per address) fall back to this process's own memory, so logins keep working with
// per-process limits instead of hanging and failing. docs/operations.md, "Outages", says what degrades.
import type { Redis, RedisOptions } from 'ioredis';
import { MemoryCounters, type CounterStore, type Place } from '../cluster/counterStore.js';
import { outageOf } from './outage.js';

/** A Redis command that has not answered within this fails (an outage is a 503 or a fallback, never a hang). */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * Options of the connection whose commands serve requests (counters, the request rate limit): no queue
 * while disconnected (a command fails at once), no retries, a short timeout.
 */
export const REDIS_REQUEST_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
};

/**
 * The site's counters in Redis while it answers; this process's memory while it does not (not ready, or a
 * command failed as an outage). Counts kept in memory during an outage stay there: the limits they
 * enforce are per process until Redis is back, never off.
 */
export class CountersWhileRedisAway implements CounterStore {
  private readonly local = new MemoryCounters();

  constructor(
    private readonly shared: CounterStore,
    private readonly redis: Pick<Redis, 'status'>,
  ) {}

  hit(key: string, windowMs: number, now: number): Promise<number> {
    return this.either((store) => store.hit(key, windowMs, now));
  }

  count(key: string, windowMs: number, now: number): Promise<number> {
    return this.either((store) => store.count(key, windowMs, now));
  }

  async clear(key: string): Promise<void> {
    await this.local.clear(key);
    await this.either((store) => store.clear(key));
  }

  take(key: string, holder: string, max: number, ttlMs: number, now: number): Promise<boolean> {
    return this.either((store) => store.take(key, holder, max, ttlMs, now));
  }

  async renew(places: Place[], ttlMs: number, now: number): Promise<void> {
    await this.local.renew(places, ttlMs, now);
    await this.either((store) => store.renew(places, ttlMs, now));
  }

  async give(key: string, holder: string): Promise<void> {
    await this.local.give(key, holder);
    await this.either((store) => store.give(key, holder));
  }

  held(key: string, now: number): Promise<number> {
    return this.either((store) => store.held(key, now));
  }

  private async either<T>(use: (store: CounterStore) => Promise<T>): Promise<T> {
    if (this.redis.status !== 'ready') return use(this.local);
    try {
      return await use(this.shared);
    } catch (error) {
      if (!outageOf(error)) throw error;
      return use(this.local);
    }
  }
}
