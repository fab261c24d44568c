// A real server for a browser test that needs certain cards (e2e/knockout.spec.ts): the site as
// main.ts builds it (the web app, durable seats; an in-memory PGlite of its own), with quick clocks and a deck
// source that deals the hands the test scripted. The test writes one JSON line per scripted hand to
// stdin: `{"holes": {"<userId>": "As Ah", ...}, "board": "Kd Qc 9s 5h 4c"}`; the first hand dealt, at
// any table, with every listed player dealt in, gets those hole cards and that board (the other
// players the cards left over); every other hand is the real committed node:crypto deal, or with
// `{"everyHand": {"board": "As Ks Qs Js Ts"}}` sent, that board (a royal flush: every pot split, so no
// stack moves unless somebody bets). Prints
// `{"address": ...}` when it listens and `{"queued": n}` after each line read. Tests only: never
// built (tsconfig.build.json leaves src/testing out); production's main.ts has no such door.
import { createInterface } from 'node:readline';
import { parseCards, type Card } from '@tenger/engine';
import { loadConfig } from '../config.js';
import { createServer } from '../server.js';
import { shutDownOnSignals } from '../shutdown.js';
import { NextDeal, type DeckSource, type HandDeck } from '../tables/runtime/fairness.js';
import { TableRegistry } from '../tables/runtime/tableRegistry.js';
import { openTestDatabase } from './database.js';
import { TEST_SCRYPT } from './testServer.js';

export interface ScriptedHand {
  holes: Record<string, string>;
  board: string;
}

/** The hands the test queued, taken by whichever table first deals one with all their players. */
const queued: ScriptedHand[] = [];
/** `{"everyHand": {"board": ...}}`: the board of every hand not scripted (e.g. a royal flush: every pot split). */
let everyBoard: string | null = null;

/**
 * The order the engine deals in: one card at a time round the table from the small blind (the first
 * seat after the button); heads-up from the button.
 */
export function dealingOrder(seats: readonly number[], button: number): number[] {
  const sorted = [...seats].sort((a, b) => a - b);
  const buttonAt = Math.max(0, sorted.indexOf(button));
  const first = sorted.length === 2 ? buttonAt : (buttonAt + 1) % sorted.length;
  return sorted.map((_, i) => sorted[(first + i) % sorted.length]!);
}

/** The deck that deals `hand` to `players` (in dealing order), the board next, the rest in card order. */
export function scriptedDeck(
  hand: ScriptedHand,
  players: readonly { seat: number; userId: number }[],
  button: number,
): Card[] {
  const holes = new Map(
    Object.entries(hand.holes).map(([userId, cards]) => [Number(userId), parseCards(cards)]),
  );
  const board = parseCards(hand.board);
  const scripted = new Set([...board, ...[...holes.values()].flat()]);
  const spare = Array.from({ length: 52 }, (_, c) => c as Card).filter((c) => !scripted.has(c));
  const order = dealingOrder(
    players.map((p) => p.seat),
    button,
  ).map((seat) => players.find((p) => p.seat === seat)!.userId);
  const perPlayer = [...holes.values()][0]?.length ?? 2;
  const dealt = order.map((userId) => holes.get(userId) ?? spare.splice(0, perPlayer));
  const deck: Card[] = [];
  for (let j = 0; j < perPlayer; j++) for (const cards of dealt) deck.push(cards[j]!);
  deck.push(...board, ...spare);
  return deck;
}

class QueuedDeals implements DeckSource {
  private readonly real = new NextDeal();

  get deckCommitment(): string | null {
    return this.real.deckCommitment;
  }

  commit(): boolean {
    return this.real.commit();
  }

  acceptSeed(userId: number, seed: string): boolean {
    return this.real.acceptSeed(userId, seed);
  }

  take(players: readonly { seat: number; userId: number }[], handId: string, button?: number): HandDeck {
    const real = this.real.take(players, handId);
    const dealtIn = new Set(players.map((p) => p.userId));
    const index = queued.findIndex((h) => Object.keys(h.holes).every((id) => dealtIn.has(Number(id))));
    if (button === undefined) return real;
    if (index < 0)
      return everyBoard
        ? { ...real, deck: scriptedDeck({ holes: {}, board: everyBoard }, players, button) }
        : real;
    const [hand] = queued.splice(index, 1);
    return { ...real, deck: scriptedDeck(hand!, players, button) };
  }
}

const config = {
  ...loadConfig(),
  scrypt: TEST_SCRYPT,
  rateLimits: { failuresPerHour: 100, authRequestsPerMinute: 100_000 },
};
const server = await createServer({
  config,
  // In-memory PGlite from the migrated template: started in a moment, gone with the process.
  database: await openTestDatabase(''),
  tableLayer: (services) =>
    new TableRegistry(services, {
      durableSeats: true,
      timing: {
        actionTimeMs: Number(process.env.TEST_ACTION_MS ?? 20_000),
        timeBankMaxMs: 0,
        nextHandDelayMs: Number(process.env.TEST_NEXT_HAND_MS ?? 600),
        runoutPauseMs: 0,
      },
      botPauseMs: [0, 10],
      deckSource: () => new QueuedDeals(),
    }),
});
createInterface({ input: process.stdin }).on('line', (line) => {
  if (!line.trim()) return;
  const script = JSON.parse(line) as ScriptedHand | { everyHand: { board: string } };
  if ('everyHand' in script) everyBoard = script.everyHand.board;
  else queued.push(script);
  process.stdout.write(`${JSON.stringify({ queued: queued.length })}\n`);
});
const address = await server.listen();
process.stdout.write(`${JSON.stringify({ address, pid: process.pid })}\n`);
shutDownOnSignals(server, { drainLimitMs: 0, log: server.services.logger });
