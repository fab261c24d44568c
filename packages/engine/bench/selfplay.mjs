/* global process, console */
// Self-play speed: 6 seats, random legal actions, whole hands per second, through our engine's
// public API (dist) and through poker-ts doing the same, in one run.
//   node bench/selfplay.mjs          (after npm run build)
// Both sides: every hand starts with 6 fresh stacks of 200 big blinds, the button moves every hand,
// each turn takes a uniformly random legal action, and bets and raises a uniformly random amount.
// Chips come in units of 60 (blinds 60/120, amounts rounded down to a unit) so that no pot ever has
// an odd chip: poker-ts 1.5 loops forever handing out an odd chip to an all-in winner.

import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { applyAction, createHand, legalActions } from '../dist/index.js';

const require = createRequire(import.meta.url);
const SEATS = 6;
const UNIT = 60;
const SMALL_BLIND = UNIT;
const BIG_BLIND = 2 * UNIT;
const STACK = 200 * BIG_BLIND;

/** A uniformly random whole number of units in [min, max]; min and max are whole units. */
function amountIn(min, max, random) {
  return min + UNIT * Math.floor(random() * ((max - min) / UNIT + 1));
}

// A fast non-cryptographic generator for the bench's choices and shuffles (never for real cards).
function makeRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled(deck, random) {
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  return deck;
}

function ourHands(count, random) {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const seats = Array.from({ length: SEATS }, (_, seat) => ({ seat, playerId: `p${seat}`, stack: STACK }));
  let button = 0;
  for (let hand = 1; hand <= count; hand++) {
    const created = createHand({
      variant: 'holdem-nl',
      seats,
      button,
      smallBlind: SMALL_BLIND,
      bigBlind: BIG_BLIND,
      deck: shuffled(deck.slice(), random),
      handNumber: hand,
    });
    if (created.error) throw new Error(created.error.message);
    let state = created.state;
    for (let legal = legalActions(state); legal; legal = legalActions(state)) {
      const option = legal.actions[Math.floor(random() * legal.actions.length)];
      const amount =
        option.type === 'bet' || option.type === 'raise'
          ? amountIn(option.min, option.max, random)
          : undefined;
      const result = applyAction(state, { seat: legal.seat, type: option.type, amount });
      if (result.error) throw new Error(result.error.message);
      state = result.state;
    }
    button = (button + 1) % SEATS;
  }
}

function pokerTsHands(count, random) {
  const Poker = require('poker-ts');
  const table = new Poker.Table({ smallBlind: SMALL_BLIND, bigBlind: BIG_BLIND }, SEATS);
  for (let seat = 0; seat < SEATS; seat++) table.sitDown(seat, STACK);
  for (let hand = 1; hand <= count; hand++) {
    table.startHand();
    while (table.isHandInProgress()) {
      while (table.isBettingRoundInProgress()) {
        const { actions, chipRange } = table.legalActions();
        const action = actions[Math.floor(random() * actions.length)];
        if ((action === 'bet' || action === 'raise') && chipRange) {
          table.actionTaken(action, amountIn(chipRange.min, chipRange.max, random));
        } else table.actionTaken(action);
      }
      table.endBettingRound();
      if (table.areBettingRoundsCompleted()) table.showdown();
    }
    // Fresh stacks for the next hand (poker-ts stands busted players up itself).
    const seats = table.seats();
    for (let seat = 0; seat < SEATS; seat++) {
      if (seats[seat]) table.standUp(seat);
      table.sitDown(seat, STACK);
    }
  }
}

// Rates use the process's CPU time, not the wall clock: the machine may be shared with other work,
// and CPU time is what a hand costs.
function cpuMillis() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function timedRate(run, random, millis) {
  let hands = 0;
  const start = cpuMillis();
  let elapsed = 0;
  while (elapsed < millis) {
    run(100, random);
    hands += 100;
    elapsed = cpuMillis() - start;
  }
  return (hands * 1000) / elapsed;
}

/**
 * Hands per second of self-play through our engine and through poker-ts, measured in one run:
 * both warm up first, then take turns in short rounds; the best round of each counts.
 */
export async function benchSelfPlay({ millis = 3000 } = {}) {
  const rounds = 6;
  const oursRandom = makeRandom(1);
  const theirsRandom = makeRandom(1);
  ourHands(1000, oursRandom);
  pokerTsHands(1000, theirsRandom);
  let handsPerSec = 0;
  let pokerTsHandsPerSec = 0;
  for (let round = 0; round < rounds; round++) {
    handsPerSec = Math.max(handsPerSec, timedRate(ourHands, oursRandom, millis / rounds / 2));
    pokerTsHandsPerSec = Math.max(
      pokerTsHandsPerSec,
      timedRate(pokerTsHands, theirsRandom, millis / rounds / 2),
    );
  }
  return { handsPerSec: Math.round(handsPerSec), pokerTsHandsPerSec: Math.round(pokerTsHandsPerSec) };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchSelfPlay();
  console.log(
    `self-play (6 seats): ours ${result.handsPerSec} hands/s, poker-ts ${result.pokerTsHandsPerSec} hands/s, ` +
      `x${(result.handsPerSec / result.pokerTsHandsPerSec).toFixed(2)}`,
  );
  console.log(JSON.stringify(result));
}
