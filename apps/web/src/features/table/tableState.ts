import type {
  HandSeatView,
  HandView,
  HandVariant,
  TableEvent,
  TableInfo,
  TableSeat,
  TableServerMessage,
  Viewer,
} from '@tenger/protocol';

/**
 * The table as this browser sees it, built from the channel's SNAPSHOT and then its EVENTs in `seq`
 * order (docs/protocol-table.md). Pure: `tableReducer(state, input) -> state`, nothing else.
 *
 * Rules kept here:
 * - an EVENT applies only when its seq is exactly the last one + 1; an old one is a duplicate and is
 *   dropped; a gap marks the state `outOfSync` and events are dropped until a SNAPSHOT (or the resumed
 *   events) arrive — the socket then asks with RESUME;
 * - hole cards are shown only when they were received: the viewer's own (from its own copy of
 *   `hole-cards-dealt`) and cards shown down (`cards-shown`). Cards in another seat's deal event are
 *   ignored even if a server ever sent them.
 */

export type ConnectionStatus = 'connecting' | 'live' | 'reconnecting' | 'offline' | 'not-found' | 'closed';

export interface SeatAction {
  action: 'fold' | 'check' | 'call' | 'bet' | 'raise' | 'allin' | 'post' | 'timeout';
  /** The street total after the action (bets, raises, calls, posts). */
  amount?: number;
}

export interface HandResultView {
  handId: string;
  handNumber: number;
  /** Net per seat. */
  results: { seat: number; userId: number; net: number }[];
  winners: { seat: number; amount: number; handName: string | null }[];
  rake: number;
  jackpotContribution: number;
  jackpotPayouts: { seat: number; userId: number; amount: number; share: string }[];
  /** The deck commitment the hand was dealt from, and every seat's seed ('' for none). */
  deckCommitment: string;
  playerSeeds: { seat: number; userId: number | string; seed: string }[];
}

export interface TableViewState {
  connection: ConnectionStatus;
  /** Last event applied (or included in the last snapshot); -1 before the first snapshot. */
  seq: number;
  /** An event went missing: wait for a snapshot or the resumed events. */
  outOfSync: boolean;
  viewer: Viewer;
  table: TableInfo | null;
  hand: HandView | null;
  jackpot: number | null;
  /** What each seat did last on this street, for the label on its plate. */
  lastActions: Record<number, SeatAction>;
  /** Hand names shown at showdown, by seat. */
  shownHandNames: Record<number, string>;
  /** The clock of the player to act: its deadline (epoch ms) and the time bank behind it. */
  clock: { seat: number; deadline: number; timeBankMs: number } | null;
  /** Pots won in the current (or just finished) hand, for the win animation. */
  winners: { seat: number; amount: number; handName: string | null }[];
  lastResult: HandResultView | null;
  /** Hands seen finishing at this table in this visit, newest first (for Replay). */
  recentHandIds: string[];
  voidedHand: number | null;
  /** The next deal's deck commitment once published: a seated player's seed counts for it. */
  nextDeckCommitment: string | null;
  /** Why this viewer lost their seat when it was not their own choice (kicked, idle, …), until they sit again. */
  removedBecause: SeatLeftReason | null;
  /** After the hand: the viewer may still show (or muck) until the deadline. */
  showChoice: ShowChoiceView | null;
  error: string | null;
}

export type SeatLeftReason = Extract<TableEvent, { type: 'seat-left' }>['reason'];

export interface ShowChoiceView {
  seat: number;
  handNumber: number;
  kind: 'loser' | 'winner';
  deadline: number;
}

export type TableInput =
  | TableServerMessage
  | { type: 'connection'; status: ConnectionStatus }
  | { type: 'local-error'; message: string | null };

export const RECENT_HANDS_KEPT = 20;

export function initialTableState(): TableViewState {
  return {
    connection: 'connecting',
    seq: -1,
    outOfSync: false,
    viewer: { userId: null, seat: null },
    table: null,
    hand: null,
    jackpot: null,
    lastActions: {},
    shownHandNames: {},
    clock: null,
    winners: [],
    lastResult: null,
    recentHandIds: [],
    voidedHand: null,
    nextDeckCommitment: null,
    removedBecause: null,
    showChoice: null,
    error: null,
  };
}

export function tableReducer(state: TableViewState, input: TableInput): TableViewState {
  switch (input.type) {
    case 'SNAPSHOT':
      return applySnapshot(state, input);
    case 'EVENT': {
      if (state.seq < 0 || input.seq <= state.seq) return state; // before any snapshot, or a duplicate
      if (input.seq !== state.seq + 1 || state.outOfSync) {
        return state.outOfSync ? state : { ...state, outOfSync: true };
      }
      return { ...applyEvent(state, input.event), seq: input.seq };
    }
    case 'connection':
      return { ...state, connection: input.status };
    case 'local-error':
      return { ...state, error: input.message };
    case 'ERROR':
      if (input.code === 'not_found') return { ...state, connection: 'not-found' };
      return { ...state, error: input.message };
    case 'REJECT':
      return { ...state, error: input.message };
    case 'ACK':
    case 'PONG':
    case 'CHAT': // chat is not table state (chat/useTableChat.ts)
      return state;
  }
}

// ---- snapshot ----

function applySnapshot(
  state: TableViewState,
  snapshot: Extract<TableServerMessage, { type: 'SNAPSHOT' }>,
): TableViewState {
  const sameHand =
    state.hand !== null && snapshot.hand !== null && state.hand.handId === snapshot.hand.handId;
  const hand = snapshot.hand ? sanitizeHand(snapshot.hand, snapshot.viewer.seat) : null;
  return {
    ...state,
    connection: 'live',
    seq: snapshot.seq,
    outOfSync: false,
    viewer: snapshot.viewer,
    table: snapshot.table,
    hand,
    jackpot: snapshot.jackpot.amount,
    nextDeckCommitment: snapshot.nextDeckCommitment ?? null,
    lastActions: sameHand ? state.lastActions : {},
    shownHandNames: sameHand ? state.shownHandNames : {},
    clock:
      hand && hand.toAct !== null && hand.deadline !== null
        ? {
            seat: hand.toAct,
            deadline: hand.deadline,
            timeBankMs: snapshot.table.seats.find((s) => s.seat === hand.toAct)?.timeBankMs ?? 0,
          }
        : null,
    winners: sameHand ? state.winners : [],
    error: null,
  };
}

/** Drops anything a snapshot should not carry for this viewer: legal actions not ours, unshown cards of others. */
function sanitizeHand(hand: HandView, viewerSeat: number | null): HandView {
  return {
    ...hand,
    legal: hand.legal && hand.legal.seat === viewerSeat && hand.toAct === viewerSeat ? hand.legal : null,
    seats: hand.seats.map((seat) =>
      seat.cards && !seat.shown && seat.seat !== viewerSeat ? { ...seat, cards: null } : seat,
    ),
  };
}

// ---- events ----

function applyEvent(state: TableViewState, event: TableEvent): TableViewState {
  switch (event.type) {
    case 'hand-started':
      return startHand({ ...state, showChoice: null }, event);
    case 'show-choice':
      return event.seat === state.viewer.seat ? { ...state, showChoice: { ...event } } : state;
    case 'show-choice-closed':
      return { ...state, showChoice: null };
    case 'blind-posted':
      return withHand(
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
      );
    case 'hole-cards-dealt':
      return withHand(state, (hand) => ({
        ...hand,
        seats: updateSeat(hand.seats, event.seat, (seat) => ({
          ...seat,
          inHand: true,
          cardCount: event.count,
          // Only the viewer's own copy carries cards; anything else is not shown.
          cards:
            event.seat === state.viewer.seat && event.cards
              ? [...event.cards]
              : seat.shown
                ? seat.cards
                : null,
        })),
      }));
    case 'action':
      return withHand(
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
      );
    case 'street-dealt':
      return withHand(
        state,
        (hand) => ({
          ...hand,
          phase: event.street,
          board: [...event.board],
          currentBet: 0,
          seats: hand.seats.map((seat) => (seat.bet === 0 ? seat : { ...seat, bet: 0 })),
        }),
        (s) => ({ ...s, lastActions: keepOnly(s.lastActions, ['fold', 'allin']) }),
      );
    case 'uncalled-bet-returned':
      return withHand(
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
      );
    case 'pots-updated':
      // The betting round is over: bets are gathered into the pots.
      return withHand(state, (hand) => ({
        ...hand,
        pots: event.pots.map((pot) => ({ amount: pot.amount, eligible: [...pot.eligible] })),
        currentBet: 0,
        seats: hand.seats.map((seat) => (seat.bet === 0 ? seat : { ...seat, bet: 0 })),
      }));
    case 'next-to-act':
      return withHand(
        state,
        (hand) => ({
          ...hand,
          toAct: event.seat,
          legal: event.seat === state.viewer.seat ? event.legal : null,
        }),
        (s) => ({ ...s, clock: s.clock && s.clock.seat === event.seat ? s.clock : null }),
      );
    case 'cards-shown':
      return withHand(
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
          event.handName
            ? { ...s, shownHandNames: { ...s.shownHandNames, [event.seat]: event.handName } }
            : s,
      );
    case 'hand-mucked':
      return withHand(state, (hand) => ({
        ...hand,
        seats: updateSeat(hand.seats, event.seat, (seat) => ({
          ...seat,
          mucked: true,
          cards: event.seat === state.viewer.seat ? seat.cards : null,
        })),
      }));
    case 'rake-taken':
      return withHand(state, (hand) => ({ ...hand, rake: event.amount }));
    case 'pot-awarded':
      return withHand(
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
      );
    case 'hand-ended':
      return withHand(
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
      );

    // ---- table events ----
    case 'seat-taken':
    case 'seat-updated':
      return withTable(
        state,
        (table) => ({ ...table, seats: putSeat(table.seats, event.seat) }),
        (s) =>
          sameUser(event.seat.userId, s.viewer.userId)
            ? { ...s, viewer: { ...s.viewer, seat: event.seat.seat }, removedBecause: null }
            : s,
      );
    case 'seat-left':
      return withTable(
        state,
        (table) => ({ ...table, seats: table.seats.filter((seat) => seat.seat !== event.seat) }),
        (s) =>
          sameUser(event.userId, s.viewer.userId) && s.viewer.seat === event.seat
            ? {
                ...s,
                removedBecause: event.reason === 'left' ? null : event.reason,
                viewer: {
                  ...s.viewer,
                  seat: null,
                  // Sitting here again soon needs at least the stack taken away (no ratholing).
                  ...(event.returnMinBuyIn !== undefined ? { minBuyIn: event.returnMinBuyIn } : {}),
                },
              }
            : s,
      );
    case 'sat-out':
      return withTable(state, (table) => ({
        ...table,
        seats: table.seats.map((seat) =>
          seat.seat === event.seat ? { ...seat, status: 'sitting-out' } : seat,
        ),
      }));
    case 'sat-in':
      return withTable(state, (table) => ({
        ...table,
        seats: table.seats.map((seat) =>
          seat.seat === event.seat && seat.status === 'sitting-out' ? { ...seat, status: 'waiting' } : seat,
        ),
      }));
    case 'connection':
      return withTable(state, (table) => ({
        ...table,
        seats: table.seats.map((seat) =>
          seat.seat === event.seat ? { ...seat, connected: event.connected } : seat,
        ),
      }));
    case 'stack-changed':
      return withTable(state, (table) => ({
        ...table,
        seats: table.seats.map((seat) =>
          seat.seat === event.seat ? { ...seat, stack: event.stack, pendingRecharge: null } : seat,
        ),
      }));
    case 'clock':
      if (!state.hand || state.hand.handNumber !== event.handNumber) return state;
      return {
        ...state,
        hand: { ...state.hand, deadline: event.deadline },
        clock: { seat: event.seat, deadline: event.deadline, timeBankMs: event.timeBankMs },
      };
    case 'timed-out':
      return { ...state, lastActions: { ...state.lastActions, [event.seat]: { action: 'timeout' } } };
    case 'hand-result':
      return {
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
        recentHandIds: [event.handId, ...state.recentHandIds.filter((id) => id !== event.handId)].slice(
          0,
          RECENT_HANDS_KEPT,
        ),
      };
    case 'hand-voided':
      return {
        ...state,
        hand: state.hand && state.hand.handId === event.handId ? null : state.hand,
        clock: null,
        lastActions: {},
        winners: [],
        voidedHand: event.handNumber,
      };
    case 'jackpot':
      return { ...state, jackpot: event.amount };
    case 'deck-committed':
      return { ...state, nextDeckCommitment: event.deckCommitment };
    case 'table-updated':
      return withTable(state, (table) => ({ ...table, ...event.table, seats: table.seats }));
    case 'table-closed':
      return { ...state, connection: 'closed', clock: null };
  }
}

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

export function handVariant(table: Pick<TableInfo, 'variant' | 'betting'> | null): HandVariant {
  if (!table || table.variant === 'holdem') return 'holdem-nl';
  return table.betting === 'pot-limit' ? 'omaha-pl' : 'omaha-nl';
}

function withHand(
  state: TableViewState,
  change: (hand: HandView) => HandView,
  after: (state: TableViewState) => TableViewState = (s) => s,
): TableViewState {
  if (!state.hand) return state;
  return after({ ...state, hand: change(state.hand) });
}

function withTable(
  state: TableViewState,
  change: (table: TableInfo) => TableInfo,
  after: (state: TableViewState) => TableViewState = (s) => s,
): TableViewState {
  if (!state.table) return state;
  return after({ ...state, table: change(state.table) });
}

function updateSeat(
  seats: HandSeatView[],
  index: number,
  change: (seat: HandSeatView) => HandSeatView,
): HandSeatView[] {
  return seats.map((seat) => (seat.seat === index ? change(seat) : seat));
}

function putSeat(seats: TableSeat[], seat: TableSeat): TableSeat[] {
  return [...seats.filter((s) => s.seat !== seat.seat), seat].sort((a, b) => a.seat - b.seat);
}

function keepOnly(
  actions: Record<number, SeatAction>,
  kinds: SeatAction['action'][],
): Record<number, SeatAction> {
  const kept: Record<number, SeatAction> = {};
  for (const [seat, action] of Object.entries(actions))
    if (kinds.includes(action.action)) kept[Number(seat)] = action;
  return kept;
}

/** Ids arrive as numbers on the wire; the app's user info may hold them as strings. */
export function sameUser(
  a: number | string | null | undefined,
  b: number | string | null | undefined,
): boolean {
  return a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);
}

// ---- selectors the view uses ----

/** The viewer's own seat at the table, if seated. */
export function viewerTableSeat(state: TableViewState): TableSeat | null {
  const seat = state.viewer.seat;
  if (seat === null || !state.table) return null;
  return state.table.seats.find((s) => s.seat === seat) ?? null;
}

/** The viewer's legal actions when it is their turn, else null. */
export function viewerLegal(state: TableViewState) {
  const hand = state.hand;
  if (!hand || hand.phase === 'complete' || hand.toAct === null || hand.toAct !== state.viewer.seat)
    return null;
  return hand.legal && hand.legal.seat === state.viewer.seat ? hand.legal : null;
}

/** Whether the viewer holds live cards in the running hand (for pre-actions). */
export function viewerInHand(state: TableViewState): boolean {
  const hand = state.hand;
  if (!hand || hand.phase === 'complete' || state.viewer.seat === null) return false;
  const seat = hand.seats.find((s) => s.seat === state.viewer.seat);
  return !!seat && seat.inHand && !seat.folded && !seat.allIn;
}
