// The world a live table runs against, injected (as boardgame.io's master takes storage and
// transport): time, money, durable seat state and the viewers. Production wires the system clock,
// the ledger and the database; unit tests wire a FakeClock, an InMemoryBank and a MemoryTableStore.
import type { HandRecord } from '@tenger/engine';
import type { Settings } from '@tenger/protocol';
import type { StoredHand } from '../../hands/handStore.js';
import type { PostingResult } from '../../ledger/ledger.js';
import type { TableViewer } from '../tableLayer.js';
import type { Departure, UserProfile } from './players.js';
import type { Outgoing } from './viewerDoor.js';

// Declared beside the seat rules' vocabulary (players.ts), which must not import the ports.
export type { Departure, UserProfile };

/** An opaque timer handle. */
export type TimerHandle = { readonly timer: unknown };

/** Time: the only source of `now` and of timers a table uses (Colyseus' room clock). */
export interface Clock {
  now(): number;
  setTimeout(work: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle | null | undefined): void;
}

/** Whose money sits in a seat: a person's balance, or (bots) the house's bot bankroll. */
export interface SeatHolder {
  userId: number;
  isBot: boolean;
}

/** Money across the table's edge. Every method moves whole tugrik, atomically, or nothing. */
export interface TableBank {
  /** Balance -> seat (buy-in or recharge). False, and nothing moved, when the balance is too low. */
  toSeat(who: SeatHolder, tableId: number, amount: number, kind: 'buy_in' | 'recharge'): Promise<boolean>;
  /** Seat -> balance (leave, kick, bust, a recharge that no longer fits); `reason` is recorded. */
  fromSeat(who: SeatHolder, tableId: number, amount: number, reason: string): Promise<void>;
  /**
   * One finished hand, in one transaction: results, rake, jackpot, hand record. Settling a hand that
   * was settled already changes nothing (a retry after a lost reply).
   */
  settle(input: SettleInput): Promise<SettleResult>;
  /** What each seat account of the table holds (userId -> tugrik): the truth a seat's stack must match. */
  seatAccounts(tableId: number): Promise<Map<number, number>>;
  jackpotAmount(): Promise<number>;
}

// ---- what TableBank.settle takes and gives (the arithmetic is settlement.ts) ----

export interface JackpotShares {
  /** Percent of the pool to the player whose hand lost. */
  loser: number;
  /** Percent to the player who beat it. */
  winner: number;
  /** Percent shared equally by everyone else dealt in. */
  table: number;
}

/** Money out of one hand: net per seat, rake split between house and jackpot. */
export interface HandMoney {
  /** seat -> net (won minus put in); sums to -rake. */
  net: Map<number, number>;
  rake: number;
  jackpotContribution: number;
  houseRake: number;
}

export interface JackpotPayout {
  seat: number;
  share: 'loser' | 'winner' | 'table';
  amount: number;
}

export interface SettleInput {
  handId: string;
  tableId: number;
  record: HandRecord;
  owners: ReadonlyMap<number, SeatHolder>;
  contributionPercent: number;
  shares: JackpotShares;
  stored: Omit<StoredHand, 'jackpotContribution' | 'jackpotPayout' | 'players'>;
}

export interface SettleResult {
  money: HandMoney;
  payouts: JackpotPayout[];
  postings: PostingResult[];
  /** The jackpot after this hand when it was read (a bad beat), else null. */
  jackpot: number | null;
}

/** A seat as it is kept across restarts (stack = the seat account at the start of the running hand). */
export interface StoredSeat {
  seat: number;
  userId: number;
  stack: number;
  sittingOut: boolean;
  pendingRecharge: number;
  timeBankMs: number;
}

/** The hand in play, written before its first card is dealt. */
export interface DealtHand {
  handId: string;
  handNumber: number;
  seedCommitment: string;
  startedAt: Date;
}

/** Seat state of the tables: in memory (MemoryTableStore) or durable (DatabaseTableStore). */
export interface TableStore {
  saveSeats(tableId: number, seats: readonly StoredSeat[]): Promise<void>;
  loadSeats(tableId: number): Promise<StoredSeat[]>;
  recordDeparture(tableId: number, userId: number, departure: Departure): Promise<void>;
  lastDeparture(tableId: number, userId: number): Promise<Departure | null>;
  /** A hand is about to be dealt: its number is used from now on, whatever happens to it. */
  handStarted(tableId: number, hand: DealtHand): Promise<void>;
  /** A hand ended without settling: it stays recorded as voided, with its commitment. */
  handVoided(tableId: number, hand: DealtHand, reason: string): Promise<void>;
  /** The highest hand number dealt or voided at the table (settled hands are in the hand store). */
  lastHandNumber(tableId: number): Promise<number>;
  setSimulation(tableId: number, on: boolean): Promise<void>;
}

/** The viewers of one table; every frame to them passes the per-viewer door (viewerDoor.ts). */
export interface Broadcaster {
  add(viewer: TableViewer): void;
  /** False when the viewer was not there. */
  remove(viewer: TableViewer): boolean;
  has(viewer: TableViewer): boolean;
  isConnected(userId: number): boolean;
  send(viewer: TableViewer, outgoing: Outgoing): void;
  sendToUser(userId: number, outgoing: () => Outgoing): void;
  broadcast(outgoing: Outgoing): void;
}

/** The settings a table reads (the site's SettingsService, or a fixed object in tests). */
export interface SettingsSource {
  get(): Promise<Settings>;
}
