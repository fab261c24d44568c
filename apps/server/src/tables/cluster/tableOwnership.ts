// Which tables this process runs. A table runs here only under a lease (cluster/tableLeases.ts):
// acquired before its runtime is built, renewed on a timer, and the moment a renewal fails the table
// stops here (no new deal, no settlement). Every settlement carries the lease's fencing token
// (cluster/fencing.ts), so a process that lost a table can never settle a hand of it, however late.
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

  /** Takes the table's lease (and a newer fencing token); false when another process holds it. */
  async acquire(tableId: number): Promise<boolean> {
    if (this.tokens.has(tableId)) return true;
    const token = await this.leases.acquire(tableId);
    if (token === null) return false;
    this.tokens.set(tableId, token);
    this.renewedAt.set(tableId, Date.now());
    this.start();
    return true;
  }

  /** Inside a settlement's transaction: passes only while this process's token is the table's newest. */
  readonly fence = async (tx: Database, tableId: number): Promise<void> => {
    const token = this.tokens.get(tableId);
    if (token === undefined) throw new FencedOffError(tableId, 0);
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

  /** One renewal round: every held lease, at once; a lost one stops its table. */
  async renewAll(): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    try {
      await Promise.all(
        this.held().map(async (tableId) => {
          const started = Date.now();
          // Redis unreachable: keep running while the lease surely has not run out yet.
          const kept = await this.leases.renew(tableId).catch((error: unknown) => {
            this.hooks.warn(error, 'lease renewal failed');
            return started - (this.renewedAt.get(tableId) ?? 0) < this.ttlMs - 2 * this.renewMs
              ? null
              : false;
          });
          if (kept) this.renewedAt.set(tableId, started);
          if (kept !== false || !this.tokens.has(tableId)) return;
          this.tokens.delete(tableId);
          this.renewedAt.delete(tableId);
          this.hooks.lost(tableId);
        }),
      );
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
