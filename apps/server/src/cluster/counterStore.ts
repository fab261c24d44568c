import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Counters the site's processes share: events in a sliding window (failed passwords per account and
 * per address) and places held by open things (WebSocket connections per address). One process keeps
 * them in memory; several keep them in Redis, each step one atomic script. Times are the caller's
 * milliseconds (`now`), so both kinds are tested with one fake clock.
 */
export interface CounterStore {
  /** Records one event of `key` at `now`; answers how many lie in the last `windowMs`, this one included. */
  hit(key: string, windowMs: number, now: number): Promise<number>;
  /** How many events of `key` lie in the last `windowMs`. */
  count(key: string, windowMs: number, now: number): Promise<number>;
  /** Forgets every event of `key`. */
  clear(key: string): Promise<void>;
  /**
   * Takes one of at most `max` places of `key` for `holder` until `now + ttlMs`; false when all are
   * taken. A place nobody renews is free again after its ttl (its process died).
   */
  take(key: string, holder: string, max: number, ttlMs: number, now: number): Promise<boolean>;
  /** Extends places still in use to `now + ttlMs`. */
  renew(places: Place[], ttlMs: number, now: number): Promise<void>;
  /** Gives a place back. */
  give(key: string, holder: string): Promise<void>;
  /** Places of `key` held at `now`. */
  held(key: string, now: number): Promise<number>;
}

export interface Place {
  key: string;
  holder: string;
}

/** One process: everything in maps, swept when they grow large. */
export class MemoryCounters implements CounterStore {
  private readonly events = new Map<string, number[]>();
  private readonly places = new Map<string, Map<string, number>>();

  async hit(key: string, windowMs: number, now: number): Promise<number> {
    const list = this.recent(key, windowMs, now);
    list.push(now);
    this.events.set(key, list);
    if (this.events.size > SWEEP_ABOVE) this.sweepEvents(windowMs, now);
    return list.length;
  }

  async count(key: string, windowMs: number, now: number): Promise<number> {
    return this.recent(key, windowMs, now).length;
  }

  async clear(key: string): Promise<void> {
    this.events.delete(key);
  }

  async take(key: string, holder: string, max: number, ttlMs: number, now: number): Promise<boolean> {
    const places = this.live(key, now);
    if (!places.has(holder) && places.size >= max) return false;
    places.set(holder, now + ttlMs);
    this.places.set(key, places);
    return true;
  }

  async renew(places: Place[], ttlMs: number, now: number): Promise<void> {
    for (const { key, holder } of places) {
      const map = this.places.get(key) ?? new Map<string, number>();
      map.set(holder, now + ttlMs);
      this.places.set(key, map);
    }
  }

  async give(key: string, holder: string): Promise<void> {
    const places = this.places.get(key);
    places?.delete(holder);
    if (places?.size === 0) this.places.delete(key);
  }

  async held(key: string, now: number): Promise<number> {
    return this.live(key, now).size;
  }

  private recent(key: string, windowMs: number, now: number): number[] {
    const list = (this.events.get(key) ?? []).filter((t) => t > now - windowMs);
    if (list.length === 0) this.events.delete(key);
    else this.events.set(key, list);
    return list;
  }

  private live(key: string, now: number): Map<string, number> {
    const places = this.places.get(key) ?? new Map<string, number>();
    for (const [holder, until] of places) if (until <= now) places.delete(holder);
    if (places.size === 0) this.places.delete(key);
    return places;
  }

  private sweepEvents(windowMs: number, now: number): void {
    for (const key of [...this.events.keys()]) this.recent(key, windowMs, now);
  }
}

const SWEEP_ABOVE = 100_000;

// Sliding windows are sorted sets scored by time; so are places, scored by when they lapse. Each
// script drops what has expired before it counts, and every key expires on its own when left alone.
const HIT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return redis.call('ZCARD', KEYS[1])`;
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if not redis.call('ZSCORE', KEYS[1], ARGV[4]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[3]), ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

interface CounterCommands {
  counterHit(key: string, now: number, windowMs: number, member: string): Promise<number>;
  counterTake(key: string, now: number, max: number, ttlMs: number, holder: string): Promise<number>;
}

/** Several processes: the counters live in Redis under `prefix`. */
export class RedisCounters implements CounterStore {
  private readonly redis: Redis & CounterCommands;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    this.redis = redis as Redis & CounterCommands;
    if (!('counterHit' in redis)) {
      redis.defineCommand('counterHit', { numberOfKeys: 1, lua: HIT });
      redis.defineCommand('counterTake', { numberOfKeys: 1, lua: TAKE });
    }
  }

  async hit(key: string, windowMs: number, now: number): Promise<number> {
    const member = `${now}:${randomBytes(6).toString('base64url')}`;
    return Number(await this.redis.counterHit(this.events(key), now, windowMs, member));
  }

  async count(key: string, windowMs: number, now: number): Promise<number> {
    return this.redis.zcount(this.events(key), `(${now - windowMs}`, '+inf');
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.events(key));
  }

  async take(key: string, holder: string, max: number, ttlMs: number, now: number): Promise<boolean> {
    return (await this.redis.counterTake(this.places(key), now, max, ttlMs, holder)) === 1;
  }

  async renew(places: Place[], ttlMs: number, now: number): Promise<void> {
    if (places.length === 0) return;
    const batch = this.redis.pipeline();
    for (const { key, holder } of places) {
      batch.zadd(this.places(key), now + ttlMs, holder);
      batch.pexpire(this.places(key), ttlMs);
    }
    await batch.exec();
  }

  async give(key: string, holder: string): Promise<void> {
    await this.redis.zrem(this.places(key), holder);
  }

  async held(key: string, now: number): Promise<number> {
    return this.redis.zcount(this.places(key), `(${now}`, '+inf');
  }

  private events(key: string): string {
    return `${this.prefix}count:${key}`;
  }

  private places(key: string): string {
    return `${this.prefix}place:${key}`;
  }
}
