// The world a tournament director runs against, injected like a table's (tables/runtime/ports.ts):
// time, money, durable state and its tables. Production wires the system clock, the ledger, the
// database and live TableRuntimes in tournament mode; unit tests wire a FakeClock, an in-memory bank,
// a memory store and simulated tables.
import type { Level } from '@tenger/engine';
import type { Clock, SeatHolder } from '../tables/runtime/ports.js';

export type { Clock, SeatHolder };
export type { TournamentFinish, TournamentStandings } from '../tables/runtime/tournamentMode.js';

/** Money of a tournament. Every method moves whole tugrik, once per key, atomically, or nothing. */
export interface TournamentBank {
  /** Balance -> the tournament's prize pool (buy-in) and the house (fee). False when the balance is too low. */
  enter(tournamentId: number, who: SeatHolder, buyIn: number, fee: number, key: string): Promise<boolean>;
  /**
   * Entries of many (a batch of bots) in one database transaction: each as enter() under its own key;
   * per entry whether it was paid. Optional: without it the director enters them one by one.
   */
  enterMany?(
    tournamentId: number,
    entries: ReadonlyArray<{ who: SeatHolder; key: string }>,
    buyIn: number,
    fee: number,
  ): Promise<boolean[]>;
  /** Prize pool -> balance (buy-in) and house -> balance (fee): an unregistration or a cancellation. */
  refund(tournamentId: number, who: SeatHolder, buyIn: number, fee: number, key: string): Promise<void>;
  /** Prize pool -> balance: a prize (or a cancellation share in the money). */
  pay(tournamentId: number, who: SeatHolder, amount: number, key: string): Promise<void>;
  /** The house's guarantee account -> prize pool: the overlay of a guaranteed tournament short of its guarantee. */
  overlay(tournamentId: number, amount: number, key: string): Promise<void>;
  /**
   * The tournament's pool -> balance: a knockout bounty's cash half (or a bounty left on a head at the
   * end or at a cancellation). The bounties' money sits in the same pool account as the prizes.
   */
  bounty(tournamentId: number, who: SeatHolder, amount: number, key: string): Promise<void>;
  /**
   * Pool -> every player of a final-table deal, their agreed amounts in one transaction (audited with
   * its terms): all paid, or none.
   */
  deal(
    tournamentId: number,
    payments: ReadonlyArray<{ who: SeatHolder; amount: number }>,
    key: string,
    terms: { choice: 'icm' | 'chip-chop'; kept: number },
  ): Promise<void>;
}

/** One player's place at a tournament table. */
export interface SeatAssignment {
  userId: number;
  isBot: boolean;
  seat: number;
  stack: number;
}

/**
 * What a table reports after each hand it settled: every dealt-in player's stack before and after, in
 * dealing order (clockwise from the first seat left of the button: the order that breaks a shared
 * prize's odd tugrik).
 */
export interface HandReport {
  tableId: number;
  handNumber: number;
  startStacks: ReadonlyMap<number, number>;
  endStacks: ReadonlyMap<number, number>;
  /**
   * The hand's pots as paid (main pot first; players by userId, winners in dealing order) and what
   * each dealt-in player put in: who knocked out whom for the bounties. Absent: the players whose
   * stack grew are the eliminators, equally.
   */
  pots?: ReadonlyArray<{ eligible: readonly number[]; winners: readonly number[] }>;
  committed?: ReadonlyMap<number, number>;
}

/**
 * The tournament's live tables. A table deals a hand only after `release`; when it has settled one it
 * calls the director's `handFinished` and waits to be released again (that is how breaks, hand-for-hand
 * and moves between hands are kept).
 */
export interface TournamentTables {
  /** Opens a table with these players at this level; it waits for `release`. Returns its id. */
  open(
    tournamentId: number,
    tableNumber: number,
    seats: readonly SeatAssignment[],
    level: Level,
  ): Promise<number>;
  /** Seats a player moved in (balancing or a broken table); dealt in from the table's next hand. */
  seatPlayer(tableId: number, player: SeatAssignment): void;
  /** Chips bought between hands (a rebuy or the add-on) onto a seated player's stack. */
  addChips(tableId: number, userId: number, chips: number): void;
  /** Takes a player away between hands (a move); their stack is the one the director knows. */
  removePlayer(tableId: number, userId: number): void;
  /**
   * The table is finished: broken or the tournament ended (between hands), or the tournament was
   * cancelled (a hand in play is void: money is refunded by the director, chips no longer matter).
   */
  close(tableId: number, reason: 'broken' | 'finished' | 'cancelled'): void;
  /** The blinds and ante of the next hand of every table (a level never changes a hand in play). */
  setLevel(level: Level): void;
  /** The table may deal its next hand. */
  release(tableId: number): void;
  /** What the tables show of the tournament changed (a final-table deal's asks and proposals): show it again. */
  showStandings?(): void;
  /** The seat that posted the big blind in the table's last hand (null before its first): balancing moves by it. */
  lastBigBlindSeat(tableId: number): number | null;
  /**
   * After a crash, a deploy or a takeover: runs an existing table of the snapshot again with these
   * players and stacks (a hand that was in play is void: the stacks are those it began with), the
   * big blind moving on from `lastBigBlindSeat` (the last settled hand's). It waits for `release`.
   */
  resume(
    tournamentId: number,
    table: { tableId: number; tableNumber: number; lastBigBlindSeat: number | null },
    seats: readonly SeatAssignment[],
    level: Level,
  ): Promise<void>;
  /**
   * Hands the table settled after hand `afterHand` (written to the hand store, but the process stopped
   * before the director took them in), oldest first, with each one's big blind seat.
   */
  missedHands?(tableId: number, afterHand: number): Promise<MissedHand[]>;
}

export type MissedHand = HandReport & { bigBlindSeat: number };

/** The director's durable state, saved after every step that changes it. */
export interface TournamentStore {
  save(snapshot: TournamentSnapshot): Promise<void>;
  /**
   * The level clock's time left, saved often between snapshots (a crash loses at most one interval
   * of it); only while the snapshot is still at `levelIndex`.
   */
  saveClock?(tournamentId: number, levelIndex: number, levelRemainingMs: number): Promise<void>;
}

export type TournamentKind = 'sng' | 'mtt';
export type TournamentStatus = 'scheduled' | 'registering' | 'running' | 'break' | 'finished' | 'cancelled';

export interface TournamentConfig {
  tournamentId: number;
  name: string;
  kind: TournamentKind;
  buyIn: number;
  fee: number;
  startingStack: number;
  tableSize: number;
  minEntrants: number;
  maxEntrants: number;
  /** Scheduled start (ms since the epoch); null for a Sit & Go (starts when full). */
  startsAt: number | null;
  levels: readonly Level[];
  /** When registration opens (ms since the epoch); before it the tournament is 'scheduled'. Absent: at once. */
  registrationOpensAt?: number | null;
  /** Late registration (and re-entry) while the first N levels are played (a break counts as one); 0: none. */
  lateRegLevels?: number;
  /** Entries one person may make: 1 (the default) is a freezeout, K allows K − 1 re-entries. */
  maxEntries?: number;
  /** Rebuys while the first N levels are played; 0 (the default): none. Each costs buy-in + fee for a starting stack. */
  rebuyLevels?: number;
  /** Rebuys one person may make. */
  maxRebuys?: number;
  /** One add-on per person (buy-in + fee for a starting stack) in the level right after the rebuy period. */
  addOn?: boolean;
  /** The least prize pool (0: none): the shortfall (overlay) comes from the house's guarantee account. */
  guarantee?: number;
  /**
   * Progressive knockout: the percent (whole, 0–90) of each buy-in (entry, re-entry, rebuy, add-on)
   * that goes onto the player's head as a bounty instead of into the prize pool; 0 or absent: none.
   */
  bountyPercent?: number;
  /**
   * A final-table deal keeps this whole percent (0–100) of the prizes still to be won to play for: the
   * winner after the deal takes it. 0 or absent: the deal shares everything and ends the tournament.
   */
  dealKeptPercent?: number;
  /**
   * A satellite: its prizes are tickets to the target tournament, each worth the target's buy-in + fee
   * (satellites.ts); absent: prizes in cash.
   */
  satellite?: { targetId: number; ticketValue: number };
}

export interface Entrant {
  userId: number;
  isBot: boolean;
  stack: number;
  tableId: number | null;
  seat: number | null;
  /** Finishing place once out (or 1 for the winner); null while playing. */
  place: number | null;
  prize: number;
  /** Entries made (re-entries included); absent: 1. */
  entries?: number;
  /** Rebuys made; absent: 0. */
  rebuys?: number;
  /** The add-on was taken. */
  addOn?: boolean;
  /**
   * Out of chips while the prize pool is still open (late registration, rebuys or the add-on): no place
   * yet (a re-entry or a rebuy may bring the player back); ranked when the pool closes.
   */
  busted?: boolean;
  /** The bounty on the player's head (progressive knockout); absent: 0. */
  bounty?: number;
  /** Bounty cash won by knocking others out (and the own bounty paid at the end); absent: 0. */
  bountiesWon?: number;
  /** Times knocked out (the key of each knockout's bounty payments); absent: 0. */
  knockedOut?: number;
  /** Paid by a final-table deal (part of `prize`); absent: no deal. */
  dealt?: number;
  /** The entry was paid with a satellite ticket (an unregistration gives the ticket back). */
  ticket?: boolean;
  /** A satellite's prize won as a ticket to its target (the cash part, if any, is in `prize` too). */
  ticketWon?: boolean;
}

export interface TournamentSnapshot {
  config: TournamentConfig;
  status: TournamentStatus;
  entrants: Entrant[];
  /** Index into config.levels. */
  levelIndex: number;
  /** Time left in the current level when saved (the level clock stands still while nobody runs it). */
  levelRemainingMs: number;
  /**
   * Open tables by id, with their number (tables break in descending number order), the big blind's
   * seat and the number of the last hand the director took in (a resumed table moves on from them).
   */
  tables: Array<{
    tableId: number;
    tableNumber: number;
    lastBigBlindSeat?: number | null;
    lastHand?: number;
  }>;
  handForHand: boolean;
  /** [userId, entries made] (keys of refunds and new entries). */
  entryCounts: Array<[number, number]>;
  /** Players busted in the hand-for-hand round still being played (ranked together when it ends). */
  roundBusts?: Array<{ userId: number; startStack: number }>;
  /**
   * Money decided but maybe not yet moved (prizes, refunds): saved before it moves, so a crash in
   * between is finished by the next process (each order's key makes a repeat move nothing).
   */
  moneyOrders?: MoneyOrder[];
  /** Busts while the pool was open, one group per hand, oldest first (ranked when the pool closes). */
  pendingBusts?: Array<Array<{ userId: number; startStack: number }>>;
  /** Chips bought during a hand in play, [userId, chips]: added when that hand is over. */
  pendingChips?: Array<[number, number]>;
  /** The overlay ordered from the house's guarantee account (0 until prizes are decided). */
  overlay?: number;
  /** A final-table deal was made: the proposal taken, the players in it and the part kept to play for. */
  deal?: { choice: 'icm' | 'chip-chop'; players: number; kept: number };
}

/** One movement the director has decided on: a prize (or cancellation share) or a refund of buy-in and fee. */
export type MoneyOrder =
  | { kind: 'pay'; userId: number; isBot: boolean; amount: number; key: string }
  | { kind: 'refund'; userId: number; isBot: boolean; buyIn: number; fee: number; key: string }
  | { kind: 'overlay'; amount: number; key: string }
  | { kind: 'bounty'; userId: number; isBot: boolean; amount: number; key: string }
  | {
      kind: 'deal';
      payments: Array<{ userId: number; isBot: boolean; amount: number }>;
      choice: 'icm' | 'chip-chop';
      kept: number;
      key: string;
    }
  /** A satellite's ticket: its value from the pool to the player's ticket account for the target. */
  | { kind: 'ticket'; userId: number; isBot: boolean; targetId: number; amount: number; key: string }
  /** An unregistration of an entry paid with a ticket: buy-in and fee back onto the ticket. */
  | { kind: 'ticket-back'; userId: number; isBot: boolean; buyIn: number; fee: number; key: string };
