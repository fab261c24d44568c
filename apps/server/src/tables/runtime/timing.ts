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
  /**
   * How long a busted cash-table player keeps the seat to add chips (seatExits.offerChips); absent:
   * BUST_OFFER_MS (60 s); 0: stood up at once (long simulations whose scripted players never add chips).
   */
  bustOfferMs?: number;
  /** Consecutive timeouts that sit a player out. */
  timeoutsToSitOut: number;
  /**
   * Events kept for RESUME: 256 is a few hands (a 9-max hand with antes is 60–80 events), so a reconnect
   * within a minute or two resumes, a longer absence gets a fresh snapshot. Each kept hand event holds its
   * hand's context (the deck commitment's openings): at 1,024 a busy table kept ~1 MB, at 256 ~0.4 MB.
   */
  logSize: number;
}

export const DEFAULT_TIMING: RuntimeTiming = {
  timeBankRefillMs: 1000,
  nextHandDelayMs: 3000,
  showWindowMs: 2500,
  sitOutLimitMs: 5 * 60_000,
  timeoutsToSitOut: 2,
  logSize: 256,
};
