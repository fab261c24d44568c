import type { CounterStore } from '../cluster/counterStore.js';
import type { PasswordGuardConfig } from '../config.js';
import { AppError } from '../errors.js';

const MINUTE_MS = 60_000;

/** Who asks for password work: the address always, and the user when one is known. */
export interface PasswordWorker {
  address: string;
  /** A signed-in user (`user:<id>`), or for a login the account and address together (`<account>@<ip>`). */
  user?: string;
}

/** A refusal that tells the client when to come back (the HTTP edge sends it as `Retry-After`). */
export class TooBusy extends AppError {
  constructor(
    message: string,
    public readonly retryAfterSeconds: number,
  ) {
    super(429, 'rate_limited', message);
  }
}

/**
 * The one door of every password hash and check (login, register, profile change, reset): a few at once
 * per user and per address, a few per minute, and a bound for the whole process, so one player cannot
 * fill the scrypt pool that everyone's logins share. Past any bound the answer is 429 with Retry-After
 * at once: work that waited in a queue would only make everyone's logins slower.
 * Work in flight is this process's own (its threads are what fills); the minute counts are the site's.
 */
export class PasswordGate {
  private running = 0;
  private readonly runningFor = new Map<string, number>();

  constructor(
    private readonly limits: PasswordGuardConfig,
    private readonly counters: CounterStore,
    private readonly now: () => number = Date.now,
  ) {}

  async run<T>(worker: PasswordWorker, work: () => Promise<T>): Promise<T> {
    const holds: Array<[string, number]> = [[`address:${worker.address}`, this.limits.perAddressInFlight]];
    if (worker.user !== undefined) holds.push([`user:${worker.user}`, this.limits.perUserInFlight]);
    // Checked and taken in one synchronous step, so concurrent requests cannot all slip past.
    if (this.running >= this.limits.inFlight || holds.some(([key, max]) => this.held(key) >= max)) {
      throw new TooBusy('Too many password checks at once. Please try again in a moment.', 1);
    }
    this.running++;
    for (const [key] of holds) this.runningFor.set(key, this.held(key) + 1);
    try {
      const now = this.now();
      const [byAddress, byUser] = await Promise.all([
        this.counters.hit(`password-work:address:${worker.address}`, MINUTE_MS, now),
        worker.user === undefined
          ? 0
          : this.counters.hit(`password-work:user:${worker.user}`, MINUTE_MS, now),
      ]);
      if (byAddress > this.limits.perAddressPerMinute || byUser > this.limits.perUserPerMinute) {
        throw new TooBusy('Too many password checks. Please try again in a minute.', MINUTE_MS / 1000);
      }
      return await work();
    } finally {
      this.running--;
      for (const [key] of holds) {
        const left = this.held(key) - 1;
        if (left > 0) this.runningFor.set(key, left);
        else this.runningFor.delete(key);
      }
    }
  }

  /** Password work running in this process now (metrics, tests). */
  get inFlight(): number {
    return this.running;
  }

  private held(key: string): number {
    return this.runningFor.get(key) ?? 0;
  }
}
