import type { TableStatus } from '@tenger/protocol';
import type { TableRow } from './tableService.js';

export interface SeatState {
  seat: number;
  userId: number;
  username: string;
  stack: number;
  isBot: boolean;
  sittingOut: boolean;
}

export interface TableSessionState {
  status: Exclude<TableStatus, 'closed'>;
  simulation: boolean;
  handNumber: number | null;
  seats: SeatState[];
}

/**
 * The seam between the HTTP API and live tables. The routes call only this; the table runtime
 * (another module) implements it. `IdleTableLayer` is the first implementation: it runs no hands
 * and reports each table from the database.
 */
export interface TableLayer {
  /** Seats, stacks and state of one table's game session. */
  session(tableId: number): Promise<TableSessionState>;
  /** Removes a player from a table, returning their chips to their balance; false if not seated. */
  kick(tableId: number, userId: number): Promise<boolean>;
  startSimulation(tableId: number): Promise<void>;
  stopSimulation(tableId: number): Promise<void>;
  /** Players seated per table, for the lobby (must be cheap: the lobby polls it). */
  seatedCounts(): Promise<Map<number, number>>;
  /** Whether a hand is running at the table, for the lobby status. */
  isPlaying(tableId: number): boolean;
  isSimulating(tableId: number): boolean;
  /** An admin created or changed a table (row) or deleted it (null). */
  onTableChanged(tableId: number, table: TableRow | null): void;
  /** Stops timers and bots; called on server shutdown. */
  close(): Promise<void>;
}
