import { Redis } from 'ioredis';
import type { Database } from '../db/client.js';
import { REDIS_COMMAND_TIMEOUT_MS } from '../ops/redisAway.js';
import { issueFencingToken } from './fencing.js';

/** How long a lease lives without renewal: a dead process's tables are free again after this. */
export const LEASE_TTL_MS = 8_000;
/** Renewed this often, so two missed renewals still keep the lease. */
export const LEASE_RENEW_MS = 2_500;
/** How long a lease command may go unanswered before it counts as failed: a quarter of the TTL, 0.5–2 s. */
export const leaseCommandTimeoutMs = (ttlMs: number): number =>
  Math.max(REDIS_COMMAND_TIMEOUT_MS, Math.min(2_000, Math.floor(ttlMs / 4)));
/** Leases renewed by one Redis command (renewMany). */
const RENEW_BATCH = 250;

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
  /** renew() of many tables in one round trip (in the order asked); else one renew() each. */
  renewMany?(tableIds: number[]): Promise<boolean[]>;
  release(tableId: number): Promise<void>;
  /** The node id holding the table's lease, or null. */
  owner(tableId: number): Promise<string | null>;
  /** The holders of many tables' leases in one round trip (in the order asked); else one owner() each. */
  owners?(tableIds: number[]): Promise<Array<string | null>>;
  close(): Promise<void>;
}

/** The holder of each table's lease, in the order asked (one MGET with Redis). */
export async function leaseOwners(leases: TableLeases, tableIds: number[]): Promise<Array<string | null>> {
  if (tableIds.length === 0) return [];
  if (leases.owners) return leases.owners(tableIds);
  return Promise.all(tableIds.map((id) => leases.owner(id)));
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
// The same for many leases at once: 1 for each key still ours (extended), 0 for each that is not.
const RENEW_MANY = `local kept = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then kept[i] = redis.call('PEXPIRE', key, ARGV[2]) else kept[i] = 0 end
end
return kept`;
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
    // Longer than a request's command timeout: the timer of a command runs before the reply is read
    // when the event loop was busy, so under load a 500 ms timeout failed renewals whose answer had come,
    // and a failed renewal round let hundreds of tables go at once (issue 20). Still below a renewal period.
    this.redis = new Redis(redisUrl, {
      maxRetriesPerRequest: 2,
      commandTimeout: leaseCommandTimeoutMs(ttlMs),
    });
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

  async renewMany(tableIds: number[]): Promise<boolean[]> {
    const kept: boolean[] = [];
    // A process of 1,000 tables renews them in a few commands rather than 1,000: fewer replies to wait
    // for, and a renewal round that a busy event loop or Redis delays times out as a few, not as hundreds.
    for (let i = 0; i < tableIds.length; i += RENEW_BATCH) {
      const keys = tableIds.slice(i, i + RENEW_BATCH).map((id) => this.key(id));
      const answers = (await this.redis.eval(
        RENEW_MANY,
        keys.length,
        ...keys,
        this.nodeId,
        this.ttlMs,
      )) as number[];
      kept.push(...keys.map((_, k) => answers[k] === 1));
    }
    return kept;
  }

  async release(tableId: number): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key(tableId), this.nodeId);
  }

  async owner(tableId: number): Promise<string | null> {
    return this.redis.get(this.key(tableId));
  }

  async owners(tableIds: number[]): Promise<Array<string | null>> {
    const found: Array<string | null> = [];
    // In slices, so one claim round of thousands of tables is a few short commands, not one long one.
    for (let i = 0; i < tableIds.length; i += 500)
      found.push(...(await this.redis.mget(tableIds.slice(i, i + 500).map((id) => this.key(id)))));
    return found;
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private key(tableId: number): string {
    return `${this.prefix}lease:table:${tableId}`;
  }
}
