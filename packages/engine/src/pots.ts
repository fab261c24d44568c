// Pots: the main pot and side pots built from what each seat put in, the rake and how a pot is split.

import type { Pot, RakeConfig } from './hand-types.js';

export interface Contribution {
  seat: number;
  /** Everything the seat put into the pot this hand. */
  committed: number;
  /** Folded seats' chips stay in the pots, but they cannot win them. */
  folded: boolean;
  /** The part of `committed` that is dead money for the table (a big-blind ante): it goes to the main pot. */
  dead?: number;
}

/**
 * Layers the pot by the all-in levels of the seats still in the hand: each layer holds, from every
 * seat, what it put in between the previous level and this one, and is won only by live seats that
 * reached the level. Adjacent layers with the same eligible seats merge. Contributions must be in
 * seat order; pots list the main pot first.
 */
export function buildPots(contributions: readonly Contribution[]): Pot[] {
  for (const c of contributions) if (c.dead) return buildPotsWithDeadMoney(contributions);
  // The common case first: no live seat is all-in for less than the others, so one pot.
  let top = 0;
  let uneven = false;
  for (const c of contributions) {
    if (c.folded || c.committed === 0) continue;
    if (top !== 0 && c.committed !== top) uneven = true;
    if (c.committed > top) top = c.committed;
  }
  if (!uneven) {
    let amount = 0;
    const eligible: number[] = [];
    for (const c of contributions) {
      amount += c.committed;
      if (!c.folded && c.committed > 0) eligible.push(c.seat);
    }
    return amount > 0 ? [{ amount, eligible }] : [];
  }
  const levels = [
    ...new Set(contributions.filter((c) => !c.folded && c.committed > 0).map((c) => c.committed)),
  ].sort((a, b) => a - b);
  const pots: Pot[] = [];
  let previous = 0;
  for (const level of levels) {
    let amount = 0;
    const eligible: number[] = [];
    for (const c of contributions) {
      amount += Math.max(0, Math.min(c.committed, level) - previous);
      if (!c.folded && c.committed >= level) eligible.push(c.seat);
    }
    previous = level;
    const last = pots[pots.length - 1];
    if (last && sameSeats(last.eligible, eligible)) last.amount += amount;
    else if (amount > 0) pots.push({ amount, eligible });
  }
  // Dead money above every live seat's level (cannot happen once uncalled bets are returned) goes to the top pot.
  let dead = 0;
  for (const c of contributions) dead += Math.max(0, c.committed - previous);
  if (dead > 0 && pots.length > 0) pots[pots.length - 1].amount += dead;
  return pots;
}

/**
 * Layers by live money only (committed less dead money); all the dead money goes into the main pot,
 * which every live seat that put anything in may win. A seat all-in on dead money alone is eligible
 * for the dead money only (a pot of its own when others put in live money).
 */
function buildPotsWithDeadMoney(contributions: readonly Contribution[]): Pot[] {
  const live = (c: Contribution) => c.committed - (c.dead ?? 0);
  let dead = 0;
  for (const c of contributions) dead += c.dead ?? 0;
  const levels = [...new Set(contributions.filter((c) => !c.folded && c.committed > 0).map(live))].sort(
    (a, b) => a - b,
  );
  const pots: Pot[] = [];
  let previous = 0;
  for (const level of levels) {
    let amount = pots.length === 0 ? dead : 0;
    const eligible: number[] = [];
    for (const c of contributions) {
      amount += Math.max(0, Math.min(live(c), level) - previous);
      if (!c.folded && c.committed > 0 && live(c) >= level) eligible.push(c.seat);
    }
    previous = level;
    const last = pots[pots.length - 1];
    if (last && sameSeats(last.eligible, eligible)) last.amount += amount;
    else if (amount > 0) pots.push({ amount, eligible });
  }
  let above = 0;
  for (const c of contributions) above += Math.max(0, live(c) - previous);
  if (above > 0 && pots.length > 0) pots[pots.length - 1].amount += above;
  return pots;
}

/** Basis points of a percent given to at most two decimals (5 -> 500, 2.5 -> 250). */
export function rakeBasisPoints(rake: RakeConfig): number {
  return Math.round(rake.percent * 100);
}

/** The rake for a pot total: percent of the pot rounded down to a whole tugrik, at most the cap. */
export function rakeFor(total: number, rake: RakeConfig | undefined): number {
  if (!rake) return 0;
  const raw = Math.floor((total * rakeBasisPoints(rake)) / 10000);
  return Math.min(raw, rake.cap);
}

/**
 * Spreads the rake over the pots in proportion to their size (rounded down), the leftover chips
 * one at a time from the main pot on, so every player in a pot pays their share.
 */
export function allocateRake(potAmounts: readonly number[], rake: number): number[] {
  const total = potAmounts.reduce((a, b) => a + b, 0);
  if (total === 0 || rake === 0) return potAmounts.map(() => 0);
  const shares = potAmounts.map((amount) => Math.floor((rake * amount) / total));
  let left = rake - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % shares.length) {
    if (shares[i] < potAmounts[i]) {
      shares[i]++;
      left--;
    }
  }
  return shares;
}

/**
 * Splits `amount` between winners given in order clockwise from the first seat left of the button:
 * equal shares, and the odd chips one each to the first winners in that order.
 */
export function splitPot(
  amount: number,
  winnersFromButton: readonly number[],
): { seat: number; amount: number }[] {
  const share = Math.floor(amount / winnersFromButton.length);
  const odd = amount - share * winnersFromButton.length;
  return winnersFromButton.map((seat, i) => ({ seat, amount: share + (i < odd ? 1 : 0) }));
}

function sameSeats(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
