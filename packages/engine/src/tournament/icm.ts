// ICM, the Independent Chip Model (Malmuth–Harville): the chance of finishing first is one's share of
// the chips in play; the chance of each later place follows by removing the players placed above and
// applying the same rule to the rest. A player's equity is the sum over places of prize × chance.
// Exact over every finishing order for up to 10 players (2^n subsets × n work); refused above that.

/** The most players ICM is computed for exactly (a final table). */
export const ICM_MAX_PLAYERS = 10;

export type IcmResult =
  | {
      ok: true;
      /** Each player's equity in tugrik, a fraction (the expectation, not a payment). */
      equities: number[];
      /** placeChances[i][k]: the chance player i finishes in place k + 1. */
      placeChances: number[][];
    }
  | { ok: false; error: { code: 'too-many-players' | 'bad-input'; message: string } };

/**
 * Equities of players with `stacks` (chips) competing for `prizes` (by place, 1st first; places beyond
 * the list win nothing). A player with no chips takes the last places and only their prizes.
 */
export function icmEquities(stacks: readonly number[], prizes: readonly number[]): IcmResult {
  const n = stacks.length;
  if (
    n === 0 ||
    !stacks.every((s) => Number.isSafeInteger(s) && s >= 0) ||
    !prizes.every((p) => Number.isFinite(p) && p >= 0)
  ) {
    return {
      ok: false,
      error: { code: 'bad-input', message: 'stacks must be whole chips >= 0 and prizes amounts >= 0' },
    };
  }
  if (n > ICM_MAX_PLAYERS) {
    return {
      ok: false,
      error: {
        code: 'too-many-players',
        message: `ICM is computed exactly for up to ${ICM_MAX_PLAYERS} players`,
      },
    };
  }
  // Players with chips compete for the top places; busted ones (0 chips) share the places below.
  const alive = stacks.map((s, i) => (s > 0 ? i : -1)).filter((i) => i >= 0);
  const dead = stacks.map((s, i) => (s === 0 ? i : -1)).filter((i) => i >= 0);
  const placeChances = stacks.map(() => new Array<number>(n).fill(0));
  const m = alive.length;
  const chips = alive.map((i) => stacks[i]);
  const total = chips.reduce((a, b) => a + b, 0);
  // reach[mask]: the chance that exactly the players in mask took the top |mask| places.
  const reach = new Float64Array(1 << m);
  const sumOf = new Float64Array(1 << m);
  reach[0] = 1;
  for (let mask = 0; mask < 1 << m; mask++) {
    if (mask > 0) {
      const low = mask & -mask;
      sumOf[mask] = sumOf[mask ^ low] + chips[31 - Math.clz32(low)];
    }
    const p = reach[mask];
    if (p === 0) continue;
    const rest = total - sumOf[mask];
    if (rest <= 0) continue;
    const place = popcount(mask);
    for (let j = 0; j < m; j++) {
      if (mask & (1 << j)) continue;
      const chance = (p * chips[j]) / rest;
      placeChances[alive[j]][place] += chance;
      reach[mask | (1 << j)] += chance;
    }
  }
  // Busted players are placed below everyone alive; equal chances among them for those places.
  for (const i of dead) for (let k = m; k < n; k++) placeChances[i][k] = 1 / dead.length;
  const equities = placeChances.map((chances) =>
    chances.reduce((sum, c, k) => sum + c * (prizes[k] ?? 0), 0),
  );
  return { ok: true, equities, placeChances };
}

/**
 * An ICM deal in whole tugrik: the prizes still to be won shared by equity, rounded down, with the
 * tugrik left over going one each to the largest remainders (ties to the bigger stack, then the
 * earlier player). The amounts sum to the prizes exactly.
 */
export function icmDeal(
  stacks: readonly number[],
  prizes: readonly number[],
): { ok: true; amounts: number[] } | Extract<IcmResult, { ok: false }> {
  if (!prizes.every((p) => Number.isSafeInteger(p) && p >= 0)) {
    return { ok: false, error: { code: 'bad-input', message: 'prizes must be whole tugrik >= 0' } };
  }
  const result = icmEquities(stacks, prizes);
  if (!result.ok) return result;
  const pool = prizes.slice(0, stacks.length).reduce((a, b) => a + b, 0);
  const amounts = result.equities.map((e) => Math.floor(e + 1e-9));
  let left = pool - amounts.reduce((a, b) => a + b, 0);
  const order = result.equities
    .map((e, i) => ({ i, remainder: e - amounts[i] }))
    .sort((a, b) => b.remainder - a.remainder || stacks[b.i] - stacks[a.i] || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) amounts[order[k].i]++;
  // Only a float's last bit can overshoot; take it back from the smallest remainders.
  for (let k = order.length - 1; left < 0; k = (k + order.length - 1) % order.length) {
    if (amounts[order[k].i] > 0) {
      amounts[order[k].i]--;
      left++;
    }
  }
  return { ok: true, amounts };
}

function popcount(x: number): number {
  let count = 0;
  for (; x; x &= x - 1) count++;
  return count;
}
