/* global performance, process, console, URL */
// Engine benchmark: hand evaluation against the npm evaluators, then self-play, in one run.
//   npm run bench -w @tenger/engine        (builds dist first)
// Everyone evaluates the same pre-generated random hands, converted beforehand (outside the timing)
// to each library's own card format, through its public API. Each figure is the best of several
// timed rounds after a warm-up, timed in CPU time of this process (process.cpuUsage), so that other
// work on a shared machine does not count against whoever happens to run then. The last line
// printed is one JSON object.

import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';

const require = createRequire(import.meta.url);

// The evaluator builds its lookup tables when its module loads: time that alone, first.
const wallStart = performance.now();
const cpuStart = process.cpuUsage();
await import('../dist/evaluator.js');
const tableCpu = process.cpuUsage(cpuStart);
const tableCpuMs = (tableCpu.user + tableCpu.system) / 1000;
const tableWallMs = performance.now() - wallStart;
const engine = await import('../dist/index.js');
const { evaluateHoldem, evaluateOmaha, evaluate7 } = engine;

const phe = require('phe');
const pokerEvaluator = require('poker-evaluator');
const { Hand: PokerSolverHand } = require('pokersolver');

// 8,192 hands (as arrays, about 1 MB) stay in the CPU cache, so the evaluators are measured rather than
// memory bandwidth: with 131,072 hands every evaluator, ours and the peers, mostly waits for memory
// (ours: 25 M/s on arrays vs 62 M/s on the cached set). Every library uses the same set.
const HOLDEM_HANDS = 1 << 13;
const OMAHA_DEALS = 1 << 15;
const ROUNDS = 10;
const ROUND_MILLIS = 200;

// A fixed-seed generator for the test data only (never for real cards).
function makeRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomDeals(count, size, random) {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  const deals = [];
  for (let d = 0; d < count; d++) {
    for (let i = 0; i < size; i++) {
      const j = i + Math.floor(random() * (52 - i));
      const t = deck[i];
      deck[i] = deck[j];
      deck[j] = t;
    }
    deals.push(deck.slice(0, size));
  }
  return deals;
}

const RANKS = '23456789TJQKA';
const SUITS = 'cdhs';
const cardText = (card) => RANKS[card >> 2] + SUITS[card & 3];
// phe: rank * 4 + (s 0, h 1, d 2, c 3). poker-evaluator: 1 + rank * 4 + (c 0, d 1, h 2, s 3).
const pheCode = (card) => (card & ~3) | (3 - (card & 3));
const pokerEvaluatorCode = (card) => card + 1;

function cpuMillis() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Runs `pass` (which evaluates `perPass` hands) for ROUND_MILLIS of CPU per round; best rate of ROUNDS rounds. */
function measure(perPass, pass, rounds = ROUNDS, roundMillis = ROUND_MILLIS) {
  let sink = 0;
  const warmUpEnd = cpuMillis() + roundMillis;
  while (cpuMillis() < warmUpEnd) sink += pass();
  let best = 0;
  for (let round = 0; round < rounds; round++) {
    globalThis.gc?.();
    let passes = 0;
    const start = cpuMillis();
    let elapsed;
    do {
      sink += pass();
      passes++;
      elapsed = cpuMillis() - start;
    } while (elapsed < roundMillis);
    best = Math.max(best, (passes * perPass) / (elapsed / 1000));
  }
  if (sink === 0.5) console.log('(impossible)');
  return best;
}

const random = makeRandom(20261122);
const hands = randomDeals(HOLDEM_HANDS, 7, random);
const flat = Uint8Array.from(hands.flat());
const pheHands = hands.map((hand) => hand.map(pheCode));
const pokerEvaluatorHands = hands.map((hand) => hand.map(pokerEvaluatorCode));
const SOLVER_HANDS = 1 << 12;
const solverHands = hands.slice(0, SOLVER_HANDS).map((hand) => hand.map(cardText));

// Everyone must agree on what they measure: same order of hands (phe is exact, 7463 - value).
let disagreements = 0;
for (let i = 0; i < hands.length; i++) {
  if (evaluateHoldem(hands[i]) !== 7463 - phe.evaluateCardCodes(pheHands[i])) disagreements++;
}
for (let i = 1; i < 2000; i++) {
  const ours = Math.sign(evaluateHoldem(hands[i]) - evaluateHoldem(hands[i - 1]));
  const theirs = Math.sign(
    pokerEvaluator.evalHand(pokerEvaluatorHands[i]).value -
      pokerEvaluator.evalHand(pokerEvaluatorHands[i - 1]).value,
  );
  if (ours !== theirs) disagreements++;
}
if (disagreements > 0) console.log(`WARNING: ${disagreements} disagreements between evaluators`);

const holdem = {};
holdem.ours = measure(HOLDEM_HANDS, () => {
  let sum = 0;
  for (let i = 0; i < HOLDEM_HANDS; i++) sum += evaluateHoldem(hands[i]);
  return sum;
});
holdem.oursFlat = measure(HOLDEM_HANDS, () => {
  let sum = 0;
  for (let o = 0; o < flat.length; o += 7) {
    sum += evaluate7(flat[o], flat[o + 1], flat[o + 2], flat[o + 3], flat[o + 4], flat[o + 5], flat[o + 6]);
  }
  return sum;
});
holdem.phe = measure(HOLDEM_HANDS, () => {
  let sum = 0;
  for (let i = 0; i < HOLDEM_HANDS; i++) sum += phe.evaluateCardCodes(pheHands[i]);
  return sum;
});
holdem.pokerEvaluator = measure(
  HOLDEM_HANDS,
  () => {
    let sum = 0;
    for (let i = 0; i < HOLDEM_HANDS; i++) sum += pokerEvaluator.evalHand(pokerEvaluatorHands[i]).value;
    return sum;
  },
  3,
);
holdem.pokersolver = measure(
  SOLVER_HANDS,
  () => {
    let sum = 0;
    for (let i = 0; i < SOLVER_HANDS; i++) sum += PokerSolverHand.solve(solverHands[i]).rank;
    return sum;
  },
  3,
);

// Omaha: 4 hole cards + 5 board cards.
const deals = randomDeals(OMAHA_DEALS, 9, random);
const holes = deals.map((deal) => deal.slice(0, 4));
const boards = deals.map((deal) => deal.slice(4));
const omaha = {};
omaha.ours = measure(OMAHA_DEALS, () => {
  let sum = 0;
  for (let i = 0; i < OMAHA_DEALS; i++) sum += evaluateOmaha(holes[i], boards[i]);
  return sum;
});
// phe has no Omaha: the same rule through its public API is the best of the 60 two-plus-three hands.
const pheHoles = holes.map((hole) => hole.map(pheCode));
const pheBoards = boards.map((board) => board.map(pheCode));
const five = [0, 0, 0, 0, 0];
function pheOmaha(hole, board) {
  let best = 1e9;
  for (let a = 0; a < 3; a++) {
    for (let b = a + 1; b < 4; b++) {
      five[0] = hole[a];
      five[1] = hole[b];
      for (let x = 0; x < 3; x++) {
        for (let y = x + 1; y < 4; y++) {
          for (let z = y + 1; z < 5; z++) {
            five[2] = board[x];
            five[3] = board[y];
            five[4] = board[z];
            const value = phe.evaluateCardCodes(five);
            if (value < best) best = value;
          }
        }
      }
    }
  }
  return best;
}
for (let i = 0; i < 2000; i++) {
  if (evaluateOmaha(holes[i], boards[i]) !== 7463 - pheOmaha(pheHoles[i], pheBoards[i])) disagreements++;
}
omaha.phe = measure(
  OMAHA_DEALS / 8,
  () => {
    let sum = 0;
    for (let i = 0; i < OMAHA_DEALS / 8; i++) sum += pheOmaha(pheHoles[i], pheBoards[i]);
    return sum;
  },
  3,
);

// Self-play (helper module; optional).
let selfPlay = null;
let selfPlayProblem = 'bench/selfplay.mjs does not exist';
if (existsSync(new URL('./selfplay.mjs', import.meta.url))) {
  try {
    const { benchSelfPlay } = await import('./selfplay.mjs');
    selfPlay = await benchSelfPlay();
  } catch (error) {
    selfPlayProblem = error instanceof Error ? error.message : String(error);
  }
}

// Provably fair cost per hand (helper module): commitDeck + the deal, openings, the verifier.
const { benchFairness } = await import('./fairness.mjs');
const fairness = await benchFairness();

const perSecond = (rate) => (rate === null || rate === undefined ? 'n/a' : `${(rate / 1e6).toFixed(2)} M/s`);
const rows = [
  ["Hold'em 7 cards", 'ours: evaluateHoldem(number[7])', perSecond(holdem.ours)],
  ['', 'ours: evaluate7(7 args) over a Uint8Array', perSecond(holdem.oursFlat)],
  ['', 'phe evaluateCardCodes', perSecond(holdem.phe)],
  ['', 'poker-evaluator evalHand (Two Plus Two table)', perSecond(holdem.pokerEvaluator)],
  ['', 'pokersolver Hand.solve', perSecond(holdem.pokersolver)],
  ['Omaha 4 + 5', 'ours: evaluateOmaha', perSecond(omaha.ours)],
  ['', 'phe: best of 60 evaluateCardCodes', perSecond(omaha.phe)],
  ['', 'pokersolver, poker-evaluator: no Omaha', 'n/a'],
];
if (selfPlay) {
  rows.push([
    'Self-play, 6 seats',
    'ours (hands/s)',
    `${Math.round(selfPlay.handsPerSec).toLocaleString('en')} /s`,
  ]);
  rows.push(['', 'poker-ts (hands/s)', `${Math.round(selfPlay.pokerTsHandsPerSec).toLocaleString('en')} /s`]);
} else {
  rows.push(['Self-play', 'self-play: not available', 'n/a']);
  console.log(`self-play: not available (${selfPlayProblem})`);
}
const micro = (us) => `${us.toFixed(1)} µs`;
rows.push(['Provably fair v2', 'commitDeck() + dealtDeck(), per hand', micro(fairness.commitAndDealUs)]);
rows.push(['', 'openCards() of 9 cards', micro(fairness.openUs)]);
rows.push(['', 'verifyHandFairness() of 9 cards', micro(fairness.verifyUs)]);
rows.push(['Provably fair v1', 'newServerSeed + commitment + deckFromSeed', micro(fairness.v1Us)]);
const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length)));
console.log(
  `evaluator module loaded and its tables built in ${tableWallMs.toFixed(0)} ms wall, ${tableCpuMs.toFixed(0)} ms CPU; node ${process.version}`,
);
console.log(
  `Hold'em: ${HOLDEM_HANDS.toLocaleString('en')} random 7-card hands (pokersolver: the first ${SOLVER_HANDS.toLocaleString('en')}); Omaha: ${OMAHA_DEALS.toLocaleString('en')} random deals`,
);
for (const row of rows)
  console.log(
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd(),
  );
console.log(
  `ours vs phe: Hold'em ${(holdem.ours / holdem.phe).toFixed(1)}×, Omaha ${(omaha.ours / omaha.phe).toFixed(1)}×` +
    (disagreements ? `; ${disagreements} DISAGREEMENTS` : '; all results agree'),
);
console.log(
  JSON.stringify({
    holdem7PerSec: Math.round(holdem.ours),
    omahaPerSec: Math.round(omaha.ours),
    handsPerSec: selfPlay ? Math.round(selfPlay.handsPerSec) : null,
    vsPhe: Number((holdem.ours / holdem.phe).toFixed(2)),
    vsPokerTs: selfPlay ? Number((selfPlay.handsPerSec / selfPlay.pokerTsHandsPerSec).toFixed(2)) : null,
    fairCommitAndDealUs: Number(fairness.commitAndDealUs.toFixed(1)),
  }),
);
