import { MemoryCounters, type CounterStore } from '../cluster/counterStore.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Counts failures (wrong passwords) per key — an address, an account, or an account from one address —
 * over a sliding hour. Once a limit of failures sits in the window, further attempts are refused until
 * they age out (`limit` unless the caller names another for that kind of key).
 * The counts live in the site's counter store: in memory for one process, in Redis for several, so a
 * lockout holds whichever process is asked.
 */
export class FailureLimiter {
  constructor(
    private readonly limit: number,
    private readonly store: CounterStore = new MemoryCounters(),
    private readonly windowMs = HOUR_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async isBlocked(key: string, limit = this.limit): Promise<boolean> {
    return (await this.failuresOf(key)) >= limit;
  }

  /** Failures of `key` in the window. */
  async failuresOf(key: string): Promise<number> {
    return this.store.count(failureKey(key), this.windowMs, this.now());
  }

  /** Counts one failure; true when this very failure reached the limit (the one that locks out). */
  async recordFailure(key: string, limit = this.limit): Promise<boolean> {
    return (await this.store.hit(failureKey(key), this.windowMs, this.now())) === limit;
  }

  async clear(key: string): Promise<void> {
    await this.store.clear(failureKey(key));
  }
}

function failureKey(key: string): string {
  return `failures:${key}`;
}
