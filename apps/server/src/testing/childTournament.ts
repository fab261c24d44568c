// A Sit & Go of bots on a child server process (childServer.ts), for the tests that kill it: created
// and filled through the admin API on a fast structure, followed through the lobby API.
import type { TournamentDetail } from '@tenger/protocol';
import { call, request, type Child } from './childServer.js';
import { BALANCED } from './testServer.js';

export const CHILD_SNG = { entrants: 9, buyIn: 1_000, fee: 100, startingStack: 1_500 };

/** Bots think 40–120 ms: a hand lasts long enough to be cut short, the tournament half a minute or so. */
export const CHILD_TOURNAMENT_ENV = {
  BOT_PAUSE_MS: '40-120',
  TEST_NEXT_HAND_MS: '50',
  TEST_RUNOUT_MS: '0',
  TEST_ACTION_MS: '5000',
};

/** A fast structure: 5-second levels, blinds doubling about every two levels, antes from level 3 (a Sit & Go of bots ends in half a minute or so). */
export const FAST_LEVELS = [10, 15, 25, 40, 60, 100, 150, 250, 400, 600, 1000, 1500].map((sb, i) => ({
  level: i + 1,
  smallBlind: sb,
  bigBlind: sb * 2,
  ante: i >= 2 ? sb * 2 : 0,
  seconds: 5,
  isBreak: false,
}));

/** Creates a 9-player Sit & Go through `child` and fills it with bots (it starts at once). */
export async function startBotSitAndGo(child: Child, admin: string, name: string): Promise<number> {
  const { tournamentId } = await call<TournamentDetail>(child, 'POST', '/api/v1/admin/tournament', admin, {
    name,
    kind: 'sng',
    variant: 'holdem',
    buyIn: CHILD_SNG.buyIn,
    fee: CHILD_SNG.fee,
    startingStack: CHILD_SNG.startingStack,
    tableSize: 9,
    minEntrants: 2,
    maxEntrants: CHILD_SNG.entrants,
    levels: FAST_LEVELS,
    actionSeconds: 10,
  });
  await call(
    child,
    'PUT',
    `/api/v1/admin/tournament/simulate?tournamentId=${tournamentId}&bots=${CHILD_SNG.entrants}`,
    admin,
  );
  return tournamentId;
}

export const tournamentDetail = (child: Child, id: number) =>
  call<TournamentDetail>(child, 'GET', `/api/v1/user/tournaments/${id}`);

/** Waits (polling the lobby) until the tournament is finished; its detail. */
export async function finished(child: Child, id: number, limitMs = 180_000): Promise<TournamentDetail> {
  for (const until = Date.now() + limitMs; ;) {
    const detail = await tournamentDetail(child, id);
    if (detail.status === 'finished') return detail;
    if (Date.now() > until) throw new Error(`tournament ${id} did not finish within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Waits until the tournament is finished and every prize it shows is in the ledger (the director
 * saves `finished` with the places and prizes, then pays them: write-ahead, a process stopped in
 * between leaves them to the next one). A test stops the process only then, or its books would race
 * the payments. Reads the admin's ledger CSV (the data may be PGlite's, which one process opens).
 */
export async function finishedAndPaid(
  child: Child,
  admin: string,
  id: number,
  limitMs = 60_000,
): Promise<TournamentDetail> {
  const done = await finished(child, id);
  const keys = done.players.filter((p) => p.prize > 0).map((p) => `,tournament:${id}:prize:${p.userId},`);
  for (const until = Date.now() + limitMs; ;) {
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const range = `from=${day(Date.now() - 86_400_000)}&to=${day(Date.now())}`;
    const csv = await request<string>(child, 'GET', `/api/v1/admin/ledger.csv?${range}`, admin);
    if (csv.status !== 200) throw new Error(`ledger.csv: ${csv.status}`);
    if (keys.every((key) => csv.body.includes(key))) return done;
    if (Date.now() > until)
      throw new Error(`the prizes of tournament ${id} were not paid within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** What the Sit & Go ends with (placesAndPrizes): places 1..9, prizes summing to the pool. */
export const SNG_OUTCOME = {
  places: Array.from({ length: CHILD_SNG.entrants }, (_, i) => i + 1),
  prizes: CHILD_SNG.entrants * CHILD_SNG.buyIn,
};

/** The books it leaves (finishedBooks): balanced, the pool paid out in full, every hand sound. */
export const SNG_BOOKS = {
  audit: BALANCED,
  pool: 0,
  prizesPaid: CHILD_SNG.entrants * CHILD_SNG.buyIn,
  unbalanced: [],
  unreplayable: [],
};

/** A finished tournament's places (sorted) and the prizes it shows in all: 1..entrants, the pool. */
export const placesAndPrizes = (done: TournamentDetail) => ({
  places: done.players.map((p) => p.place).sort((a, b) => a! - b!),
  prizes: done.players.reduce((sum, p) => sum + p.prize, 0),
});
