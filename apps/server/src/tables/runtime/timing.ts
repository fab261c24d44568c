// How long things take at a live table (tests shorten them; settings give the action time and bank).
export interface RuntimeTiming {
  /** Overrides settings.actionTimeSeconds (tests). */
  actionTimeMs?: number;
  /** Overrides settings.timeBankSeconds as the time bank's maximum (tests). */
  timeBankMaxMs?: number;
  /** Time bank refilled per hand dealt in. */
  timeBankRefillMs: number;
  /** Pause between the end of a hand and the next deal. */
  nextHandDelayMs: number;
  /** How long a player may choose to show after the hand (taken out of the pause between hands). */
  showWindowMs: number;
  /** Overrides settings.table.runoutPauseMs: the pause between the streets of an all-in runout (tests). */
  runoutPauseMs?: number;
  /** A player sat out this long is stood up and cashed out. */
  sitOutLimitMs: number;
  /** Consecutive timeouts that sit a player out. */
  timeoutsToSitOut: number;
  /** Events kept for RESUME. */
  logSize: number;
}

export const DEFAULT_TIMING: RuntimeTiming = {
  timeBankRefillMs: 1000,
  nextHandDelayMs: 3000,
  showWindowMs: 2500,
  sitOutLimitMs: 5 * 60_000,
  timeoutsToSitOut: 2,
  logSize: 1024,
};
