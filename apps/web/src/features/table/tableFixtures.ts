import type {
  HandView,
  TableEvent,
  TableInfo,
  TableSeat,
  TableServerMessage,
  TableTournament,
} from '@tenger/protocol';

/** Test data for the table channel, shaped as docs/protocol-table.md says. */

export function tableSeat(seat: number, userId: number, username: string, stack = 1000): TableSeat {
  return {
    seat,
    userId,
    username,
    isBot: false,
    stack,
    status: 'playing',
    connected: true,
    timeBankMs: 30_000,
    pendingRecharge: null,
  };
}

export function tableInfo(seats: TableSeat[] = [], overrides: Partial<TableInfo> = {}): TableInfo {
  return {
    tableId: 7,
    name: 'Altai',
    variant: 'holdem',
    betting: 'no-limit',
    smallBlind: 5,
    bigBlind: 10,
    minBuyIn: 200,
    maxBuyIn: 2000,
    maxPlayers: 6,
    status: 'waiting',
    actionTimeSeconds: 20,
    seats,
    button: null,
    handsPlayed: 0,
    ...overrides,
  };
}

/** A tournament table's state: level 3 of a 9-player Sit & Go, 7 left. */
export function tournamentState(overrides: Partial<TableTournament> = {}): TableTournament {
  return {
    tournamentId: 4,
    level: 3,
    ante: 2_000,
    anteKind: 'big-blind',
    isBreak: false,
    levelEndsAt: null,
    nextLevel: { smallBlind: 1_500, bigBlind: 3_000, ante: 3_000, isBreak: false },
    playersLeft: 7,
    entrants: 9,
    averageStack: 19_285,
    handForHand: false,
    ...overrides,
  };
}

export function snapshot(
  options: {
    seq?: number;
    viewer?: Extract<TableServerMessage, { type: 'SNAPSHOT' }>['viewer'];
    table?: TableInfo;
    hand?: HandView | null;
    jackpot?: number;
    nextDeckCommitment?: string | null;
  } = {},
): Extract<TableServerMessage, { type: 'SNAPSHOT' }> {
  return {
    type: 'SNAPSHOT',
    seq: options.seq ?? 0,
    viewer: options.viewer ?? { userId: null, seat: null },
    table: options.table ?? tableInfo(),
    hand: options.hand ?? null,
    jackpot: { amount: options.jackpot ?? 50_000 },
    nextDeckCommitment: options.nextDeckCommitment ?? null,
  };
}

export function event(seq: number, body: TableEvent): Extract<TableServerMessage, { type: 'EVENT' }> {
  return { type: 'EVENT', seq, event: body };
}

/** A heads-up hand start: seat 0 (viewer "bat", button/SB) against seat 3 ("dorj", BB). */
export function headsUpStart(firstSeq: number, viewerCards: [string, string] | null): TableServerMessage[] {
  return [
    event(firstSeq, {
      type: 'hand-started',
      handId: '11111111-1111-1111-1111-111111111111',
      handNumber: 1,
      button: 0,
      smallBlindSeat: 0,
      bigBlindSeat: 3,
      deckCommitment: 'c0'.repeat(32),
    }),
    event(firstSeq + 1, { type: 'blind-posted', seat: 0, post: 'small-blind', amount: 5, allIn: false }),
    event(firstSeq + 2, { type: 'blind-posted', seat: 3, post: 'big-blind', amount: 10, allIn: false }),
    event(firstSeq + 3, { type: 'hole-cards-dealt', seat: 0, count: 2, cards: viewerCards }),
    event(firstSeq + 4, { type: 'hole-cards-dealt', seat: 3, count: 2, cards: null }),
    event(firstSeq + 5, {
      type: 'next-to-act',
      seat: 0,
      legal: {
        seat: 0,
        toCall: 5,
        actions: [
          { type: 'fold', min: 5, max: 5 },
          { type: 'call', min: 10, max: 10 },
          { type: 'raise', min: 20, max: 1000 },
          { type: 'allin', min: 1000, max: 1000 },
        ],
      },
    }),
  ];
}
