// A finished hand as a record: everything needed to store it, replay it, settle it and export it.
// The record is the house's copy: it holds every hole card. Use redactRecord before it leaves the
// server for anyone but the house.

import type { Card } from './cards.js';
import { handHistory } from './hand.js';
import type { HandState, HistoryEntry, PotResult, RakeConfig, Street, Variant } from './hand-types.js';

export interface RecordSeat {
  seat: number;
  playerId: string;
  startingStack: number;
  finalStack: number;
  /** Dealt into the hand (false for a seat sitting out). */
  dealtIn: boolean;
  /** Every hole card (empty when not dealt in, or when redacted for a viewer). */
  holeCards: Card[];
  shownCards: Card[] | null;
  mucked: boolean;
  folded: boolean;
  /** Street the seat folded on, or null. */
  foldedOn: Street | null;
  /** Won minus put in (rake included): the hand's net result for the seat. */
  net: number;
}

export interface HandRecord {
  handNumber: number;
  tableId: string | null;
  variant: Variant;
  button: number;
  smallBlind: number;
  bigBlind: number;
  ante: number;
  /** Present only for a big-blind ante (the big blind paid `ante` for the table); absent: every seat anted. */
  anteKind?: 'big-blind';
  rakeConfig: RakeConfig | null;
  seedCommitment: string | null;
  /** Version 2: the root of the committed deck; null for version 1 hands (absent in old stored records). */
  deckCommitment: string | null;
  smallBlindSeat: number | null;
  bigBlindSeat: number;
  /** How many seats the table has; absent when the hand was dealt without it (older records). */
  maxSeats?: number;
  seats: RecordSeat[];
  /** Posts, deals, actions, boards, uncalled bets and showdown, in order. */
  history: HistoryEntry[];
  board: Card[];
  /** Pots as paid: amount after rake, the rake taken from it, eligible seats and winners. */
  pots: PotResult[];
  rake: number;
  /** The total put into the hand by all players, after uncalled bets were returned. */
  totalPot: number;
}

/** The record of a completed hand, or null while the hand is still running. */
export function handRecord(state: HandState): HandRecord | null {
  if (state.phase !== 'complete') return null;
  const foldedOn = new Map<number, Street>();
  let street: Street = 'preflop';
  const history = handHistory(state);
  for (const entry of history) {
    if (entry.kind === 'board') street = entry.street;
    if (entry.kind === 'action' && entry.type === 'fold') foldedOn.set(entry.seat, street);
  }
  const { config } = state;
  return {
    handNumber: config.handNumber,
    tableId: config.tableId ?? null,
    variant: config.variant,
    button: config.button,
    smallBlind: config.smallBlind,
    bigBlind: config.bigBlind,
    ante: config.ante ?? 0,
    ...(config.anteKind === 'big-blind' ? { anteKind: 'big-blind' as const } : {}),
    rakeConfig: config.rake ? { ...config.rake } : null,
    seedCommitment: config.seedCommitment ?? null,
    deckCommitment: config.deckCommitment ?? null,
    smallBlindSeat: state.smallBlindSeat,
    bigBlindSeat: state.bigBlindSeat,
    ...(config.maxSeats ? { maxSeats: config.maxSeats } : {}),
    seats: state.seats.map((s) => ({
      seat: s.seat,
      playerId: s.playerId,
      startingStack: s.startingStack,
      finalStack: s.stack,
      dealtIn: s.inHand,
      holeCards: [...s.holeCards],
      shownCards: s.shownCards ? [...s.shownCards] : null,
      mucked: s.mucked,
      folded: s.folded,
      foldedOn: foldedOn.get(s.seat) ?? null,
      net: s.stack - s.startingStack,
    })),
    history: history.map((e) => ({ ...e })),
    board: [...state.board],
    pots: state.results.map((r) => ({
      ...r,
      eligible: [...r.eligible],
      winners: r.winners.map((w) => ({ ...w })),
    })),
    rake: state.rake,
    totalPot: state.seats.reduce((sum, s) => sum + s.committed, 0),
  };
}

/** Every hole card of the seat was shown (a Hold'em winner may show just one). */
export function fullyShown(seat: Pick<RecordSeat, 'shownCards' | 'holeCards'>): boolean {
  return seat.shownCards !== null && seat.shownCards.length >= seat.holeCards.length;
}

/**
 * The record as `viewer` may see it (null: a spectator or the public): hole cards that were never
 * shown are removed, except the viewer's own.
 */
export function redactRecord(record: HandRecord, viewer: number | null): HandRecord {
  const visible = (seat: number) =>
    seat === viewer || record.seats.some((s) => s.seat === seat && fullyShown(s));
  return {
    ...record,
    seats: record.seats.map((s) => ({ ...s, holeCards: visible(s.seat) ? [...s.holeCards] : [] })),
    history: record.history.filter((e) => e.kind !== 'deal-hole' || visible(e.seat)).map((e) => ({ ...e })),
  };
}
