// How fast a client may talk, for both WebSocket channels (/ws/global and /ws/table). One sliding
// window per connection, counted by when messages reached the process. When the event loop itself
// was blocked, frames that arrived meanwhile are delivered together afterwards: that burst is the
// server's doing, not the client's, so the window allows the messages an honest client could have
// sent during the stall.
import { performance } from 'node:perf_hooks';

/** A clock in milliseconds (performance.now in production, a fake in tests). */
export type Clock = () => number;

/** Recent event-loop stalls: how many milliseconds the loop was blocked lately. */
export interface StallHistory {
  /** Milliseconds of stall that ended within `windowMs` before `now`. */
  stalledWithin(now: number, windowMs: number): number;
}

/** At most `limit` messages in any `windowMs`, plus what recent server stalls explain. */
export class RateWindow {
  /** Arrival times still inside the window, oldest first. */
  private readonly arrivals: number[] = [];

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: Clock = performance.now.bind(performance),
    private readonly stalls: StallHistory = loopStalls(),
  ) {}

  /** Counts one message arriving now; false when the connection went over its rate. */
  admit(): boolean {
    const now = this.clock();
    const since = now - this.windowMs;
    let expired = 0;
    while (expired < this.arrivals.length && this.arrivals[expired] <= since) expired++;
    if (expired > 0) this.arrivals.splice(0, expired);
    this.arrivals.push(now);
    if (this.arrivals.length <= this.limit) return true;
    const stalled = this.stalls.stalledWithin(now, this.windowMs);
    const excused = Math.ceil((this.limit * stalled) / this.windowMs);
    return this.arrivals.length <= this.limit + excused;
  }
}

/** Records stalls of the event loop by watching a short timer come late. */
export class LoopStallWatch implements StallHistory {
  private readonly stalls: Array<{ endedAt: number; ms: number }> = [];
  private last: number;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly tickMs = STALL_TICK_MS,
    private readonly thresholdMs = STALL_THRESHOLD_MS,
    private readonly clock: Clock = performance.now.bind(performance),
  ) {
    this.last = clock();
    // Timers run before I/O in each loop turn, so a stall is recorded before its backlog is read.
    this.timer = setInterval(() => this.tick(), tickMs);
    this.timer.unref();
  }

  stalledWithin(now: number, windowMs: number): number {
    this.tick();
    let total = 0;
    for (const stall of this.stalls) if (stall.endedAt > now - windowMs) total += stall.ms;
    return total;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private tick(): void {
    const now = this.clock();
    const late = now - this.last - this.tickMs;
    this.last = now;
    if (late > this.thresholdMs) this.stalls.push({ endedAt: now, ms: late + this.tickMs });
    while (this.stalls.length > 0 && this.stalls[0].endedAt < now - STALL_MEMORY_MS) this.stalls.shift();
  }
}

/** The watch timer's period and how late it must be to count as a stall. */
const STALL_TICK_MS = 50;
const STALL_THRESHOLD_MS = 100;
/** Stalls older than this no longer excuse anything (longer than any window used). */
const STALL_MEMORY_MS = 60_000;

let shared: LoopStallWatch | null = null;

/** The process's one stall watch, started on first use. */
export function loopStalls(): StallHistory {
  shared ??= new LoopStallWatch();
  return shared;
}
