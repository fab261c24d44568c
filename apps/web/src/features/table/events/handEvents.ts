import type { HandSeatView, HandView, TableEvent } from '@tenger/protocol';
import type { TableViewState } from '../tableState';
import { handVariant, keepOnly, updateSeat, withHand, type EventReducers } from './eventHelpers';

/** The events of a hand, from its start to its end: blinds, cards, actions, streets, pots and the clock. */
export type HandEventType =
  | 'hand-started'
  | 'show-choice'
  | 'show-choice-closed'
  | 'blind-posted'
  | 'hole-cards-dealt'
  | 'action'
  | 'street-dealt'
  | 'uncalled-bet-returned'
  | 'pots-updated'
  | 'next-to-act'
  | 'cards-shown'
  | 'hand-mucked'
  | 'rake-taken'
  | 'pot-awarded'
  | 'hand-ended'
  | 'clock'
  | 'timed-out';

export const handEventReducers: EventReducers<HandEventType> = {
  'hand-started': (state, event) => startHand({ ...state, showChoice: null }, event),
  'show-choice': (state, event) =>
    event.seat === state.viewer.seat ? { ...state, showChoice: { ...event } } : state,
  'show-choice-closed': (state) => ({ ...state, showChoice: null }),
  'blind-posted': (state, event) =>
    withHand(
      state,
      (hand) => {
        const live = event.post !== 'ante' && event.post !== 'dead-small-blind';
        const seats = updateSeat(hand.seats, event.seat, (seat) => ({
          ...seat,
          inHand: true,
          stack: Math.max(0, seat.stack - event.amount),
          bet: live ? seat.bet + event.amount : seat.bet,
          committed: seat.committed + event.amount,
          allIn: event.allIn,
        }));
        const bet = seats.find((s) => s.seat === event.seat)?.bet ?? 0;
        return {
          ...hand,
          seats,
          potTotal: hand.potTotal + event.amount,
          currentBet: Math.max(hand.currentBet, bet),
        };
      },
      (s) => ({
        ...s,
        lastActions: { ...s.lastActions, [event.seat]: { action: 'post', amount: event.amount } },
      }),
    ),
  'hole-cards-dealt': (state, event) =>
    withHand(state, (hand) => ({
      ...hand,
      seats: updateSeat(hand.seats, event.seat, (seat) => ({
        ...seat,
        inHand: true,
        cardCount: event.count,
        // Only the viewer's own copy carries cards; anything else is not shown.
        cards:
          event.seat === state.viewer.seat && event.cards ? [...event.cards] : seat.shown ? seat.cards : null,
      })),
    })),
  action: (state, event) =>
    withHand(
      state,
      (hand) => ({
        ...hand,
        seats: updateSeat(hand.seats, event.seat, (seat) => ({
          ...seat,
          bet: event.to,
          stack: event.stack,
          committed: seat.committed + event.added,
          folded: seat.folded || event.action === 'fold',
          allIn: event.allIn,
        })),
        potTotal: hand.potTotal + event.added,
        currentBet: Math.max(hand.currentBet, event.to),
        toAct: null,
        legal: null,
        deadline: null,
        actionCount: hand.actionCount + 1,
      }),
      (s) => ({
        ...s,
        clock: null,
        lastActions: {
          ...s.lastActions,
          [event.seat]: {
            action: event.action,
            amount: event.action === 'fold' || event.action === 'check' ? undefined : event.to,
          },
        },
      }),
    ),
  'street-dealt': (state, event) =>
    withHand(
      state,
      (hand) => ({
        ...hand,
        phase: event.street,
        board: [...event.board],
        currentBet: 0,
        seats: hand.seats.map((seat) => (seat.bet === 0 ? seat : { ...seat, bet: 0 })),
      }),
      (s) => ({ ...s, lastActions: keepOnly(s.lastActions, ['fold', 'allin']) }),
    ),
  'uncalled-bet-returned': (state, event) =>
    withHand(
      state,
      (hand) => ({
        ...hand,
        potTotal: Math.max(0, hand.potTotal - event.amount),
        seats: updateSeat(hand.seats, event.seat, (seat) => ({
          ...seat,
          bet: Math.max(0, seat.bet - event.amount),
          stack: seat.stack + event.amount,
          committed: Math.max(0, seat.committed - event.amount),
          // Chips came back: the player is not all-in any more.
          allIn: seat.allIn && seat.stack + event.amount === 0,
        })),
      }),
      (s) => {
        if (s.lastActions[event.seat]?.action !== 'allin') return s;
        const lastActions = { ...s.lastActions };
        delete lastActions[event.seat];
        return { ...s, lastActions };
      },
    ),
  'pots-updated': (state, event) =>
    // The betting round is over: bets are gathered into the pots.
    withHand(state, (hand) => ({
      ...hand,
      pots: event.pots.map((pot) => ({ amount: pot.amount, eligible: [...pot.eligible] })),
      currentBet: 0,
      seats: hand.seats.map((seat) => (seat.bet === 0 ? seat : { ...seat, bet: 0 })),
    })),
  'next-to-act': (state, event) =>
    withHand(
      state,
      (hand) => ({
        ...hand,
        toAct: event.seat,
        legal: event.seat === state.viewer.seat ? event.legal : null,
      }),
      (s) => ({ ...s, clock: s.clock && s.clock.seat === event.seat ? s.clock : null }),
    ),
  'cards-shown': (state, event) =>
    withHand(
      state,
      (hand) => ({
        ...hand,
        seats: updateSeat(hand.seats, event.seat, (seat) => ({
          ...seat,
          // A partly shown hand: the owner keeps seeing every card of it.
          cards:
            event.seat === state.viewer.seat && seat.cards && seat.cards.length > event.cards.length
              ? seat.cards
              : [...event.cards],
          shown: true,
        })),
      }),
      (s) =>
        event.handName ? { ...s, shownHandNames: { ...s.shownHandNames, [event.seat]: event.handName } } : s,
    ),
  'hand-mucked': (state, event) =>
    withHand(state, (hand) => ({
      ...hand,
      seats: updateSeat(hand.seats, event.seat, (seat) => ({
        ...seat,
        mucked: true,
        cards: event.seat === state.viewer.seat ? seat.cards : null,
      })),
    })),
  'rake-taken': (state, event) => withHand(state, (hand) => ({ ...hand, rake: event.amount })),
  'pot-awarded': (state, event) =>
    withHand(
      state,
      (hand) => ({
        ...hand,
        toAct: null,
        legal: null,
        results: [
          ...hand.results,
          {
            amount: event.amount,
            rake: 0,
            eligible: [],
            winners: event.winners.map((w) => ({ ...w })),
            handValue: null,
            handName: event.handName,
          },
        ],
      }),
      (s) => ({
        ...s,
        winners: [...s.winners, ...event.winners.map((w) => ({ ...w, handName: event.handName }))],
      }),
    ),
  'hand-ended': (state, event) =>
    withHand(
      state,
      (hand) => ({
        ...hand,
        phase: 'complete',
        toAct: null,
        legal: null,
        deadline: null,
        currentBet: 0,
        pots: [],
        potTotal: 0,
        seats: hand.seats.map((seat) => {
          const final = event.finalStacks.find((f) => f.seat === seat.seat);
          return { ...seat, bet: 0, stack: final ? final.stack : seat.stack };
        }),
      }),
      (s) => ({
        ...s,
        clock: null,
        table: s.table
          ? {
              ...s.table,
              seats: s.table.seats.map((seat) => {
                const final = event.finalStacks.find((f) => f.seat === seat.seat);
                return final ? { ...seat, stack: final.stack } : seat;
              }),
            }
          : s.table,
      }),
    ),
  clock: (state, event) => {
    if (!state.hand || state.hand.handNumber !== event.handNumber) return state;
    return {
      ...state,
      hand: { ...state.hand, deadline: event.deadline },
      clock: { seat: event.seat, deadline: event.deadline, timeBankMs: event.timeBankMs },
    };
  },
  'timed-out': (state, event) => ({
    ...state,
    lastActions: { ...state.lastActions, [event.seat]: { action: 'timeout' } },
  }),
};

function startHand(
  state: TableViewState,
  event: Extract<TableEvent, { type: 'hand-started' }>,
): TableViewState {
  const table = state.table;
  const seats: HandSeatView[] = (table?.seats ?? []).map((seat) => ({
    seat: seat.seat,
    userId: seat.userId,
    stack: seat.stack,
    bet: 0,
    committed: 0,
    inHand: false,
    folded: false,
    allIn: false,
    mucked: false,
    cardCount: 0,
    cards: null,
    shown: false,
  }));
  const hand: HandView = {
    handId: event.handId,
    handNumber: event.handNumber,
    variant: handVariant(table),
    phase: 'preflop',
    button: event.button,
    smallBlind: table?.smallBlind ?? 0,
    bigBlind: table?.bigBlind ?? 0,
    ante: 0,
    smallBlindSeat: event.smallBlindSeat,
    bigBlindSeat: event.bigBlindSeat,
    board: [],
    pots: [],
    potTotal: 0,
    currentBet: 0,
    toAct: null,
    legal: null,
    actionCount: 0,
    deadline: null,
    rake: 0,
    results: [],
    seats,
    deckCommitment: event.deckCommitment,
    openings: [],
  };
  return {
    ...state,
    hand,
    table: table ? { ...table, button: event.button } : table,
    lastActions: {},
    shownHandNames: {},
    clock: null,
    winners: [],
    voidedHand: null,
  };
}
