// The one door every frame to a table viewer passes through (snapshots, events, replays after
// RESUME, acks alike). It decides what this viewer may see: its own hole cards (by user, not by
// seat, so a later occupant of the seat never sees an earlier one's cards), cards shown at
// showdown, never anyone else's hidden or mucked cards. Engine data is integer cards inside;
// everything leaving here has cards as strings like "As". Deck openings (provably fair, version 2)
// pass here too: a viewer receives the opening of exactly the cards it is shown, with the frame that
// shows them (its own hole cards, the board, cards shown down); folded and mucked cards never.
// The committed deck itself never leaves.
import {
  eventsFor,
  formatCard,
  openingsForEvents,
  openingsForView,
  viewFor,
  type CommittedDeck,
  type HandEvent,
  type HandState,
  type HandView as EngineHandView,
} from '@tenger/engine';
import type {
  SeatOptions,
  HandView,
  TableEvent,
  TableInfo,
  TableServerMessage,
  TableSnapshotMessage,
} from '@tenger/protocol';
import type { TournamentExit } from './tournamentMode.js';

/** Who is looking: a spectator (userId null) or a user, seated or not. */
export interface ViewerIdentity {
  readonly userId: number | null;
}

/** What the running hand is, beyond the engine state. Seat owners map seat -> userId for that hand. */
export interface HandContext {
  handId: string;
  /** The hand's committed deck: secret; only openings of the cards a viewer sees leave the door. */
  committed: CommittedDeck;
  seatOwners: ReadonlyMap<number, number>;
}

/** One entry of a table's event log. `hand` entries hold raw engine events (with every hole card). */
export type LogEntryBody =
  { kind: 'hand'; event: HandEvent; hand: HandContext } | { kind: 'table'; event: TableEvent };
export type LogEntry = LogEntryBody & { seq: number };

export interface SnapshotSource {
  seq: number;
  table: TableInfo;
  hand: { state: HandState; context: HandContext; deadline: number | null } | null;
  jackpot: number;
  /** Users who must bring more than the table minimum (they left a short while ago), userId -> least buy-in. */
  buyInMinimums?: ReadonlyMap<number, number>;
  /** The next deal's published deck commitment, if any. */
  nextDeckCommitment?: string | null;
  /** Seated users' standing choices (SEAT_OPTIONS), userId -> options: each sees only their own. */
  seatOptions?: ReadonlyMap<number, Required<SeatOptions>>;
  /** A tournament table: players who left it for good (finished, or moved), userId -> where: each sees only their own. */
  tournamentExits?: ReadonlyMap<number, TournamentExit>;
}

/** What the runtime wants to say; frameFor turns it into the frame this viewer may receive. */
export type Outgoing =
  | { kind: 'snapshot'; source: SnapshotSource }
  | { kind: 'event'; entry: LogEntry }
  | { kind: 'reply'; message: Extract<TableServerMessage, { type: 'ACK' | 'REJECT' | 'ERROR' | 'PONG' }> };

export function frameFor(viewer: ViewerIdentity, outgoing: Outgoing): TableServerMessage {
  switch (outgoing.kind) {
    case 'snapshot':
      return snapshotFor(viewer, outgoing.source);
    case 'event':
      return { type: 'EVENT', seq: outgoing.entry.seq, event: eventFor(viewer, outgoing.entry) };
    case 'reply':
      return outgoing.message;
  }
}

/**
 * Viewers with the same key get the same frame for `outgoing` (frameFor answers equal values), so a
 * broadcast builds and serialises it once per key; null: build it for this viewer alone. Only a
 * hole-cards-dealt event differs from seat to seat (eventsFor, openingsForEvents); every other event
 * is the same for every viewer. Snapshots and replies are never shared.
 */
export function viewKey(viewer: ViewerIdentity, outgoing: Outgoing): string | null {
  if (outgoing.kind !== 'event') return null;
  const { entry } = outgoing;
  if (entry.kind === 'table')
    return isPrivateExit(entry.event) && entry.event.userId === viewer.userId ? 'own' : 'all';
  if (entry.event.type !== 'hole-cards-dealt') return 'all';
  return `seat:${seatOfViewer(viewer, entry.hand)}`;
}

/** The seat `viewer` holds in this hand, or null (spectators, and users not dealt into it). */
export function seatOfViewer(viewer: ViewerIdentity, hand: HandContext): number | null {
  if (viewer.userId === null) return null;
  for (const [seat, userId] of hand.seatOwners) if (userId === viewer.userId) return seat;
  return null;
}

function snapshotFor(viewer: ViewerIdentity, source: SnapshotSource): TableSnapshotMessage {
  const seated = source.table.seats.find((s) => s.userId === viewer.userId);
  let hand: HandView | null = null;
  if (source.hand) {
    const { state, context, deadline } = source.hand;
    const seat = seatOfViewer(viewer, context);
    hand = presentHandView(viewFor(state, seat), context, deadline);
    hand.openings = openingsForView(context.committed, state, seat);
  }
  return {
    type: 'SNAPSHOT',
    seq: source.seq,
    viewer: {
      userId: viewer.userId,
      seat: seated?.seat ?? null,
      ...(viewer.userId !== null
        ? { minBuyIn: source.buyInMinimums?.get(viewer.userId) ?? source.table.minBuyIn }
        : {}),
      ...(viewer.userId !== null && source.seatOptions?.has(viewer.userId)
        ? { options: { ...source.seatOptions.get(viewer.userId)! } }
        : {}),
      ...(viewer.userId !== null ? source.tournamentExits?.get(viewer.userId) : undefined),
    },
    table: source.table,
    hand,
    jackpot: { amount: source.jackpot },
    nextDeckCommitment: source.nextDeckCommitment ?? null,
  };
}

/** A seat-left event carrying what only the player who left may read (the kick reason, their least return buy-in). */
function isPrivateExit(event: TableEvent): event is Extract<TableEvent, { type: 'seat-left' }> {
  return event.type === 'seat-left' && (event.note !== undefined || event.returnMinBuyIn !== undefined);
}

function eventFor(viewer: ViewerIdentity, entry: LogEntry): TableEvent {
  if (entry.kind === 'table') {
    if (!isPrivateExit(entry.event) || entry.event.userId === viewer.userId) return entry.event;
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { note, returnMinBuyIn, ...shared } = entry.event;
    return shared;
  }
  const seat = seatOfViewer(viewer, entry.hand);
  const [visible] = eventsFor([entry.event], seat);
  const event = presentHandEvent(visible, entry.hand);
  if (event.type === 'hole-cards-dealt' || event.type === 'street-dealt' || event.type === 'cards-shown') {
    const openings = openingsForEvents(entry.hand.committed, [entry.event], seat);
    if (openings.length > 0) return { ...event, openings };
  }
  return event;
}

const cards = (list: readonly number[]): string[] => list.map(formatCard);

/** An engine event (already filtered by eventsFor) in its wire form. */
export function presentHandEvent(event: HandEvent, hand: HandContext): TableEvent {
  switch (event.type) {
    case 'hand-started':
      return { ...event, handId: hand.handId, deckCommitment: hand.committed.deckCommitment };
    case 'hole-cards-dealt':
      return { ...event, cards: event.cards ? cards(event.cards) : null };
    case 'street-dealt':
      return { ...event, cards: cards(event.cards), board: cards(event.board) };
    case 'cards-shown':
      return { ...event, cards: cards(event.cards) };
    case 'pots-updated':
      return {
        type: 'pots-updated',
        pots: event.pots.map((p) => ({ amount: p.amount, eligible: [...p.eligible] })),
      };
    default:
      return event;
  }
}

function presentHandView(view: EngineHandView, hand: HandContext, deadline: number | null): HandView {
  return {
    handId: hand.handId,
    handNumber: view.handNumber,
    variant: view.variant,
    phase: view.phase,
    button: view.button,
    smallBlind: view.smallBlind,
    bigBlind: view.bigBlind,
    ante: view.ante,
    smallBlindSeat: view.smallBlindSeat,
    bigBlindSeat: view.bigBlindSeat,
    board: cards(view.board),
    pots: view.pots,
    potTotal: view.potTotal,
    currentBet: view.currentBet,
    toAct: view.toAct,
    legal: view.legal,
    actionCount: view.actionCount,
    deadline: view.toAct === null ? null : deadline,
    rake: view.rake,
    results: view.results,
    seats: view.seats.map((s) => ({
      seat: s.seat,
      userId: Number(s.playerId),
      stack: s.stack,
      bet: s.bet,
      committed: s.committed,
      inHand: s.inHand,
      folded: s.folded,
      allIn: s.allIn,
      mucked: s.mucked,
      cardCount: s.cardCount,
      cards: s.cards ? cards(s.cards) : null,
      shown: s.shown,
    })),
    deckCommitment: hand.committed.deckCommitment,
    openings: [],
  };
}
