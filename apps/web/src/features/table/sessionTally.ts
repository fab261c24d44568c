/**
 * The session panel's figures: the viewer's hands and net result at this table since they sat down, as this
 * page saw it. Counted from each hand's `hand-result` — the server's settled net per seat, the same figure
 * as the game history's Gameplay Win row — plus a bad-beat jackpot share paid for that hand. Not from the
 * stack: a stack mid-hand already lacks the chips bet, and Add Chips would need subtracting again.
 */
export interface SessionTally {
  handsPlayed: number;
  /** Whole tugrik (chips at a tournament's table); negative: a loss. */
  net: number;
}

export const FRESH_SESSION: SessionTally = { handsPlayed: 0, net: 0 };

export interface HandOutcome {
  results: readonly { userId: number | string; net: number }[];
  jackpotPayouts: readonly { userId: number | string; amount: number }[];
}

/** The tally after one finished hand: unchanged when the viewer was not dealt into it. */
export function tallyHand(tally: SessionTally, hand: HandOutcome, userId: number | null): SessionTally {
  if (userId === null) return tally;
  const mine = hand.results.find((r) => String(r.userId) === String(userId));
  if (!mine) return tally;
  const jackpot = hand.jackpotPayouts
    .filter((p) => String(p.userId) === String(userId))
    .reduce((sum, p) => sum + p.amount, 0);
  return { handsPlayed: tally.handsPlayed + 1, net: tally.net + mine.net + jackpot };
}

/** Whole hours and minutes seated from `since` to `now` (epoch ms); never negative. */
export function seatedFor(since: number, now: number): { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.floor((now - since) / 60_000));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
