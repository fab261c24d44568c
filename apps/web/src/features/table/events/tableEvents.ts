import { tallyHand } from '../sessionTally';
import { withTable, type EventReducers } from './eventHelpers';

/** How many of the last hands' ids are kept for Replay. */
export const RECENT_HANDS_KEPT = 20;

/** The events about the table as a whole: a hand's result or voiding, the jackpot, the next deck, settings, closing. */
export type TableEventType =
  | 'hand-result'
  | 'hand-voided'
  | 'jackpot'
  | 'deck-committed'
  | 'table-updated'
  | 'stakes-changing'
  | 'table-closed';

export const tableEventReducers: EventReducers<TableEventType> = {
  'hand-result': (state, event) => ({
    ...state,
    // The Information dialog's count follows the table live.
    table: state.table ? { ...state.table, handsPlayed: state.table.handsPlayed + 1 } : state.table,
    lastResult: {
      handId: event.handId,
      handNumber: event.handNumber,
      results: event.results.map((r) => ({ ...r })),
      winners: state.winners,
      rake: event.rake,
      jackpotContribution: event.jackpotContribution,
      jackpotPayouts: event.jackpotPayouts.map((p) => ({ ...p })),
      deckCommitment: event.deckCommitment,
      playerSeeds: event.playerSeeds.map((p) => ({ ...p })),
    },
    session: state.session && tallyHand(state.session, event, state.viewer.userId),
    // Replay can open only the viewer's own hands: one that ended while they waited or watched is not listed.
    recentHandIds: event.results.some((r) => r.userId === state.viewer.userId)
      ? [event.handId, ...state.recentHandIds.filter((id) => id !== event.handId)].slice(0, RECENT_HANDS_KEPT)
      : state.recentHandIds,
  }),
  'hand-voided': (state, event) => ({
    ...state,
    hand: state.hand && state.hand.handId === event.handId ? null : state.hand,
    clock: null,
    lastActions: {},
    winners: [],
    voidedHand: event.handNumber,
  }),
  jackpot: (state, event) => ({ ...state, jackpot: event.amount }),
  'deck-committed': (state, event) => ({ ...state, nextDeckCommitment: event.deckCommitment }),
  'table-updated': (state, event) => ({
    ...withTable(state, (table) => ({ ...table, ...event.table, seats: table.seats })),
    // New blinds still waiting for the hand to end come with every update; once applied they are gone.
    stakesChanging: event.table.nextStakes ?? null,
  }),
  'stakes-changing': (state, event) => ({
    ...state,
    stakesChanging: { smallBlind: event.smallBlind, bigBlind: event.bigBlind },
  }),
  'table-closed': (state) => ({ ...state, connection: 'closed', clock: null }),
};
