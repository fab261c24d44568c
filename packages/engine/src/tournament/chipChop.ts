// The final-table deal's arithmetic (docs/tournaments.md, "Final-table deal"): the chip-chop proposal
// and the part of the prizes kept to play for. The ICM proposal is icmDeal (icm.ts) on the same prizes.

export type DealResult =
  { ok: true; amounts: number[] } | { ok: false; error: { code: 'bad-input'; message: string } };

/**
 * A chip-chop deal in whole tugrik: every player is guaranteed the lowest of the prizes still to be won
 * (`prizes`, by place, one per player: places beyond the list win nothing), and the rest of the pool is
 * shared in proportion to chips, rounded down; the tugrik left over go one each to the largest remainders
 * (ties to the bigger stack, then the earlier player). The amounts sum to the prizes exactly.
 */
export function chipChopDeal(stacks: readonly number[], prizes: readonly number[]): DealResult {
  const n = stacks.length;
  if (
    n === 0 ||
    !stacks.every((s) => Number.isSafeInteger(s) && s >= 0) ||
    !prizes.every((p) => Number.isSafeInteger(p) && p >= 0)
  ) {
    return {
      ok: false,
      error: { code: 'bad-input', message: 'stacks must be whole chips >= 0 and prizes whole tugrik >= 0' },
    };
  }
  const places = Array.from({ length: n }, (_, k) => prizes[k] ?? 0);
  const pool = places.reduce((a, b) => a + b, 0);
  const floor = Math.min(...places);
  const rest = pool - floor * n;
  const chips = stacks.reduce((a, b) => a + b, 0);
  if (chips === 0) {
    return { ok: false, error: { code: 'bad-input', message: 'somebody must have chips' } };
  }
  // Exact integer arithmetic (BigInt): rest × stack can pass 2^53.
  const shares = stacks.map((s) => (BigInt(rest) * BigInt(s)) / BigInt(chips));
  const amounts = shares.map((share) => floor + Number(share));
  let left = pool - amounts.reduce((a, b) => a + b, 0);
  const order = stacks
    .map((s, i) => ({ i, remainder: (BigInt(rest) * BigInt(s)) % BigInt(chips) }))
    .sort((a, b) =>
      a.remainder === b.remainder
        ? stacks[b.i] - stacks[a.i] || a.i - b.i
        : a.remainder > b.remainder
          ? -1
          : 1,
    );
  for (let k = 0; left > 0; k = (k + 1) % n, left--) amounts[order[k].i]++;
  return { ok: true, amounts };
}

/**
 * The prizes a deal shares and the part kept to play for: each remaining prize (by place) keeps
 * `100 − keptPercent` % of itself, rounded down; `kept` is the rest (what the rounding left included),
 * won by the player who finishes first after the deal. `keptPercent` is a whole percent 0–100.
 */
export function dealPrizes(
  prizes: readonly number[],
  keptPercent: number,
): { dealt: number[]; kept: number } {
  const percent = Number.isSafeInteger(keptPercent) ? Math.min(100, Math.max(0, keptPercent)) : 0;
  const dealt = prizes.map((p) => Math.floor((p * (100 - percent)) / 100));
  const kept = prizes.reduce((a, b) => a + b, 0) - dealt.reduce((a, b) => a + b, 0);
  return { dealt, kept };
}
