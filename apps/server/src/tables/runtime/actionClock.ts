// The action clock of a table: the player to act has the action time, then their time bank; when
// both run out the table acts for them (check, else fold). Using the bank spends it; a hand dealt
// in refills it a little, up to its maximum; timeouts in a row sit the player out.
import type { RoomClock } from './clock.js';
import type { Seat } from './seatRules.js';

export interface RunningClock {
  seat: number;
  startedAt: number;
  actionMs: number;
  /** When the player is timed out (epoch ms), time bank included. */
  deadline: number;
}

const TIMER = 'action';

export class ActionClock {
  private running: RunningClock | null = null;

  constructor(private readonly room: RoomClock) {}

  get current(): RunningClock | null {
    return this.running;
  }

  /** Starts the clock of `seat`: `actionMs` plus `bankMs`, then `onTimeout`. */
  start(seat: number, actionMs: number, bankMs: number, onTimeout: () => void): RunningClock {
    const startedAt = this.room.now();
    this.running = { seat, startedAt, actionMs, deadline: startedAt + actionMs + bankMs };
    this.room.after(TIMER, actionMs + bankMs, () => {
      this.running = null;
      onTimeout();
    });
    return this.running;
  }

  stop(): void {
    this.running = null;
    this.room.cancel(TIMER);
  }

  /** How long the player to act has had the clock so far, ms. */
  elapsed(): number {
    return this.running ? Math.max(0, this.room.now() - this.running.startedAt) : 0;
  }

  /** How much of the time bank the player to act has used so far. */
  bankUsed(): number {
    if (!this.running) return 0;
    return Math.max(0, this.room.now() - this.running.startedAt - this.running.actionMs);
  }
}

/** The bank after acting in time: what the action took beyond the action time is spent. */
export function spendBank(seat: Seat, usedMs: number): void {
  seat.timeBankMs = Math.max(0, seat.timeBankMs - usedMs);
  seat.consecutiveTimeouts = 0;
}

/** The bank after a hand dealt in. */
export function refillBank(seat: Seat, refillMs: number, maxMs: number): void {
  seat.timeBankMs = Math.min(maxMs, seat.timeBankMs + refillMs);
}

/** A timeout empties the bank; true when the player has now timed out too often and sits out. */
export function timedOut(seat: Seat, timeoutsToSitOut: number): boolean {
  seat.timeBankMs = 0;
  seat.consecutiveTimeouts++;
  return seat.consecutiveTimeouts >= timeoutsToSitOut && !seat.sittingOut;
}
