// Progressive knockout bounties: who gets a busted player's bounty, and how each share is paid.
// Rules and choices: docs/tournaments.md "Progressive knockout bounties".

/** One pot of a settled hand, main pot first, as the hand paid it. */
export interface BountyPot {
  /** Players who could win it (not folded). */
  eligible: readonly string[];
  /** Players who won it, in dealing order (clockwise from the first seat left of the button). */
  winners: readonly string[];
}

/** A player knocked out in the hand and the bounty on their head when it began. */
export interface Knockout {
  playerId: string;
  bounty: number;
}

/** What one eliminator gets for one knocked-out player. */
export interface BountyAward {
  eliminated: string;
  eliminator: string;
  /** The eliminator's share of the bounty: `cash + head`. */
  amount: number;
  /** Paid at once. */
  cash: number;
  /** Added to the eliminator's own bounty. */
  head: number;
}

/**
 * A share split in two: half in cash at once, half onto the eliminator's own bounty; the odd tugrik
 * goes to the cash half (it is paid now rather than later, and the bounty never grows by more).
 */
export function splitBountyShare(amount: number): { cash: number; head: number } {
  const head = Math.floor(amount / 2);
  return { cash: amount - head, head };
}

/**
 * The bounty shares of one hand. A knocked-out player's chips lie in the pots they were eligible for
 * (the main pot and the side pots their stack covered); their bounty is split over those pots in
 * proportion to the chips they put in each (a pot's layer: its level less the previous pot's level,
 * a level being the least that an eligible player put in), and each pot's part equally among the
 * pot's winners. Whole tugrik: each pot's part is rounded down and the tugrik left go one at a time to
 * the pots from the main pot on; within a pot the odd tugrik go one each to the first winners in
 * dealing order (as a split pot's odd chips do). Shares of one eliminator from several pots are added.
 * `committed`: every dealt-in player's chips put into the hand. Awards come per knocked-out player in
 * the given order, eliminators in the order they first won a covering pot.
 */
export function bountyAwards(
  pots: readonly BountyPot[],
  committed: ReadonlyMap<string, number>,
  knockouts: readonly Knockout[],
): BountyAward[] {
  const levels: number[] = [];
  let previous = 0;
  for (const pot of pots) {
    let level = Infinity;
    for (const p of pot.eligible) level = Math.min(level, committed.get(p) ?? 0);
    if (!Number.isFinite(level)) level = previous;
    levels.push(Math.max(level, previous));
    previous = Math.max(level, previous);
  }
  const awards: BountyAward[] = [];
  for (const out of knockouts) {
    // The chips the player put into each pot that covered them (their part of that pot's layer).
    const chips = pots.map((pot, i) => {
      if (!pot.eligible.includes(out.playerId) || pot.winners.length === 0) return 0;
      return levels[i]! - (i === 0 ? 0 : levels[i - 1]!);
    });
    let total = chips.reduce((a, b) => a + b, 0);
    if (total === 0) {
      // No layer to weigh by (e.g. all-in on dead money alone): the pots they could win, equally.
      for (let i = 0; i < pots.length; i++) {
        if (pots[i]!.eligible.includes(out.playerId) && pots[i]!.winners.length > 0) chips[i] = 1;
      }
      total = chips.reduce((a, b) => a + b, 0);
    }
    if (total === 0 || out.bounty <= 0) continue;
    const parts = chips.map((c) => Math.floor((out.bounty * c) / total));
    let left = out.bounty - parts.reduce((a, b) => a + b, 0);
    for (let i = 0; left > 0; i = (i + 1) % parts.length) {
      if (chips[i]! > 0) {
        parts[i]!++;
        left--;
      }
    }
    const byEliminator = new Map<string, number>();
    pots.forEach((pot, i) => {
      const part = parts[i]!;
      if (part === 0) return;
      const each = Math.floor(part / pot.winners.length);
      const odd = part - each * pot.winners.length;
      pot.winners.forEach((w, j) => {
        byEliminator.set(w, (byEliminator.get(w) ?? 0) + each + (j < odd ? 1 : 0));
      });
    });
    for (const [eliminator, amount] of byEliminator) {
      if (amount === 0 || eliminator === out.playerId) continue;
      awards.push({ eliminated: out.playerId, eliminator, amount, ...splitBountyShare(amount) });
    }
  }
  return awards;
}
