import type { TableClientMessage, TableServerMessage, TableStatus, TableWaitlist } from '@tenger/protocol';
import type { AuditActor } from '../audit/auditLog.js';
import type { TableRow } from './tableCatalogue.js';

export interface SeatState {
  seat: number;
  userId: number;
  username: string;
  stack: number;
  isBot: boolean;
  sittingOut: boolean;
  /** Live tables only: whether the player has the table open, and the seat's state. */
  connected?: boolean;
  status?: 'playing' | 'waiting' | 'sitting-out' | 'leaving';
}

export interface TableSessionState {
  status: Exclude<TableStatus, 'closed'>;
  simulation: boolean;
  handNumber: number | null;
  seats: SeatState[];
  /** Live tables only: hands settled, rake taken, and the running hand's public board and pots. */
  handsPlayed?: number;
  rakeTaken?: number;
  board?: string[];
  pots?: { amount: number; eligible: number[] }[];
  /** The process running the table (NODE_ID). */
  owner?: string;
}

/** How one table came out of a graceful shutdown's drain (tables/runtime/drain.ts). */
export interface DrainResult {
  tableId: number;
  /** No hand was running, the running hand settled, or the drain limit voided it. */
  outcome: 'idle' | 'settled' | 'voided';
  /** The hand running when the drain began, if any. */
  handNumber: number | null;
}

/** Why a player is taken off every table (logged). */
export type RemovalReason = 'blocked' | 'deleted' | 'excluded' | 'session_limit' | 'left';

/** A connection watching a live table (a socket, a bot). `userId` null = spectator. */
export interface TableViewer {
  userId: number | null;
  send(message: TableServerMessage): void;
  /**
   * The same as send, for a frame that several viewers get: `encoded` is `message` as JSON text in
   * UTF-8, serialised once for all of them (sockets send these bytes). Optional: send is used without.
   */
  sendEncoded?(message: TableServerMessage, encoded: Buffer): void;
}

/** What the table channel needs of a live table (see tables/runtime/tableRuntime.ts). */
export interface LiveTable {
  join(viewer: TableViewer): void;
  leave(viewer: TableViewer): void;
  /** The viewer authenticated as `userId`. */
  identify(viewer: TableViewer, userId: number): void;
  resume(viewer: TableViewer, lastSeq: number): void;
  handle(viewer: TableViewer, message: TableClientMessage): Promise<unknown>;
}

/**
 * The seam between the HTTP API and live tables. The routes call only this; the table registry
 * (tables/runtime/tableRegistry.ts) implements it.
 */
export interface TableLayer {
  /** Seats, stacks and state of one table's game session. */
  session(tableId: number): Promise<TableSessionState>;
  /**
   * Removes a player from a table, returning their chips to their balance; false if not seated. Given
   * the administrator who asked, the audit row is written once it has succeeded.
   */
  /** `reason`: the administrator's words, shown to the player and kept in the audit row. */
  kick(tableId: number, userId: number, actor?: AuditActor, reason?: string): Promise<boolean>;
  /**
   * A blocked, deleted or excluded user (or one whose session limit passed, or who chose "Leave tables"),
   * at every table where they sit: folded at once if in a hand, stood up when the hand ends and cashed out
   * to their balance. Resolves once every table has taken it in.
   */
  removePlayer(userId: number, reason: RemovalReason): Promise<void>;
  /** Bots fill the table; given the administrator who asked, audited once it has started. */
  startSimulation(tableId: number, actor?: AuditActor): Promise<void>;
  /** The bots leave when the hand ends; given the administrator who asked, audited. */
  stopSimulation(tableId: number, actor?: AuditActor): Promise<void>;
  /** Players seated per table, for the lobby (must be cheap: the lobby polls it). */
  seatedCounts(): Promise<Map<number, number>>;
  /** The waiting lists of the tables where anyone waits, for the lobby (cheap: the lobby polls it). */
  waitlists(): Map<number, TableWaitlist>;
  /**
   * The player joins (or leaves) the table's waiting list, as the table channel's WAITLIST does; a
   * refusal (a seat is free, already seated, no such table…) is thrown as a DomainError.
   */
  waitlist(tableId: number, userId: number, join: boolean): Promise<void>;
  /** Whether a hand is running at the table, for the lobby status. */
  isPlaying(tableId: number): boolean;
  isSimulating(tableId: number): boolean;
  /** An admin created or changed a table (row) or deleted it (null). */
  onTableChanged(tableId: number, table: TableRow | null): void;
  /** Stops timers and bots; called on server shutdown. */
  close(): Promise<void>;
  /**
   * Graceful shutdown (SIGTERM): every table deals no new hand and seats nobody; resolves once each
   * running hand has settled (or, past `limitMs`, was voided as on a crash) and the seats are saved.
   */
  drain?(limitMs: number): Promise<DrainResult[]>;
  /** Start-up work (crash recovery) before the server listens. */
  start?(): Promise<void>;
  /** The live table behind /ws/table/{tableId}, or null (unknown table, or no live runtime). */
  live?(tableId: number): Promise<LiveTable | null>;
}
