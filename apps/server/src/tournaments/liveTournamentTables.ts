// The director's tables for real: each one an ordinary TableRuntime in tournament mode
// (tables/runtime/tournamentMode.ts), reached by players and spectators like any table. The director
// speaks the TournamentTables port (ports.ts); this turns each call into the table's own queued step,
// so calls reach a table in the order the director made them.
import type { Level } from '@tenger/engine';
import type { Logger } from 'pino';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.js';
import { HandStore } from '../hands/handStore.js';
import type { TableRegistry } from '../tables/runtime/tableRegistry.js';
import type { TableRow, TableCatalogue } from '../tables/tableCatalogue.js';
import type { TableRuntime } from '../tables/runtime/tableRuntime.js';
import { TournamentTableMode } from '../tables/runtime/tournamentMode.js';
import type {
  HandReport,
  MissedHand,
  SeatAssignment,
  TournamentFinish,
  TournamentStandings,
  TournamentTables,
} from './ports.js';
import { TournamentTableStore } from './tournamentTableStore.js';

/** Where tournament tables come from: a table row and a runtime for it (production: the database and the registry). */
export interface TournamentTableHost {
  /** A new table row for the tournament's table number `tableNumber`, opening at `level`. */
  createTable(tournamentId: number, tableNumber: number, level: Level): Promise<TableRow>;
  /**
   * A runtime for the row in tournament mode, reachable by its viewers. `resumed`: the table ran in a
   * process that stopped; the hand it had in play is voided (its number never dealt again).
   */
  startRuntime(
    row: TableRow,
    mode: TournamentTableMode,
    resumed?: 'restart' | 'takeover',
  ): Promise<TableRuntime>;
  /** The row of an open table of the tournament (a resumed table), or null when it is gone. */
  existingTable(tableId: number): Promise<TableRow | null>;
  /** Hands the table settled after `afterHand` (in the hand store), oldest first. */
  missedHands?(tableId: number, afterHand: number): Promise<MissedHand[]>;
  /** The table is closed: forget its runtime (and its row). */
  retire(tableId: number): Promise<void>;
  /** This process stops running the table (its row stays: another process resumes it). */
  letGo?(tableId: number): Promise<void>;
  logger: Logger;
}

interface LiveTable {
  runtime: TableRuntime;
  mode: TournamentTableMode;
  name: string;
}

/** What the tables show of the whole tournament, read from its director (director.ts). */
export interface TournamentNews {
  standings(): TournamentStandings;
  finishOf(userId: number): TournamentFinish | null;
  /** The bounty on a player's head; undefined when the tournament has no bounties. */
  bountyOf?(userId: number): number | undefined;
}

export class LiveTournamentTables implements TournamentTables {
  private readonly live = new Map<number, LiveTable>();
  private level: Level | null = null;
  /** The director's handFinished (set once the director exists: it takes these tables in its ports). */
  onHand: (report: HandReport) => Promise<void> = async () => {};
  /** A player was seated at one of these tables (the service drives its bots from here). */
  onSeated: (runtime: TableRuntime, player: SeatAssignment) => void = () => {};
  /** The director, read for the standings and finishes the tables show (set with onHand). */
  news: TournamentNews | null = null;
  /** The table each player sat at last (a move is announced there; it may have closed since). */
  private readonly lastTable = new Map<number, { tableId: number; runtime: TableRuntime }>();
  /** What each table was last told (the standings, and in a knockout its seats' bounties). */
  private readonly shownStandings = new Map<number, string>();
  private standingsDue = false;

  constructor(
    private readonly host: TournamentTableHost,
    /** The first hand's button among the occupied seats (node:crypto unless a test scripts it). */
    private readonly drawButton?: (seats: readonly number[]) => number,
  ) {}

  async open(
    tournamentId: number,
    tableNumber: number,
    seats: readonly SeatAssignment[],
    level: Level,
  ): Promise<number> {
    this.level = level;
    const row = await this.host.createTable(tournamentId, tableNumber, level);
    await this.run(tournamentId, row, seats, this.modeFor(tournamentId, row.id, level));
    return row.id;
  }

  async resume(
    tournamentId: number,
    table: { tableId: number; tableNumber: number; lastBigBlindSeat: number | null },
    seats: readonly SeatAssignment[],
    level: Level,
  ): Promise<void> {
    this.level = level;
    const row = await this.host.existingTable(table.tableId);
    if (!row) throw new Error(`tournament ${tournamentId}: table ${table.tableId} is gone`);
    const mode = this.modeFor(tournamentId, row.id, level);
    mode.lastBigBlindSeat = table.lastBigBlindSeat;
    await this.run(tournamentId, row, seats, mode, 'restart');
  }

  async missedHands(tableId: number, afterHand: number): Promise<MissedHand[]> {
    return (await this.host.missedHands?.(tableId, afterHand)) ?? [];
  }

  private modeFor(tournamentId: number, tableId: number, level: Level): TournamentTableMode {
    return new TournamentTableMode(
      tournamentId,
      level,
      (report) => {
        this.onHand({ tableId, ...report }).catch((err: unknown) =>
          this.host.logger.error({ err, tableId, tournamentId }, 'the director could not take a hand'),
        );
      },
      this.drawButton,
    );
  }

  private async run(
    _tournamentId: number,
    row: TableRow,
    seats: readonly SeatAssignment[],
    mode: TournamentTableMode,
    resumed?: 'restart' | 'takeover',
  ): Promise<void> {
    const runtime = await this.host.startRuntime(row, mode, resumed);
    const table = { runtime, mode, name: row.name };
    this.live.set(row.id, table);
    if (this.news) mode.standings = this.standingsAt(runtime, this.news.standings());
    for (const seat of seats) await this.seat(row.id, table, seat);
  }

  seatPlayer(tableId: number, player: SeatAssignment): void {
    const table = this.table(tableId);
    if (table) this.step(tableId, this.seat(tableId, table, player));
    // A knockout's table shows the newcomer's bounty.
    if (this.news?.bountyOf) this.standingsChanged();
  }

  addChips(tableId: number, userId: number, chips: number): void {
    const table = this.table(tableId);
    if (table) this.step(tableId, table.runtime.addTournamentChips(userId, chips));
    // A rebuy or add-on puts a new bounty on the head.
    if (this.news?.bountyOf) this.standingsChanged();
  }

  /** A move (the director seats the player elsewhere next) or a finish: the player's table is told which. */
  removePlayer(tableId: number, userId: number): void {
    const table = this.table(tableId);
    if (!table) return;
    this.step(tableId, table.runtime.takeTournamentPlayer(userId));
    const finished = this.news?.finishOf(userId);
    if (finished) {
      table.runtime.announceTournamentExit(userId, { finished });
      this.lastTable.delete(userId);
    }
    this.standingsChanged();
  }

  close(tableId: number, reason: 'broken' | 'finished' | 'cancelled'): void {
    const table = this.table(tableId);
    if (!table) return;
    this.live.delete(tableId);
    this.shownStandings.delete(tableId);
    this.step(
      tableId,
      table.runtime.closeTournamentTable(reason).then(() => this.host.retire(tableId)),
    );
  }

  setLevel(level: Level): void {
    this.level = level;
    // A queued step of each table: the next deal reads it, a hand in play keeps its blinds.
    for (const [tableId, table] of this.live) this.step(tableId, table.runtime.setTournamentLevel(level));
    this.standingsChanged();
  }

  release(tableId: number): void {
    const table = this.table(tableId);
    if (table) this.step(tableId, table.runtime.releaseTournamentHand());
    this.standingsChanged();
  }

  showStandings(): void {
    this.standingsChanged();
  }

  lastBigBlindSeat(tableId: number): number | null {
    return this.live.get(tableId)?.mode.lastBigBlindSeat ?? null;
  }

  /**
   * This process lets the tables go (a shutdown, or the director's lease passed to another process):
   * each runtime stops where it is, its row stays; a hand in play is voided by whoever resumes them.
   */
  stopAll(): void {
    for (const [tableId, table] of this.live) {
      if (this.host.letGo) this.step(tableId, this.host.letGo(tableId));
      else table.runtime.stop();
    }
    this.live.clear();
  }

  /** The live runtimes (tests drive their players through them; the admin watches them). */
  runtimes(): TableRuntime[] {
    return [...this.live.values()].map((t) => t.runtime);
  }

  get currentLevel(): Level | null {
    return this.level;
  }

  /**
   * Seats a player; one who sat at another table is told there where to go (before this seat is taken:
   * the seat step is queued here already, so the client that follows finds it).
   */
  private async seat(tableId: number, table: LiveTable, player: SeatAssignment): Promise<void> {
    const from = this.lastTable.get(player.userId);
    this.lastTable.set(player.userId, { tableId, runtime: table.runtime });
    const seated = table.runtime.seatTournamentPlayer(player, player.seat, player.stack);
    if (from && from.tableId !== tableId) {
      const movedTo = { tableId, tableName: table.name, seat: player.seat };
      from.runtime.announceTournamentExit(player.userId, { movedTo });
    }
    await seated;
    this.onSeated(table.runtime, player);
  }

  /**
   * The director changed something its tables show. Read once the director's step has gone on (a
   * microtask later): a new level's end time is set just after `setLevel`, several busts come in a row.
   * Every table is told only when what they show changed.
   */
  private standingsChanged(): void {
    if (!this.news || this.standingsDue) return;
    this.standingsDue = true;
    if (this.live.size > STANDINGS_EVERY_TABLES) {
      // A big field: every bust changes what each of hundreds of tables shows (players left, average
      // stack); they are told at most once every STANDINGS_EVERY_MS, not once per bust.
      setTimeout(() => this.tellStandings(), STANDINGS_EVERY_MS).unref();
      return;
    }
    queueMicrotask(() => this.tellStandings());
  }

  /** Every table shown the standings as it sees them, when they changed for it. */
  private tellStandings(): void {
    this.standingsDue = false;
    const standings = this.news!.standings();
    const shown = JSON.stringify(standings);
    for (const [tableId, table] of this.live) {
      const here = this.standingsAt(table.runtime, standings);
      const told = here === standings ? shown : JSON.stringify(here);
      if (this.shownStandings.get(tableId) === told) continue;
      this.shownStandings.set(tableId, told);
      this.step(tableId, table.runtime.setTournamentStandings(here));
    }
  }

  /** The standings as one table shows them: in a progressive knockout with its seats' bounties. */
  private standingsAt(runtime: TableRuntime, standings: TournamentStandings): TournamentStandings {
    const bountyOf = this.news?.bountyOf?.bind(this.news);
    if (!bountyOf || bountyOf(0) === undefined) return standings;
    const bounties = runtime.seatList().map((s) => ({ userId: s.userId, bounty: bountyOf(s.userId) ?? 0 }));
    return { ...standings, bounties };
  }

  private table(tableId: number): LiveTable | undefined {
    const table = this.live.get(tableId);
    if (!table) this.host.logger.warn({ tableId }, 'no such tournament table here');
    return table;
  }

  private step(tableId: number, work: Promise<unknown>): void {
    work.catch((err: unknown) => this.host.logger.error({ err, tableId }, 'a tournament table step failed'));
  }
}

/**
 * More open tables than this: the standings reach the tables at most once every STANDINGS_EVERY_MS
 * (with fewer, a microtask after each change, as the tests and a small tournament see them).
 */
export const STANDINGS_EVERY_TABLES = 24;
export const STANDINGS_EVERY_MS = 1_000;

/** Reads a stored hand's report (TournamentTableMode.report needs none of a live table's state). */
const REPORTER = new TournamentTableMode(
  0,
  { level: 1, smallBlind: 1, bigBlind: 2, ante: 0, anteKind: 'big-blind', seconds: 1, isBreak: false },
  () => undefined,
);

/** What a tournament's tables are like (from its row in `tournaments`). */
export interface TournamentTableSettings {
  name: string;
  variant: TableRow['variant'];
  betting: TableRow['betting'];
  startingStack: number;
  tableSize: number;
  actionSeconds: number;
}

/** Production: rows in poker_tables marked with the tournament, runtimes hosted by the table registry. */
export function registryTableHost(
  registry: Pick<TableRegistry, 'hostTournamentTable' | 'retireTournamentTable'> &
    Partial<Pick<TableRegistry, 'letGoTournamentTable'>>,
  tables: Pick<TableCatalogue, 'createTournamentTable' | 'find'>,
  settings: TournamentTableSettings,
  logger: Logger,
  /** The database: the tables' hands in play are written there (a crash voids them; numbers only grow). */
  db?: Database,
): TournamentTableHost {
  const store = db ? new TournamentTableStore(db) : undefined;
  const hands = db ? new HandStore(db) : undefined;
  return {
    createTable: (tournamentId, tableNumber, level) =>
      tables.createTournamentTable({
        tournamentId,
        name: `${settings.name} · ${tableNumber}`,
        variant: settings.variant,
        betting: settings.betting,
        smallBlind: level.smallBlind,
        bigBlind: level.bigBlind,
        startingStack: settings.startingStack,
        maxPlayers: settings.tableSize,
        actionTimeSeconds: settings.actionSeconds,
      }),
    startRuntime: async (row, mode, resumed) => {
      if (!store || !hands) return registry.hostTournamentTable(row, mode);
      const voided = resumed ? await store.voidUnsettledHand(row.id, resumed) : null;
      if (voided !== null) logger.info({ tableId: row.id, voided }, 'voided a tournament hand cut short');
      const [settled, dealt] = await Promise.all([
        hands.lastHandNumber(row.id),
        store.lastHandNumber(row.id),
      ]);
      return registry.hostTournamentTable(row, mode, { store, lastHandNumber: Math.max(settled, dealt) });
    },
    existingTable: (tableId) => tables.find(tableId),
    missedHands: async (tableId, afterHand) => {
      if (!db || !hands) return [];
      const rows = await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM hands WHERE table_id = ${tableId} AND hand_number > ${afterHand} ORDER BY hand_number`,
      );
      const missed: MissedHand[] = [];
      for (const { id } of rows) {
        const hand = await hands.get(id);
        if (!hand) continue;
        const users = new Map(hand.players.map((p) => [p.seat, p.userId]));
        const report = REPORTER.report(hand.record, (seat) => users.get(seat) ?? 0);
        missed.push({ tableId, ...report, bigBlindSeat: hand.record.bigBlindSeat });
      }
      return missed;
    },
    retire: (tableId) => registry.retireTournamentTable(tableId),
    letGo: async (tableId) => registry.letGoTournamentTable?.(tableId),
    logger,
  };
}
