// A Sit & Go of bots on a child server process (childServer.ts), for the tests that kill it: created
// and filled through the admin API on a fast structure, followed through the lobby API.
import type { TournamentDetail } from '@tenger/protocol';
import { call, type Child } from './childServer.js';

export const CHILD_SNG = { entrants: 9, buyIn: 1_000, fee: 100, startingStack: 1_500 };

/** Bots think 40–120 ms: a hand lasts long enough to be cut short, the tournament a minute or so. */
export const CHILD_TOURNAMENT_ENV = {
  BOT_PAUSE_MS: '40-120',
  TEST_NEXT_HAND_MS: '50',
  TEST_RUNOUT_MS: '0',
  TEST_ACTION_MS: '5000',
};

/** A fast structure: 10-second levels, blinds doubling about every two levels, antes from level 3. */
export const FAST_LEVELS = [10, 15, 25, 40, 60, 100, 150, 250, 400, 600, 1000, 1500].map((sb, i) => ({
  level: i + 1,
  smallBlind: sb,
  bigBlind: sb * 2,
  ante: i >= 2 ? sb * 2 : 0,
  seconds: 10,
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
