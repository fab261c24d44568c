// The simulator: bots play N hands at one table and each hand is written as a PHH file.
//   npm run simulate -w @tenger/engine -- --variant holdem|omaha-pl|omaha-nl --players 2..9
//     --hands N --seed S --rake 0 [--rake-cap 0] [--post-now yes] [--ante N [--ante-kind big-blind]] --out DIR
// Decks come from the provably fair derivation (deckFromSeed) with a server seed made from --seed,
// so the same arguments always produce the same files.

import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { commitment, deckFromSeed } from '../fair1.js';
import { applyAction, blindSeats, createHand } from '../hand.js';
import type { AnteKind, HandConfig, HandState, SeatConfig, Variant } from '../hand-types.js';
import { toPHH } from '../phh.js';
import { handRecord } from '../record.js';
import { chooseBotAction, seededChance, type Chance } from './bots.js';

export interface SimulateOptions {
  variant: Variant;
  players: number;
  hands: number;
  seed: number;
  /** Rake percent (0 for none) and cap per hand. */
  rake: number;
  rakeCap: number;
  out: string;
  smallBlind?: number;
  bigBlind?: number;
  /** A bot that buys in again posts a big blind at once ("Post now"); by default it waits for the big blind. */
  postNow?: boolean;
  /** An ante every hand (tournament-style), per player or paid by the big blind. */
  ante?: number;
  anteKind?: AnteKind;
}

export interface SimulateSummary {
  hands: number;
  files: string[];
  showdowns: number;
  handsWithSidePots: number;
  splitPots: number;
  allIns: number;
  rake: number;
  millis: number;
}

const VARIANTS: Record<string, Variant> = {
  holdem: 'holdem-nl',
  'holdem-nl': 'holdem-nl',
  'omaha-pl': 'omaha-pl',
  'omaha-nl': 'omaha-nl',
};

export function simulate(options: SimulateOptions): SimulateSummary {
  const started = performance.now();
  const smallBlind = options.smallBlind ?? 50;
  const bigBlind = options.bigBlind ?? 100;
  const chance = seededChance(options.seed);
  // A server seed (64 hex characters) made from --seed, so the same arguments deal the same cards.
  const serverSeed = createHash('sha256').update(`tenger-simulator-${options.seed}`).digest('hex');
  const clientSeed = 'simulator';
  const seedCommitment = commitment(serverSeed);
  mkdirSync(options.out, { recursive: true });

  // Seats spread round a 9-seat table; stacks deliberately unequal (10 to 250 big blinds).
  const seatNumbers = pickSeats(options.players, chance);
  const players = seatNumbers.map((seat, i) => ({
    seat,
    playerId: `bot-${i + 1}`,
    stack: buyIn(bigBlind, chance),
    newcomer: false,
  }));
  const summary: SimulateSummary = {
    hands: 0,
    files: [],
    showdowns: 0,
    handsWithSidePots: 0,
    splitPots: 0,
    allIns: 0,
    rake: 0,
    millis: 0,
  };
  let button = seatNumbers[0];

  for (let handNumber = 1; handNumber <= options.hands; handNumber++) {
    const seats: SeatConfig[] = players.map((p) => ({
      seat: p.seat,
      playerId: p.playerId,
      stack: p.stack,
      postsBigBlind: p.newcomer || undefined,
      sittingOut: options.players > 2 && chance() < 0.04 ? true : undefined,
    }));
    if (!options.postNow) waitForBigBlind(seats, players, button);
    if (seats.filter((s) => !s.sittingOut && s.stack > 0).length < 2)
      for (const s of seats) s.sittingOut = undefined;
    const config: HandConfig = {
      variant: options.variant,
      seats,
      button,
      smallBlind,
      bigBlind,
      ante: options.ante || undefined,
      anteKind: options.ante ? options.anteKind : undefined,
      rake: options.rake > 0 ? { percent: options.rake, cap: options.rakeCap } : undefined,
      deck: deckFromSeed(serverSeed, clientSeed, handNumber),
      handNumber,
      seedCommitment,
      tableId: 'simulator',
    };
    const final = playHand(config, chance);
    const record = handRecord(final)!;
    const file = join(options.out, `hand-${String(handNumber).padStart(6, '0')}.phh`);
    writeFileSync(file, toPHH(record));
    summary.files.push(file);
    summary.hands++;
    summary.rake += record.rake;
    if (record.history.some((e) => e.kind === 'show')) summary.showdowns++;
    if (record.pots.length > 1) summary.handsWithSidePots++;
    summary.splitPots += record.pots.filter((p) => p.winners.length > 1).length;
    summary.allIns += record.history.filter((e) => e.kind === 'action' && e.allIn).length;

    for (const p of players) {
      const seat = final.seats.find((s) => s.seat === p.seat)!;
      if (seat.inHand) p.newcomer = false;
      p.stack = seat.stack;
      // A busted bot buys in again and, like a newcomer, posts a big blind on its next hand.
      if (p.stack === 0) {
        p.stack = buyIn(bigBlind, chance);
        p.newcomer = true;
      }
    }
    button = seatNumbers[(seatNumbers.indexOf(button) + 1) % seatNumbers.length];
  }
  summary.millis = Math.round(performance.now() - started);
  return summary;
}

/**
 * Newcomers (busted bots that bought in again) sit out until the big blind would be theirs; then they
 * are dealt in in the big blind, so no hand has an out-of-position blind.
 */
function waitForBigBlind(
  seats: SeatConfig[],
  players: { seat: number; newcomer: boolean }[],
  button: number,
) {
  const newcomer = (seat: number) => players.find((p) => p.seat === seat)?.newcomer ?? false;
  const playing = (s: SeatConfig) => !s.sittingOut && s.stack > 0;
  const regulars = seats.filter((s) => playing(s) && !newcomer(s.seat)).map((s) => s.seat);
  let joined = false;
  for (const s of seats) {
    if (!newcomer(s.seat) || !playing(s)) continue;
    s.postsBigBlind = undefined;
    if (regulars.length < 2) continue;
    const lineup = [...regulars, s.seat].sort((a, b) => a - b);
    if (!joined && blindSeats(lineup, button).bigBlindSeat === s.seat) joined = true;
    else s.sittingOut = true;
  }
}

function playHand(config: HandConfig, chance: Chance): HandState {
  const created = createHand(config);
  if ('error' in created) throw new Error(`simulator made a bad hand: ${created.error.message}`);
  let state = created.state;
  for (;;) {
    const action = chooseBotAction(state, chance);
    if (!action) return state;
    const result = applyAction(state, action);
    if ('error' in result) throw new Error(`bot action refused: ${result.error.message}`);
    state = result.state;
  }
}

function pickSeats(count: number, chance: Chance): number[] {
  const all = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(chance() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all.slice(0, count).sort((a, b) => a - b);
}

function buyIn(bigBlind: number, chance: Chance): number {
  return bigBlind * (10 + Math.floor(chance() * 241));
}

export function parseArgs(argv: string[]): SimulateOptions | { error: string } {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i];
    if (!key.startsWith('--')) return { error: `unexpected argument "${key}"` };
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) return { error: `${key} needs a value` };
    args.set(key.slice(2), value);
    i++;
  }
  const known = [
    'variant',
    'players',
    'hands',
    'seed',
    'rake',
    'rake-cap',
    'out',
    'post-now',
    'ante',
    'ante-kind',
  ];
  for (const key of args.keys()) if (!known.includes(key)) return { error: `unknown option --${key}` };
  const variant = VARIANTS[args.get('variant') ?? 'holdem'];
  if (!variant) return { error: '--variant must be holdem, omaha-pl or omaha-nl' };
  const int = (key: string, fallback: number) => {
    const text = args.get(key);
    return text === undefined ? fallback : /^-?\d+$/.test(text) ? Number(text) : NaN;
  };
  const players = int('players', 6);
  const hands = int('hands', 100);
  const seed = int('seed', 1);
  const rake = Number(args.get('rake') ?? '0');
  const rakeCap = int('rake-cap', rake > 0 ? 1000 : 0);
  if (!(players >= 2 && players <= 9)) return { error: '--players must be 2..9' };
  if (!(hands >= 1 && Number.isSafeInteger(hands))) return { error: '--hands must be a whole number >= 1' };
  if (!Number.isSafeInteger(seed)) return { error: '--seed must be a whole number' };
  if (!(rake >= 0 && rake <= 100)) return { error: '--rake must be a percent 0..100' };
  if (!(rakeCap >= 0)) return { error: '--rake-cap must be a whole number >= 0' };
  const out = args.get('out');
  if (!out) return { error: '--out DIR is required' };
  const postNow = args.get('post-now') === 'yes';
  const ante = int('ante', 0);
  if (!(ante >= 0 && Number.isSafeInteger(ante))) return { error: '--ante must be a whole number >= 0' };
  const anteKind = args.get('ante-kind') ?? 'per-player';
  if (anteKind !== 'per-player' && anteKind !== 'big-blind')
    return { error: '--ante-kind must be per-player or big-blind' };
  return {
    variant,
    players,
    hands,
    seed,
    rake,
    rakeCap,
    out: resolve(out),
    ...(postNow ? { postNow } : {}),
    ...(ante > 0 ? { ante, anteKind } : {}),
  };
}

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  if ('error' in options) {
    console.error(`simulate: ${options.error}`);
    console.error(
      'usage: simulate --variant holdem|omaha-pl|omaha-nl --players 2..9 --hands N --seed S --rake 0 --out DIR',
    );
    process.exit(2);
  }
  const s = simulate(options);
  console.log(
    `${s.hands} hands (${options.variant}, ${options.players} players) in ${s.millis} ms -> ${options.out}\n` +
      `showdowns ${s.showdowns}, hands with side pots ${s.handsWithSidePots}, split pots ${s.splitPots}, ` +
      `all-ins ${s.allIns}, rake ${s.rake}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
