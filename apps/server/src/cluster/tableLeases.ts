import { Redis } from 'ioredis';
import type { Database } from '../db/client.js';
import { REDIS_COMMAND_TIMEOUT_MS } from '../ops/redisAway.js';
import { issueFencingToken } from './fencing.js';

/** How long a lease lives without renewal: a dead process's tables are free again after this. */
export const LEASE_TTL_MS = 8_000;
/** Renewed this often, so two missed renewals still keep the lease. */
export const LEASE_RENEW_MS = 2_500;

/**
 * Which process owns which table. The lease (in Redis, expiring) says who may run the table now; the
 * fencing token (in PostgreSQL, only growing) is what a settlement must still hold when it commits.
 */
export interface TableLeases {
  readonly nodeId: string;
  /** Whether a lease runs out unless renewed (Redis); a single process's local lease never does. */
  readonly expiring: boolean;
  /** Takes the table if nobody holds it; the fencing token, or null when another process owns it. */
  acquire(tableId: number): Promise<number | null>;
  /** Extends this process's lease; false when it was lost (expired and taken, or never held). */
  renew(tableId: number): Promise<boolean>;
  release(tableId: number): Promise<void>;
  /** The node id holding the table's lease, or null. */
  owner(tableId: number): Promise<string | null>;
  close(): Promise<void>;
}

/** One process owns every table (no Redis); the fencing token still guards each settlement. */
export class LocalLeases implements TableLeases {
  private readonly held = new Set<number>();
  readonly expiring = false;
  constructor(
    private readonly db: Database,
    readonly nodeId: string,
  ) {}

  async acquire(tableId: number): Promise<number> {
    this.held.add(tableId);
    return issueFencingToken(this.db, tableId, this.nodeId);
  }
  async renew(tableId: number): Promise<boolean> {
    return this.held.has(tableId);
  }
  async release(tableId: number): Promise<void> {
    this.held.delete(tableId);
  }
  async owner(tableId: number): Promise<string | null> {
    return this.held.has(tableId) ? this.nodeId : null;
  }
  async close(): Promise<void> {
    this.held.clear();
  }
}

// Compare-and-act scripts: a process only extends or drops a lease that is still its own.
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

export class RedisLeases implements TableLeases {
  private readonly redis: Redis;
  readonly expiring = true;

  constructor(
    redisUrl: string,
    private readonly db: Database,
    readonly nodeId: string,
    private readonly ttlMs = LEASE_TTL_MS,
    private readonly prefix = 'tenger:',
  ) {
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
    this.redis.on('error', () => undefined); // requests fail and are retried by the caller's loop
  }

  async acquire(tableId: number): Promise<number | null> {
    const taken = await this.redis.set(this.key(tableId), this.nodeId, 'PX', this.ttlMs, 'NX');
    if (taken !== 'OK') return null;
    try {
      return await issueFencingToken(this.db, tableId, this.nodeId);
    } catch (error) {
      await this.release(tableId).catch(() => undefined);
      throw error;
    }
  }

  async renew(tableId: number): Promise<boolean> {
    return (await this.redis.eval(RENEW, 1, this.key(tableId), this.nodeId, this.ttlMs)) === 1;
  }

  async release(tableId: number): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key(tableId), this.nodeId);
  }

  async owner(tableId: number): Promise<string | null> {
    return this.redis.get(this.key(tableId));
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private key(tableId: number): string {
    return `${this.prefix}lease:table:${tableId}`;
  }
}
