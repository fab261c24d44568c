// What one viewer may see of a hand. Every frame the table sends to a client passes through here:
// a seated player sees their own hole cards, everybody sees cards shown at showdown, nobody ever
// sees anyone else's hidden or mucked cards. null is a spectator.

import type { Card } from './cards.js';
import type { HandEvent, HandState, LegalActions, Phase, Pot, PotResult, Variant } from './hand-types.js';
import { legalActions } from './rules.js';

export interface SeatView {
  seat: number;
  playerId: string;
  stack: number;
  bet: number;
  committed: number;
  inHand: boolean;
  folded: boolean;
  allIn: boolean;
  mucked: boolean;
  /** How many hole cards the seat holds (face down or up). */
  cardCount: number;
  /** The viewer's own cards, or cards shown at showdown; null when hidden from this viewer. */
  cards: Card[] | null;
  shown: boolean;
}

export interface HandView {
  viewer: number | null;
  handNumber: number;
  variant: Variant;
  phase: Phase;
  button: number;
  smallBlind: number;
  bigBlind: number;
  ante: number;
  smallBlindSeat: number | null;
  bigBlindSeat: number;
  board: Card[];
  /** Pots as of the last completed betting round; bets of the current street are on the seats. */
  pots: Pot[];
  /** Every chip in the middle: pots plus the current street's bets. */
  potTotal: number;
  currentBet: number;
  toAct: number | null;
  /** The viewer's choices when it is the viewer's turn, else null. */
  legal: LegalActions | null;
  actionCount: number;
  rake: number;
  /** Filled once the hand is complete. */
  results: PotResult[];
  seats: SeatView[];
}

export function viewFor(state: HandState, viewer: number | null): HandView {
  const legal = viewer !== null && state.toAct === viewer ? legalActions(state) : null;
  return {
    viewer,
    handNumber: state.config.handNumber,
    variant: state.config.variant,
    phase: state.phase,
    button: state.config.button,
    smallBlind: state.config.smallBlind,
    bigBlind: state.config.bigBlind,
    ante: state.config.ante ?? 0,
    smallBlindSeat: state.smallBlindSeat,
    bigBlindSeat: state.bigBlindSeat,
    board: [...state.board],
    pots: state.pots.map((p) => ({ amount: p.amount, eligible: [...p.eligible] })),
    potTotal: state.seats.reduce((sum, s) => sum + s.committed, 0) - paidOut(state),
    currentBet: state.currentBet,
    toAct: state.toAct,
    legal,
    actionCount: state.actionCount,
    rake: state.rake,
    results: state.results.map((r) => ({
      ...r,
      eligible: [...r.eligible],
      winners: r.winners.map((w) => ({ ...w })),
    })),
    seats: state.seats.map((s) => {
      // A partly shown hand: others see the shown card, the owner still sees both.
      const visible = viewer === s.seat && s.inHand ? s.holeCards : s.shownCards;
      return {
        seat: s.seat,
        playerId: s.playerId,
        stack: s.stack,
        bet: s.bet,
        committed: s.committed,
        inHand: s.inHand,
        folded: s.folded,
        allIn: s.allIn,
        mucked: s.mucked,
        cardCount: s.inHand ? s.holeCards.length : 0,
        cards: visible ? [...visible] : null,
        shown: s.shownCards !== null,
      };
    }),
  };
}

/** The events as `viewer` may see them: other seats' hole cards are blanked. */
export function eventsFor(events: readonly HandEvent[], viewer: number | null): HandEvent[] {
  return events.map((e) => {
    if (e.type === 'hole-cards-dealt')
      return { ...e, cards: e.seat === viewer && e.cards ? [...e.cards] : null };
    return e;
  });
}

function paidOut(state: HandState): number {
  if (state.phase !== 'complete') return 0;
  return state.seats.reduce((sum, s) => sum + s.committed, 0);
}
