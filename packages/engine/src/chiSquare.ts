// Pearson's chi-square of shuffles, card × deck position: the engine's shuffle tests and the server's
// running RNG health of live deals (apps/server/src/rng/dealTally.ts) use the same one.
import { DECK_SIZE } from './cards.js';

/** The shuffle tests' significance level. */
const TEST_ALPHA = 0.01;
/** Every row and column of the card × position table sums to the shuffles: (52 - 1) × (52 - 1) = 2601. */
export const CARD_BY_POSITION_DEGREES_OF_FREEDOM = (DECK_SIZE - 1) * (DECK_SIZE - 1);

/**
 * Pearson's chi-square over the card × position table (`counts[card * 52 + position]`) of `shuffles`
 * shuffles against a uniform shuffle, with the critical value at `alpha` and the p-value.
 */
export function cardByPositionChiSquare(counts: ArrayLike<number>, shuffles: number, alpha = TEST_ALPHA) {
  const expected = shuffles / DECK_SIZE;
  let statistic = 0;
  for (let i = 0; i < counts.length; i++) statistic += (counts[i] - expected) ** 2 / expected;
  const degreesOfFreedom = CARD_BY_POSITION_DEGREES_OF_FREEDOM;
  return {
    statistic,
    degreesOfFreedom,
    critical: chiSquareCritical(degreesOfFreedom, alpha),
    pValue: chiSquareSurvival(statistic, degreesOfFreedom),
  };
}

/** The x with P(X > x) = alpha for X ~ chi-square(df), by bisection on the exact survival function. */
export function chiSquareCritical(degreesOfFreedom: number, alpha: number): number {
  let low = 0;
  let high = degreesOfFreedom + 20 * Math.sqrt(2 * degreesOfFreedom) + 50;
  for (let i = 0; i < 200; i++) {
    const middle = (low + high) / 2;
    if (chiSquareSurvival(middle, degreesOfFreedom) > alpha) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/** P(X > x) for chi-square(df) = Q(df / 2, x / 2), the regularized upper incomplete gamma function. */
export function chiSquareSurvival(x: number, degreesOfFreedom: number): number {
  return upperRegularizedGamma(degreesOfFreedom / 2, x / 2);
}

function upperRegularizedGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const logPrefix = a * Math.log(x) - x - logGamma(a);
  if (x < a + 1) {
    // Series for the lower function P(a, x).
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 100_000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return Math.max(0, 1 - sum * Math.exp(logPrefix));
  }
  // Continued fraction for Q(a, x) (modified Lentz).
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 100_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.min(1, Math.exp(logPrefix) * h);
}

/** log Γ(z) by the Lanczos approximation (g = 7, 9 terms), accurate to about 15 digits. */
function logGamma(z: number): number {
  const coefficients = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const shifted = z - 1;
  let sum = coefficients[0];
  for (let i = 1; i < coefficients.length; i++) sum += coefficients[i] / (shifted + i);
  const t = shifted + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(sum);
}
