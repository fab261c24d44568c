import type {
  HandView,
  TableEvent,
  TableInfo,
  TableSeat,
  TableServerMessage,
  TournamentFinish,
  TournamentMove,
  Viewer,
} from '@tenger/protocol';
import type { EventReducer, EventReducers } from './events/eventHelpers';
import { handEventReducers } from './events/handEvents';
import { seatEventReducers } from './events/seatEvents';
import { tableEventReducers } from './events/tableEvents';
import { tournamentEventReducers } from './events/tournamentEvents';
import { FRESH_SESSION, type SessionTally } from './sessionTally';

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
  /** New blinds an administrator set during the hand, from the next hand (until the table's update comes). */
  stakesChanging: { smallBlind: number; bigBlind: number } | null;
  /** The next deal's deck commitment once published: a seated player's seed counts for it. */
  nextDeckCommitment: string | null;
  /** Why this viewer lost their seat when it was not their own choice (kicked, idle, …), until they sit again. */
  removedBecause: SeatLeftReason | null;
  /** The administrator's words with a kick, shown with removedBecause. */
  removedNote: string | null;
  /** After the hand: the viewer may still show (or muck) until the deadline. */
  showChoice: ShowChoiceView | null;
  /** A tournament table: the viewer's tournament is over (place and prize). */
  tournamentFinish: TournamentFinish | null;
  /** A tournament table: the viewer was moved to another table (the page follows). */
  tournamentMove: TournamentMove | null;
  /** The viewer's hands and net since sitting down (null: not seated), for the session panel. */
  session: SessionTally | null;
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

export { RECENT_HANDS_KEPT } from './events/tableEvents';
export { handVariant, sameUser } from './events/eventHelpers';

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
    stakesChanging: null,
    nextDeckCommitment: null,
    removedBecause: null,
    removedNote: null,
    showChoice: null,
    tournamentFinish: null,
    tournamentMove: null,
    session: null,
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
    stakesChanging: snapshot.table.nextStakes ?? null,
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
    tournamentFinish: snapshot.viewer.finished ?? state.tournamentFinish,
    tournamentMove: snapshot.viewer.movedTo ?? null,
    // Seated when this page opened (or came back): the session counts from here.
    session: snapshot.viewer.seat === null ? null : (state.session ?? FRESH_SESSION),
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

/**
 * Every event type's reducer, by family (events/): the hand, the seats, the table. The type makes a
 * missing event type a compile error.
 */
const EVENT_REDUCERS: EventReducers<TableEvent['type']> = {
  ...handEventReducers,
  ...seatEventReducers,
  ...tableEventReducers,
  ...tournamentEventReducers,
};

function applyEvent(state: TableViewState, event: TableEvent): TableViewState {
  const reduce = EVENT_REDUCERS[event.type] as EventReducer<TableEvent['type']>;
  return reduce(state, event);
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
