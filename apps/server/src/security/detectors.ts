// The security desk's detectors: flags read from the running tallies (tallies.ts), each with its
// score (0–100), the figures behind it, an explanation and the hands that raised it. The thresholds
// and what each one misses are in docs/player-protection.md ("The detectors").
import type { SecurityFlagKind } from '@tenger/protocol';
import type { Spots } from './handSignals.js';
import { sum, type PairTally, type PlayerTally } from './tallies.js';

export const THRESHOLDS = {
  /** Chip dumping: this many more dumps from one player to the same opponent than back... */
  dumps: 8,
  /** ...being at least this share of all the dumps that player gave. */
  dumpShare: 0.5,
  /** Soft play: at least this many raises expected between the two (half each way) from how each raises others... */
  softExpectedRaises: 8,
  /** ...and at most this share of them made, each way. */
  softShare: 0.25,
  /** Co-seating: at least this many separate sittings together... */
  coSittings: 5,
  /** ...being at least this share of the sittings of the one who sits less. */
  coShare: 0.7,
  /** Bot-like timing: at least this many timed decisions... */
  timedDecisions: 100,
  /** ...whose spread (standard deviation / mean) is below this... */
  timingSpread: 0.2,
  /** ...or whose standard deviation is below this many ms. */
  timingDeviationMs: 100,
  /** Play without a break (BREAK_MS) for at least this long. */
  longSittingMs: 8 * 3_600_000,
} as const;

export interface DetectorFlag {
  kind: Exclude<SecurityFlagKind, 'report'>;
  userIds: number[];
  score: number;
  handIds: string[];
  explanation: string;
  measures: Record<string, number>;
}

/** Every flag the pair's tally raises. */
export function pairFlags(
  pair: PairTally,
  playerOf: (userId: number) => PlayerTally | undefined,
): DetectorFlag[] {
  return [
    chipDumping(pair, playerOf),
    softPlay(pair, playerOf),
    coSeating(pair, playerOf),
    sharedAddress(pair),
  ].filter((f): f is DetectorFlag => f !== null);
}

/** Every flag the player's tally raises. */
export function playerFlags(player: PlayerTally): DetectorFlag[] {
  return [botTiming(player), longSittings(player)].filter((f): f is DetectorFlag => f !== null);
}

function chipDumping(
  pair: PairTally,
  playerOf: (userId: number) => PlayerTally | undefined,
): DetectorFlag | null {
  // The direction chips went: the dumper first.
  const forward =
    pair.dumpsAB > pair.dumpsBA || (pair.dumpsAB === pair.dumpsBA && pair.bigBlindsAB >= pair.bigBlindsBA);
  const [from, to] = forward ? [pair.a, pair.b] : [pair.b, pair.a];
  const dumps = forward ? pair.dumpsAB : pair.dumpsBA;
  const back = forward ? pair.dumpsBA : pair.dumpsAB;
  const sent = forward ? pair.bigBlindsAB : pair.bigBlindsBA;
  const returned = forward ? pair.bigBlindsBA : pair.bigBlindsAB;
  const net = sent - returned;
  const dumpHands = forward ? pair.evidence.dumpsAB : pair.evidence.dumpsBA;
  const flowHands = forward ? pair.evidence.flowAB : pair.evidence.flowBA;
  const oneSided = sent + returned > 0 ? sent / (sent + returned) : 0;
  const given = playerOf(from)?.dumps ?? dumps;
  const byDumps = dumps - back >= THRESHOLDS.dumps && dumps >= THRESHOLDS.dumpShare * given && net > 0;
  if (!byDumps) return null;
  const score = clamp(20 * (dumps - back) + net / 10);
  return {
    kind: 'chip_dumping',
    userIds: [from, to],
    score,
    handIds: [...new Set([...dumpHands, ...flowHands])],
    explanation:
      `${dumps} big losses to the same opponent (of ${given} such losses to anyone) that folded the better ` +
      `hand or paid off far behind; net ${Math.round(net)} big blinds went one way over ${pair.hands} hands together ` +
      `(${Math.round(oneSided * 100)} % of what moved between them)`,
    measures: {
      dumps,
      dumpsBack: back,
      dumpsToAnyone: given,
      netBigBlinds: Math.round(net),
      oneSided: round2(oneSided),
      hands: pair.hands,
    },
  };
}

function softPlay(
  pair: PairTally,
  playerOf: (userId: number) => PlayerTally | undefined,
): DetectorFlag | null {
  const a = playerOf(pair.a);
  const b = playerOf(pair.b);
  if (!a || !b) return null;
  // How often each bets or raises when the other is not in, spot by spot (by opponents still in),
  // applied to their decisions with the other in.
  const expectedOf = (p: PlayerTally, facing: Spots) => {
    let expected = 0;
    for (let k = 0; k < facing.decisions.length; k++) {
      const rest = p.postflop.decisions[k] - facing.decisions[k];
      if (rest > 0)
        expected += (facing.decisions[k] * Math.max(0, p.postflop.raises[k] - facing.raises[k])) / rest;
    }
    return expected;
  };
  const expectedA = expectedOf(a, pair.facingA);
  const expectedB = expectedOf(b, pair.facingB);
  const raisesA = sum(pair.facingA.raises);
  const raisesB = sum(pair.facingB.raises);
  // Both ways: a passive player facing an aggressive one is not a soft-playing pair.
  const soft = (expected: number, made: number) =>
    expected >= THRESHOLDS.softExpectedRaises / 2 && made <= THRESHOLDS.softShare * expected;
  if (!soft(expectedA, raisesA) || !soft(expectedB, raisesB)) return null;
  const expected = expectedA + expectedB;
  const decisions = sum(pair.facingA.decisions) + sum(pair.facingB.decisions);
  const made = raisesA + raisesB;
  return {
    kind: 'soft_play',
    userIds: [pair.a, pair.b],
    score: clamp(100 * (1 - made / expected)),
    handIds: [...pair.evidence.soft],
    explanation:
      `${made} bets or raises after the flop with the other still in, where ${expected.toFixed(1)} were expected ` +
      `from how often each bets or raises when the other is not in (${decisions} decisions)`,
    measures: { raises: made, expected: round2(expected), decisions },
  };
}

function coSeating(
  pair: PairTally,
  playerOf: (userId: number) => PlayerTally | undefined,
): DetectorFlag | null {
  const fewer = Math.min(playerOf(pair.a)?.sittings ?? 0, playerOf(pair.b)?.sittings ?? 0);
  if (pair.sittings < THRESHOLDS.coSittings || fewer === 0) return null;
  const share = pair.sittings / fewer;
  if (share < THRESHOLDS.coShare) return null;
  return {
    kind: 'co_seating',
    userIds: [pair.a, pair.b],
    score: clamp(share * 60 + pair.sittings * 4),
    handIds: [...pair.evidence.together],
    explanation: `${pair.sittings} of ${fewer} sittings together (${Math.round(share * 100)} %), ${pair.hands} hands`,
    measures: { sittings: pair.sittings, share: round2(share), hands: pair.hands },
  };
}

function sharedAddress(pair: PairTally): DetectorFlag | null {
  if (pair.sharedAddressHands === 0) return null;
  return {
    kind: 'shared_address',
    userIds: [pair.a, pair.b],
    score: clamp(40 + 2 * pair.sharedAddressHands),
    handIds: [...pair.evidence.address],
    explanation: `${pair.sharedAddressHands} hands at one table, both seated from the same address`,
    measures: { hands: pair.sharedAddressHands },
  };
}

function botTiming(player: PlayerTally): DetectorFlag | null {
  if (player.timed < THRESHOLDS.timedDecisions) return null;
  const mean = player.msSum / player.timed;
  const deviation = Math.sqrt(Math.max(0, player.msSquares / player.timed - mean * mean));
  const spread = mean > 0 ? deviation / mean : 0;
  if (spread >= THRESHOLDS.timingSpread && deviation >= THRESHOLDS.timingDeviationMs) return null;
  return {
    kind: 'bot_timing',
    userIds: [player.userId],
    score: clamp(
      100 * (1 - Math.min(spread / THRESHOLDS.timingSpread, deviation / THRESHOLDS.timingDeviationMs)),
    ),
    handIds: [...player.evidence.timed],
    explanation:
      `${player.timed} decisions took ${Math.round(mean)} ms on average with a standard deviation of ` +
      `${Math.round(deviation)} ms (spread ${spread.toFixed(2)}; people vary far more)`,
    measures: {
      decisions: player.timed,
      meanMs: Math.round(mean),
      deviationMs: Math.round(deviation),
      spread: round2(spread),
    },
  };
}

function longSittings(player: PlayerTally): DetectorFlag | null {
  if (player.longestMs < THRESHOLDS.longSittingMs) return null;
  const hours = player.longestMs / 3_600_000;
  return {
    kind: 'long_sessions',
    userIds: [player.userId],
    score: clamp(hours * 6),
    handIds: [...player.longestHands],
    explanation: `${hours.toFixed(1)} hours of play without a break of 30 minutes`,
    measures: { hours: round2(hours), sittings: player.sittings, hands: player.hands },
  };
}

const clamp = (value: number) => Math.max(1, Math.min(100, Math.round(value)));
const round2 = (value: number) => Math.round(value * 100) / 100;
