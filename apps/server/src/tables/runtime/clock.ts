// Time for live tables: the system clock in production, a FakeClock in tests, and a RoomClock that
// owns every timer of one table by name so that stopping the table clears them all at once.
import type { Clock, TimerHandle } from './ports.js';

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (work, ms) => ({ timer: setTimeout(work, ms) }),
  clearTimeout: (handle) => {
    if (handle) clearTimeout(handle.timer as NodeJS.Timeout);
  },
};

interface FakeTimer {
  at: number;
  order: number;
  work: () => void;
}

/** A clock that moves only when told to: `advance(ms)` runs the timers that fall due, in order. */
export class FakeClock implements Clock {
  private time: number;
  private order = 0;
  private readonly timers = new Set<FakeTimer>();

  constructor(start = 1_700_000_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(work: () => void, ms: number): TimerHandle {
    const timer: FakeTimer = { at: this.time + Math.max(0, ms), order: this.order++, work };
    this.timers.add(timer);
    return { timer };
  }

  clearTimeout(handle: TimerHandle | null | undefined): void {
    if (handle) this.timers.delete(handle.timer as FakeTimer);
  }

  /** Moves time forward by `ms`, running each timer due on the way at its own time. */
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const next = [...this.timers]
        .filter((t) => t.at <= until)
        .sort((a, b) => a.at - b.at || a.order - b.order)[0];
      if (!next) break;
      this.timers.delete(next);
      this.time = next.at;
      next.work();
    }
    this.time = until;
  }

  get pending(): number {
    return this.timers.size;
  }
}

/** The named timers of one table (the next deal, the action clock, each sitting-out seat). */
export class RoomClock {
  private readonly timers = new Map<string, TimerHandle>();

  constructor(readonly clock: Clock) {}

  now(): number {
    return this.clock.now();
  }

  /** Runs `work` after `ms`, replacing a timer of the same name. */
  after(name: string, ms: number, work: () => void): void {
    this.cancel(name);
    const handle = this.clock.setTimeout(() => {
      this.timers.delete(name);
      work();
    }, ms);
    this.timers.set(name, handle);
  }

  has(name: string): boolean {
    return this.timers.has(name);
  }

  cancel(name: string): void {
    const handle = this.timers.get(name);
    if (!handle) return;
    this.clock.clearTimeout(handle);
    this.timers.delete(name);
  }

  clear(): void {
    for (const handle of this.timers.values()) this.clock.clearTimeout(handle);
    this.timers.clear();
  }
}
