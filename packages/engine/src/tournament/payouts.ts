// Payout tables: how many places are paid for a field size and how the prize pool is shared among
// them, to the tugrik. Published in docs/tournaments.md (the examples there are computed by this
// file's tests); the lobby shows the table for the current field and pool.

export interface Payout {
  place: number;
  amount: number;
}

/** Fixed shares for small fields, in percent: 2–5 entrants pay one place, 6–7 two, 8–9 three. */
const SMALL_FIELDS: readonly { upTo: number; percents: readonly number[] }[] = [
  { upTo: 5, percents: [100] },
  { upTo: 7, percents: [65, 35] },
  { upTo: 9, percents: [50, 30, 20] },
];

/** From 10 entrants: about 15 % of the field is paid, never fewer than 3 places. */
export const PAID_FRACTION = 0.15;
/** Part of the pool shared equally by every paid place (a floor for the min-cash); the rest falls as 1/place. */
export const FLAT_SHARE = 0.2;
/** Shares are rounded to this many parts before the pool is divided, so amounts are exact integers. */
const SHARE_PARTS = 1_000_000_000;

/** How many places a field pays. */
export function placesPaid(entrants: number): number {
  checkEntrants(entrants);
  const small = SMALL_FIELDS.find((f) => entrants <= f.upTo);
  if (small) return small.percents.length;
  return Math.max(3, Math.round(entrants * PAID_FRACTION));
}

/**
 * Each paid place's share of the pool, in parts of `SHARE_PARTS`, non-increasing by place. Small
 * fields use the fixed percentages; larger ones give every paid place `FLAT_SHARE / paid` of the pool
 * plus a part of the rest proportional to 1/place (a harmonic curve: 1st gets twice 2nd's part, …).
 */
export function payoutShares(entrants: number): number[] {
  const paid = placesPaid(entrants);
  const small = SMALL_FIELDS.find((f) => entrants <= f.upTo);
  if (small) return small.percents.map((p) => (p * SHARE_PARTS) / 100);
  let harmonic = 0;
  for (let place = 1; place <= paid; place++) harmonic += 1 / place;
  const shares: number[] = [];
  for (let place = 1; place <= paid; place++) {
    const share = FLAT_SHARE / paid + ((1 - FLAT_SHARE) * (1 / place)) / harmonic;
    shares.push(Math.round(share * SHARE_PARTS));
  }
  return shares;
}

/**
 * The whole pool shared among the paid places in whole tugrik: each place gets its share rounded
 * down (exact integer arithmetic), and whatever rounding leaves over goes to the winner. The amounts
 * sum to the pool exactly and never rise from one place to the next.
 */
export function payoutTable(entrants: number, pool: number): Payout[] {
  if (!Number.isSafeInteger(pool) || pool < 0) throw new Error('The prize pool must be a whole number >= 0');
  const shares = payoutShares(entrants);
  let total = 0n;
  for (const s of shares) total += BigInt(s);
  const amounts = shares.map((s) => Number((BigInt(pool) * BigInt(s)) / total));
  const paidOut = amounts.reduce((sum, a) => sum + a, 0);
  amounts[0] += pool - paidOut;
  return amounts.map((amount, i) => ({ place: i + 1, amount }));
}

/** The prize for a place (0 outside the money). */
export function prizeFor(payouts: readonly Payout[], place: number): number {
  return payouts.find((p) => p.place === place)?.amount ?? 0;
}

function checkEntrants(entrants: number): void {
  if (!Number.isSafeInteger(entrants) || entrants < 2)
    throw new Error('A tournament needs at least 2 entrants');
}
