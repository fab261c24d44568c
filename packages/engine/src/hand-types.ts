// The shapes of one hand of poker: its configuration, its state, the actions players send and the
// events the engine reports. Everything is plain JSON-serialisable data, so a state can be stored,
// sent and restored as is. Money is integer tugrik; cards are integers 0..51 (see cards.ts).

import type { Card } from './cards.js';

export type Variant = 'holdem-nl' | 'omaha-pl' | 'omaha-nl';
export type AnteKind = 'per-player' | 'big-blind';
export type Street = 'preflop' | 'flop' | 'turn' | 'river';
export type Phase = Street | 'complete';

export interface SeatConfig {
  /** Seat index at the table, 0..8. */
  seat: number;
  playerId: string;
  /** Chips in front of the player when the hand starts. */
  stack: number;
  /** A newcomer (or a player back from sitting out) who must post a live big blind out of position. */
  postsBigBlind?: boolean;
  /** A returning player who also owes the small blind they missed; it is posted dead (not a bet). */
  postsDeadSmallBlind?: boolean;
  /** Sitting out: keeps the seat, is not dealt in, posts nothing. */
  sittingOut?: boolean;
}

export interface RakeConfig {
  /** Percent of the pot, e.g. 5 for 5 %. Fractions to a hundredth are allowed (2.5); kept as basis points. */
  percent: number;
  /** The most rake taken from one hand, in tugrik. */
  cap: number;
}

export interface HandConfig {
  variant: Variant;
  seats: SeatConfig[];
  /** Seat index of the dealer button. It may be a seat not dealt in (a dead button). */
  button: number;
  smallBlind: number;
  bigBlind: number;
  /** Dead money before the deal: from every seat dealt in, or from the big blind alone (see anteKind). */
  ante?: number;
  /** 'per-player' (the default): every seat dealt in antes; 'big-blind': the big blind antes for the table. */
  anteKind?: AnteKind;
  rake?: RakeConfig;
  /** The deck in dealing order: 52 distinct card integers (see "Dealing order" in README). */
  deck: Card[];
  handNumber: number;
  /** SHA-256 commitment of the server seed, published before the deal; carried into the record. */
  seedCommitment?: string;
  /** Provably fair version 2: the Merkle root of the committed deck (fair2.ts); carried into the record. */
  deckCommitment?: string;
  tableId?: string;
  /** How many seats the table has (a 6-max table: 6); carried into the record for the hand history texts. */
  maxSeats?: number;
  /**
   * Deal an all-in runout one street at a time: the hands are turned up when betting ends and the
   * hand waits (toAct null, phase not complete) until runOutStreet deals each remaining street.
   */
  pacedRunout?: boolean;
}

export type ActionType = 'fold' | 'check' | 'call' | 'bet' | 'raise' | 'allin';

/** What a player sends. `amount` is the street total the player bets TO (bet/raise; optional for allin). */
export interface PlayerAction {
  seat: number;
  type: ActionType;
  amount?: number;
}

/** One action the player to act may take; amounts are street totals ("raise TO"). */
export interface LegalAction {
  type: ActionType;
  /** For bet/raise the smallest total, for call/allin the total after the action, else the current bet. */
  min: number;
  max: number;
}

export interface LegalActions {
  seat: number;
  /** Chips the player must add to call (0 when checking is possible). */
  toCall: number;
  actions: LegalAction[];
}

export interface SeatState {
  seat: number;
  playerId: string;
  startingStack: number;
  /** Chips behind (not yet put into the pot). */
  stack: number;
  /** Chips bet on the current street (live bets only; antes and dead blinds are not in here). */
  bet: number;
  /** Everything this seat has put into the pot this hand, antes and dead blinds included. */
  committed: number;
  /** Dealt into this hand (false for sitting out). */
  inHand: boolean;
  folded: boolean;
  allIn: boolean;
  /** The street bet level when this seat last acted voluntarily on this street, or -1 if it has not. */
  actedAt: number;
  holeCards: Card[];
  /** Cards shown at showdown; null while hidden (and forever when mucked or folded). */
  shownCards: Card[] | null;
  mucked: boolean;
}

export interface Pot {
  amount: number;
  /** Seats that can win this pot (not folded), in seat order. */
  eligible: number[];
}

export interface PotResult {
  /** The pot's amount after rake. */
  amount: number;
  rake: number;
  eligible: number[];
  winners: { seat: number; amount: number }[];
  /** Best hand value (1..7462, higher wins), or null when the pot went uncontested. */
  handValue: number | null;
  handName: string | null;
}

export type HistoryEntry =
  | { kind: 'post'; seat: number; post: PostKind; amount: number }
  | { kind: 'deal-hole'; seat: number; cards: Card[] }
  | { kind: 'action'; seat: number; type: ActionType; to: number; added: number; allIn: boolean }
  | { kind: 'board'; street: Street; cards: Card[] }
  | { kind: 'uncalled'; seat: number; amount: number }
  | { kind: 'show'; seat: number; cards: Card[] }
  | { kind: 'muck'; seat: number };

export interface HistoryLog {
  entry: HistoryEntry;
  previous: HistoryLog | null;
}

export type PostKind = 'ante' | 'small-blind' | 'big-blind' | 'newcomer-big-blind' | 'dead-small-blind';

export interface HandState {
  config: HandConfig;
  phase: Phase;
  seats: SeatState[];
  /** Seat index of the small blind (null when no small blind was posted) and of the big blind. */
  smallBlindSeat: number | null;
  bigBlindSeat: number;
  board: Card[];
  /** Next undealt deck position. */
  deckIndex: number;
  /** The level every player must match on this street. */
  currentBet: number;
  /** The size of the last full bet or raise on this street: the minimum raise increment. */
  lastRaiseSize: number;
  /** Seat of the last player to bet or raise (full or all-in) on the current street, or null. */
  lastAggressor: number | null;
  toAct: number | null;
  /** Pots as they stand (after the last completed betting round). */
  pots: Pot[];
  rake: number;
  results: PotResult[];
  /** The hand's history as a linked list, newest first (appending is O(1)); read it with handHistory. */
  log: HistoryLog | null;
  /** Number of accepted player actions: a state id for optimistic concurrency. */
  actionCount: number;
  /** What the player to act may do (read it through legalActions); null when nobody is to act. */
  legal: LegalActions | null;
}

export type HandEvent =
  | {
      type: 'hand-started';
      handNumber: number;
      button: number;
      smallBlindSeat: number | null;
      bigBlindSeat: number;
    }
  | { type: 'blind-posted'; seat: number; post: PostKind; amount: number; allIn: boolean }
  /** `cards` is null in views for anyone but the seat itself. */
  | { type: 'hole-cards-dealt'; seat: number; count: number; cards: Card[] | null }
  | {
      type: 'action';
      seat: number;
      action: ActionType;
      to: number;
      added: number;
      stack: number;
      allIn: boolean;
    }
  | { type: 'street-dealt'; street: Street; cards: Card[]; board: Card[] }
  | { type: 'uncalled-bet-returned'; seat: number; amount: number }
  | { type: 'pots-updated'; pots: Pot[] }
  | { type: 'next-to-act'; seat: number; legal: LegalActions }
  | { type: 'cards-shown'; seat: number; cards: Card[]; handValue: number | null; handName: string | null }
  | { type: 'hand-mucked'; seat: number }
  | { type: 'rake-taken'; amount: number }
  | {
      type: 'pot-awarded';
      potIndex: number;
      amount: number;
      winners: { seat: number; amount: number }[];
      handName: string | null;
    }
  | { type: 'hand-ended'; finalStacks: { seat: number; stack: number }[] };

export interface EngineError {
  code:
    | 'invalid-config'
    | 'invalid-state'
    | 'hand-complete'
    | 'out-of-turn'
    | 'unknown-action'
    | 'illegal-action'
    | 'bad-amount';
  message: string;
}

export type ApplyResult = { state: HandState; events: HandEvent[] } | { error: EngineError };
export type CreateResult = { state: HandState; events: HandEvent[] } | { error: EngineError };
