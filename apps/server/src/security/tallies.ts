// The detectors' running figures: one tally per pair of players dealt in together and one per player,
// each hand's signals folded in once (security/securityScan.ts keeps them in the database; tests keep
// them in memory). Pure: a tally and a hand's signals in, the tally changed.
import { addSpots, emptySpots, type HandSignals, type Spots } from './handSignals.js';

/** Each flag names at most this many evidence hands (the newest). */
export const EVIDENCE_HANDS = 20;
/** A gap of at least this between a player's hands is a break; likewise between a pair's shared hands. */
export const BREAK_MS = 30 * 60_000;
/** A transfer of at least this many big blinds between two players is kept as evidence of their flow. */
export const FLOW_EVIDENCE_BB = 10;

export interface PairTally {
  /** The pair, a < b. */
  a: number;
  b: number;
  /** Hands both were dealt into. */
  hands: number;
  /** Tugrik and big blinds a lost that b won, and the other way round. */
  chipsAB: number;
  chipsBA: number;
  bigBlindsAB: number;
  bigBlindsBA: number;
  /** Dumps: big losses of a to b (and of b to a) that folded the better hand or paid off far behind. */
  dumpsAB: number;
  dumpsBA: number;
  /** a's decisions and raises after the flop with b still in, and b's with a (dumps between them left out). */
  facingA: Spots;
  facingB: Spots;
  /** Hands in which both had sat down from the same address. */
  sharedAddressHands: number;
  /** Sittings together: a shared hand after a break of BREAK_MS since their last one starts one. */
  sittings: number;
  lastTogetherAt: string | null;
  evidence: {
    /** Dumps and transfers of FLOW_EVIDENCE_BB or more, from a to b and from b to a. */
    dumpsAB: string[];
    dumpsBA: string[];
    flowAB: string[];
    flowBA: string[];
    soft: string[];
    together: string[];
    address: string[];
  };
}

export interface PlayerTally {
  userId: number;
  hands: number;
  decisions: number;
  raises: number;
  postflop: Spots;
  /** Big losses given away as dumps, to anyone. */
  dumps: number;
  /** Decisions with a known time, their sum and sum of squares (ms). */
  timed: number;
  msSum: number;
  msSquares: number;
  /** Sittings: a hand after a break of BREAK_MS since the player's last hand starts one. */
  sittings: number;
  lastHandAt: string | null;
  sittingStartedAt: string | null;
  sittingFirstHand: string | null;
  /** The longest sitting without a break, its length and its first and last hands. */
  longestMs: number;
  longestHands: string[];
  evidence: { timed: string[] };
}

export function emptyPair(a: number, b: number): PairTally {
  return {
    a: Math.min(a, b),
    b: Math.max(a, b),
    hands: 0,
    chipsAB: 0,
    chipsBA: 0,
    bigBlindsAB: 0,
    bigBlindsBA: 0,
    dumpsAB: 0,
    dumpsBA: 0,
    facingA: emptySpots(),
    facingB: emptySpots(),
    sharedAddressHands: 0,
    sittings: 0,
    lastTogetherAt: null,
    evidence: { dumpsAB: [], dumpsBA: [], flowAB: [], flowBA: [], soft: [], together: [], address: [] },
  };
}

export function emptyPlayer(userId: number): PlayerTally {
  return {
    userId,
    hands: 0,
    decisions: 0,
    raises: 0,
    postflop: emptySpots(),
    dumps: 0,
    timed: 0,
    msSum: 0,
    msSquares: 0,
    sittings: 0,
    lastHandAt: null,
    sittingStartedAt: null,
    sittingFirstHand: null,
    longestMs: 0,
    longestHands: [],
    evidence: { timed: [] },
  };
}

export const pairKey = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

/** The pairs and players one hand touches (to load their tallies before folding it in). */
export function touchedBy(signals: HandSignals): { pairs: string[]; players: number[] } {
  const pairs: string[] = [];
  const ids = signals.userIds;
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++) pairs.push(pairKey(ids[i], ids[j]));
  return { pairs, players: [...ids] };
}

/** Where folding finds (or makes) the tallies a hand touches. */
export interface TallyBook {
  pair(a: number, b: number): PairTally;
  player(userId: number): PlayerTally;
}

/** Tallies in memory (the scan loads the touched ones into it; tests keep everything in it). */
export class TallyMap implements TallyBook {
  readonly pairs = new Map<string, PairTally>();
  readonly players = new Map<number, PlayerTally>();

  pair(a: number, b: number): PairTally {
    const key = pairKey(a, b);
    let tally = this.pairs.get(key);
    if (!tally) this.pairs.set(key, (tally = emptyPair(a, b)));
    return tally;
  }

  player(userId: number): PlayerTally {
    let tally = this.players.get(userId);
    if (!tally) this.players.set(userId, (tally = emptyPlayer(userId)));
    return tally;
  }
}

/** Folds one hand's signals into the tallies it touches. */
export function foldHand(book: TallyBook, signals: HandSignals): void {
  const { handId } = signals;
  const ids = signals.userIds;
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      const pair = book.pair(ids[i], ids[j]);
      pair.hands++;
      if (!pair.lastTogetherAt || gapMs(pair.lastTogetherAt, signals.startedAt) >= BREAK_MS) pair.sittings++;
      pair.lastTogetherAt = latest(pair.lastTogetherAt, signals.endedAt);
      remember(pair.evidence.together, handId);
    }
  }
  for (const flow of signals.flows) {
    const pair = book.pair(flow.from, flow.to);
    const forward = flow.from === pair.a;
    if (forward) {
      pair.chipsAB += flow.chips;
      pair.bigBlindsAB += flow.bigBlinds;
    } else {
      pair.chipsBA += flow.chips;
      pair.bigBlindsBA += flow.bigBlinds;
    }
    if (flow.dump) {
      if (forward) pair.dumpsAB++;
      else pair.dumpsBA++;
      remember(forward ? pair.evidence.dumpsAB : pair.evidence.dumpsBA, handId);
    }
    if (flow.bigBlinds >= FLOW_EVIDENCE_BB)
      remember(forward ? pair.evidence.flowAB : pair.evidence.flowBA, handId);
  }
  for (const flow of signals.flows) if (flow.dump) book.player(flow.from).dumps++;
  // A dump is a transfer, not a contest: how the two play each other is read from their other hands.
  const dumped = new Set(signals.flows.filter((f) => f.dump).map((f) => pairKey(f.from, f.to)));
  const facing = new Map<string, { decisions: number; raises: number }>();
  for (const live of signals.live) {
    const key = pairKey(live.actor, live.other);
    if (dumped.has(key)) continue;
    const pair = book.pair(live.actor, live.other);
    addSpots(live.actor === pair.a ? pair.facingA : pair.facingB, live.spots);
    const both = facing.get(key) ?? { decisions: 0, raises: 0 };
    both.decisions += sum(live.spots.decisions);
    both.raises += sum(live.spots.raises);
    facing.set(key, both);
  }
  // A hand where the two faced each other after the flop for several decisions and neither bet or raised.
  for (const [key, both] of facing) {
    if (both.decisions >= 2 && both.raises === 0) {
      const [a, b] = key.split(':').map(Number);
      remember(book.pair(a, b).evidence.soft, handId);
    }
  }
  for (const [a, b] of signals.sharedAddress) {
    const pair = book.pair(a, b);
    pair.sharedAddressHands++;
    remember(pair.evidence.address, handId);
  }
  for (const signal of signals.players) {
    const player = book.player(signal.userId);
    player.hands++;
    player.decisions += signal.decisions;
    player.raises += signal.raises;
    addSpots(player.postflop, signal.postflop);
    for (const ms of signal.times) {
      player.timed++;
      player.msSum += ms;
      player.msSquares += ms * ms;
    }
    if (signal.times.length > 0) remember(player.evidence.timed, handId);
    if (!player.lastHandAt || gapMs(player.lastHandAt, signals.startedAt) >= BREAK_MS) {
      player.sittings++;
      player.sittingStartedAt = signals.startedAt.toISOString();
      player.sittingFirstHand = handId;
    }
    player.lastHandAt = latest(player.lastHandAt, signals.endedAt);
    const sitting = signals.endedAt.getTime() - Date.parse(player.sittingStartedAt!);
    if (sitting > player.longestMs) {
      player.longestMs = sitting;
      player.longestHands = [...new Set([player.sittingFirstHand!, handId])];
    }
  }
}

function gapMs(earlier: string, later: Date): number {
  return later.getTime() - Date.parse(earlier);
}

function latest(current: string | null, at: Date): string {
  return current && Date.parse(current) > at.getTime() ? current : at.toISOString();
}

/** Keeps the newest EVIDENCE_HANDS hand ids, newest last. */
function remember(list: string[], handId: string): void {
  if (list.at(-1) === handId) return;
  list.push(handId);
  if (list.length > EVIDENCE_HANDS) list.splice(0, list.length - EVIDENCE_HANDS);
}

export const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);
