// Which tables this process runs. A table runs here only under a lease (cluster/tableLeases.ts):
// acquired before its runtime is built, renewed on a timer, and the moment a renewal fails the table
// stops here (no new deal, no settlement). Every money move of the table (buy-in, recharge, top-up,
// cash-out, settlement) carries the lease's fencing token (cluster/fencing.ts), so a process that lost
// a table can never move a tugrik of it, however late. And a process that cannot prove a renewal within
// the last lease period (it slept: SIGSTOP, a long pause) refuses the table's commands at once, before
// any renewal attempt has had a chance to tell it so (`current`).
import type { Database } from '../../db/client.js';
import { assertFencingToken, FencedOffError } from '../../cluster/fencing.js';
import { LEASE_RENEW_MS, LEASE_TTL_MS, type TableLeases } from '../../cluster/tableLeases.js';

export interface OwnershipHooks {
  /** The lease of a table this process ran was lost (expired and taken, or Redis refused): stop it. */
  lost(tableId: number): void;
  /** After each renewal round (a heartbeat for the cluster's table summaries). */
  renewed?(): void;
  warn(error: unknown, message: string): void;
}

export class TableOwnership {
  /** The fencing token of each table held here. */
  private readonly tokens = new Map<number, number>();
  /** When each lease was last known to be ours (acquired or renewed). */
  private readonly renewedAt = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private renewing = false;

  constructor(
    readonly leases: TableLeases,
    private readonly hooks: OwnershipHooks,
    private readonly renewMs = LEASE_RENEW_MS,
    private readonly ttlMs = LEASE_TTL_MS,
    /** The local clock the lease deadline is read on (tests script it). */
    private readonly now: () => number = Date.now,
  ) {}

  get nodeId(): string {
    return this.leases.nodeId;
  }

  holds(tableId: number): boolean {
    return this.tokens.has(tableId);
  }

  held(): number[] {
    return [...this.tokens.keys()];
  }

  /**
   * Whether this process can prove it still owns the table now: it holds the lease and acquired or
   * renewed it less than one lease period ago (measured from before the renewal was sent, so the lease
   * in Redis lives at least as long). Local leases (one process) never lapse.
   */
  current(tableId: number): boolean {
    if (!this.tokens.has(tableId)) return false;
    if (!this.leases.expiring) return true;
    const renewed = this.renewedAt.get(tableId);
    return renewed !== undefined && this.now() - renewed < this.ttlMs;
  }

  /** Takes the table's lease (and a newer fencing token); false when another process holds it. */
  async acquire(tableId: number): Promise<boolean> {
    if (this.tokens.has(tableId)) return true;
    const token = await this.leases.acquire(tableId);
    if (token === null) return false;
    this.tokens.set(tableId, token);
    this.renewedAt.set(tableId, this.now());
    this.start();
    return true;
  }

  /**
   * Inside the transaction of every money move of the table: passes only while this process's lease is
   * current and its token is the table's newest.
   */
  readonly fence = async (tx: Database, tableId: number): Promise<void> => {
    const token = this.tokens.get(tableId);
    if (token === undefined || !this.current(tableId)) throw new FencedOffError(tableId, token ?? 0);
    await assertFencingToken(tx, tableId, token);
  };

  /** Lets a table go (it was drained or closed here), so another process may take it at once. */
  async release(tableId: number): Promise<void> {
    this.renewedAt.delete(tableId);
    if (!this.tokens.delete(tableId)) return;
    await this.leases
      .release(tableId)
      .catch((error: unknown) => this.hooks.warn(error, 'lease release failed'));
  }

  async releaseAll(): Promise<void> {
    this.stop();
    await Promise.all(this.held().map((tableId) => this.release(tableId)));
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One renewal round: every held lease, at once (one command per batch when the store can); a lost one stops its table. */
  async renewAll(): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    try {
      const held = this.held();
      const started = this.now();
      // Redis unreachable: keep running while the lease surely has not run out yet.
      const unanswered = (tableId: number): boolean | null =>
        started - (this.renewedAt.get(tableId) ?? 0) < this.ttlMs - 2 * this.renewMs ? null : false;
      const failed = (error: unknown) => this.hooks.warn(error, 'lease renewal failed');
      const results: Array<boolean | null> =
        this.leases.renewMany && held.length > 0
          ? await this.leases.renewMany(held).catch((error: unknown) => (failed(error), held.map(unanswered)))
          : await Promise.all(
              held.map((tableId) =>
                this.leases.renew(tableId).catch((error: unknown) => (failed(error), unanswered(tableId))),
              ),
            );
      held.forEach((tableId, i) => {
        const kept = results[i];
        if (kept) this.renewedAt.set(tableId, started);
        if (kept !== false || !this.tokens.has(tableId)) return;
        this.tokens.delete(tableId);
        this.renewedAt.delete(tableId);
        this.hooks.lost(tableId);
      });
      this.hooks.renewed?.();
    } finally {
      this.renewing = false;
    }
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.renewAll(), this.renewMs);
    this.timer.unref();
  }
}
