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
  /** Prize pool -> balance (buy-in) and house -> balance (fee): an unregistration or a cancellation. */
  refund(tournamentId: number, who: SeatHolder, buyIn: number, fee: number, key: string): Promise<void>;
  /** Prize pool -> balance: a prize (or a cancellation share in the money). */
  pay(tournamentId: number, who: SeatHolder, amount: number, key: string): Promise<void>;
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
  /** The seat that posted the big blind in the table's last hand (null before its first): balancing moves by it. */
  lastBigBlindSeat(tableId: number): number | null;
}

/** The director's durable state, saved after every step that changes it. */
export interface TournamentStore {
  save(snapshot: TournamentSnapshot): Promise<void>;
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
}

export interface TournamentSnapshot {
  config: TournamentConfig;
  status: TournamentStatus;
  entrants: Entrant[];
  /** Index into config.levels. */
  levelIndex: number;
  /** Time left in the current level when saved (the level clock stands still while nobody runs it). */
  levelRemainingMs: number;
  /** Open tables by id, with their number (tables break in descending number order). */
  tables: Array<{ tableId: number; tableNumber: number }>;
  handForHand: boolean;
  /** [userId, entries made] (keys of refunds and new entries). */
  entryCounts: Array<[number, number]>;
}
