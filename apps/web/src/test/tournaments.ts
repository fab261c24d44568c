import type { TournamentDetail, TournamentSummary } from '../api/tournamentTypes';

export function tournamentSummary(
  overrides: Partial<TournamentSummary> & Pick<TournamentSummary, 'tournamentId' | 'name'>,
): TournamentSummary {
  return {
    kind: 'sng',
    variant: 'holdem',
    betting: 'no-limit',
    status: 'registering',
    buyIn: 10_000,
    fee: 1_000,
    startingStack: 1500,
    tableSize: 9,
    entrants: 3,
    minEntrants: 9,
    maxEntrants: 9,
    startsAt: null,
    prizePool: 30_000,
    registered: false,
    ...overrides,
  };
}

/** A 9-player Sit & Go in level 2 with two players out: Bat (the signed-in player, id 11) still in. */
export function runningSitAndGo(overrides: Partial<TournamentDetail> = {}): TournamentDetail {
  return {
    ...tournamentSummary({ tournamentId: 7, name: 'Evening Sit & Go', status: 'running', entrants: 9 }),
    prizePool: 90_000,
    registered: true,
    levels: [
      { level: 1, smallBlind: 10, bigBlind: 20, ante: 0, seconds: 300, isBreak: false },
      { level: 2, smallBlind: 15, bigBlind: 30, ante: 5, seconds: 300, isBreak: false },
      { level: 3, smallBlind: 0, bigBlind: 0, ante: 0, seconds: 120, isBreak: true },
      { level: 4, smallBlind: 25, bigBlind: 50, ante: 10, seconds: 300, isBreak: false },
    ],
    level: 2,
    levelEndsAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    payouts: [
      { place: 1, amount: 45_000 },
      { place: 2, amount: 27_000 },
      { place: 3, amount: 18_000 },
    ],
    players: [
      {
        userId: 11,
        username: 'bat',
        stack: 2100,
        tableId: 41,
        seat: 3,
        place: null,
        prize: 0,
        bot: false,
      },
      {
        userId: 12,
        username: 'dorj',
        stack: 3400,
        tableId: 41,
        seat: 5,
        place: null,
        prize: 0,
        bot: false,
      },
      {
        userId: 13,
        username: 'bot-1',
        stack: 0,
        tableId: null,
        seat: null,
        place: 9,
        prize: 0,
        bot: true,
      },
      {
        userId: 14,
        username: 'saraa',
        stack: 0,
        tableId: null,
        seat: null,
        place: 8,
        prize: 0,
        bot: false,
      },
    ],
    tables: [{ tableId: 41, players: 7 }],
    handForHand: false,
    ...overrides,
  };
}
