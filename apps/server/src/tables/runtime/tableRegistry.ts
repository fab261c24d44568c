// The live tables of this process (the TableLayer): one TableRuntime per table, created when first
// needed and wired to its ports (system clock, the ledger as bank, the seat store, the viewers of
// this process); the simulation director; crash recovery at start-up; jackpot pushes.
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryRows, type Database } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { HandStore } from '../../hands/handStore.js';
import type { Ledger } from '../../ledger/ledger.js';
import type { SettingsService } from '../../settings/settingsService.js';
import type { DrainResult, LiveTable, TableLayer, TableSessionState } from '../tableLayer.js';
import type { TableRow, TableService } from '../tableService.js';
import { systemClock } from './clock.js';
import { LedgerBank } from './ledgerBank.js';
import type { Clock, TableBank, TableStore, UserProfile } from './ports.js';
import { DatabaseTableStore } from './databaseTableStore.js';
import { cashOutLeftoverSeats, restoreSeats } from './recovery.js';
import { DatabaseBotRoster } from './simulation/botRoster.js';
import { seededRandom } from './simulation/botPlayer.js';
import { SimulationDirector } from './simulation/director.js';
import { TableRuntime } from './tableRuntime.js';
import { MemoryTableStore } from './tableStore.js';
import { DEFAULT_TIMING, type RuntimeTiming } from './timing.js';

export interface RegistryDeps {
  db: Database;
  ledger: Ledger;
  settings: SettingsService;
  tables: TableService;
  logger: Logger;
}

export interface RegistryOptions {
  timing?: Partial<RuntimeTiming>;
  /** Bots' pause before each decision, ms. */
  botPauseMs?: [number, number];
  /** Seeds the bots' decisions (tests); otherwise random. */
  botSeed?: number;
  clock?: Clock;
  /** Keep seats, the hand in play and simulation in the database (players stay seated through a restart). */
  durableSeats?: boolean;
}

const JACKPOT_PUSH_DEBOUNCE_MS = 250;
const HUMAN_BOT_PAUSE_MS: [number, number] = [900, 3500];

export class TableRegistry implements TableLayer {
  readonly hands: HandStore;
  private readonly runtimes = new Map<number, Promise<TableRuntime | null>>();
  /** Runtimes already built, for the synchronous lobby calls. */
  private readonly built = new Map<number, TableRuntime>();
  private readonly timing: RuntimeTiming;
  private readonly clock: Clock;
  private readonly bank: TableBank;
  private readonly store: TableStore;
  private readonly durable: DatabaseTableStore | null;
  private readonly simulation: SimulationDirector;
  private closed = false;
  /** Set by drain(): the shutdown's limit, for tables opened while it runs. */
  private drainLimitMs: number | null = null;
  private jackpotTimer: NodeJS.Timeout | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly deps: RegistryDeps,
    options: RegistryOptions = {},
  ) {
    this.hands = new HandStore(deps.db);
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.clock = options.clock ?? systemClock;
    this.bank = new LedgerBank(deps.ledger, this.hands);
    this.durable = options.durableSeats ? new DatabaseTableStore(deps.db) : null;
    this.store = this.durable ?? new MemoryTableStore();
    this.simulation = new SimulationDirector(new DatabaseBotRoster(deps.db), this.clock, deps.logger, {
      pauseMs: options.botPauseMs ?? HUMAN_BOT_PAUSE_MS,
      random: seededRandom(options.botSeed ?? randomInt(2 ** 31)),
      refillDelayMs: this.timing.nextHandDelayMs,
    });
    this.unsubscribe = deps.ledger.onPosted((result) => {
      if (result.jackpotChanged) this.jackpotMoved();
    });
  }

  /** Crash recovery before the server listens (see recovery.ts). */
  async start(): Promise<void> {
    const recovery = {
      db: this.deps.db,
      bank: this.bank,
      profile: (userId: number) => this.profile(userId),
      logger: this.deps.logger,
    };
    if (!this.durable) {
      await cashOutLeftoverSeats(recovery);
      return;
    }
    const tables = await this.deps.tables.list();
    const plan = await restoreSeats({ ...recovery, store: this.durable, tables });
    for (const [tableId, seats] of plan.seats) {
      const runtime = await this.runtime(tableId);
      if (!runtime) continue;
      await runtime.restore(seats);
      this.simulation.adopt(
        runtime,
        seats.filter((s) => s.profile.isBot).map((s) => s.profile.userId),
      );
    }
    for (const tableId of plan.simulating) {
      const runtime = await this.runtime(tableId);
      if (runtime) await this.simulation.start(runtime);
    }
  }

  async live(tableId: number): Promise<LiveTable | null> {
    return this.runtime(tableId);
  }

  /** The runtime of a table that exists (created on first use), or null. */
  runtime(tableId: number): Promise<TableRuntime | null> {
    if (this.closed) return Promise.resolve(null);
    let entry = this.runtimes.get(tableId);
    if (!entry) {
      entry = this.create(tableId);
      this.runtimes.set(tableId, entry);
      entry.then((r) => r ?? this.runtimes.delete(tableId)).catch(() => this.runtimes.delete(tableId));
    }
    return entry;
  }

  private async create(tableId: number): Promise<TableRuntime | null> {
    const table = (await this.deps.tables.list()).find((t) => t.id === tableId);
    if (!table) return null;
    const [settled, dealt, totals] = await Promise.all([
      this.hands.lastHandNumber(tableId),
      this.store.lastHandNumber(tableId),
      this.hands.tableTotals(tableId),
    ]);
    // Hand numbers only grow: a voided hand's number is never dealt again.
    const lastHandNumber = Math.max(settled, dealt);
    const runtime = new TableRuntime({
      table,
      bank: this.bank,
      store: this.store,
      clock: this.clock,
      settings: this.deps.settings,
      logger: this.deps.logger,
      timing: this.timing,
      profile: (userId) => this.profile(userId),
      lastHandNumber,
      handsPlayed: totals.hands,
      rakeTaken: totals.rake,
      onSeatsChanged: (r) => this.simulation.seatsChanged(r),
    });
    await runtime.init();
    this.built.set(tableId, runtime);
    if (this.drainLimitMs !== null) void runtime.drain(this.drainLimitMs);
    return runtime;
  }

  async session(tableId: number): Promise<TableSessionState> {
    const simulation = this.simulation.isSimulating(tableId);
    const runtime = await this.runtime(tableId);
    if (!runtime) return { status: 'waiting', simulation, handNumber: null, seats: [] };
    const hand = runtime.publicHand();
    const totals = runtime.totals;
    return {
      status: runtime.isPlaying ? 'playing' : 'waiting',
      simulation,
      handNumber: hand?.handNumber ?? null,
      seats: runtime.seatList().map((s) => ({
        seat: s.seat,
        userId: s.userId,
        username: s.username,
        stack: s.stack,
        isBot: s.isBot,
        sittingOut: s.sittingOut,
        connected: s.connected,
        status: s.status,
      })),
      handsPlayed: totals.handsPlayed,
      rakeTaken: totals.rakeTaken,
      board: hand?.board ?? [],
      pots: hand?.pots ?? [],
    };
  }

  async kick(tableId: number, userId: number): Promise<boolean> {
    const runtime = await this.runtime(tableId);
    return runtime ? runtime.kick(userId) : false;
  }

  /** A blocked or deleted user leaves every table: folded now, stood up after the hand, cashed out. */
  async removePlayer(userId: number, reason: 'blocked' | 'deleted'): Promise<void> {
    for (const runtime of [...this.built.values()]) {
      if (!runtime.hasSeated(userId)) continue;
      if (await runtime.removePlayer(userId).catch(() => false))
        this.deps.logger.info({ tableId: runtime.tableId, userId, reason }, 'removed a player from a table');
    }
  }

  async startSimulation(tableId: number): Promise<void> {
    if (this.drainLimitMs !== null)
      throw new AppError(503, 'server_restarting', 'The server is restarting: try again in a minute');
    const runtime = await this.runtime(tableId);
    if (!runtime) return;
    await this.store.setSimulation(tableId, true);
    await this.simulation.start(runtime);
  }

  async stopSimulation(tableId: number): Promise<void> {
    await this.store.setSimulation(tableId, false);
    await this.simulation.stop(tableId, (await this.runtimes.get(tableId)) ?? null);
  }

  async seatedCounts(): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    for (const [tableId, entry] of this.runtimes) {
      const runtime = await entry;
      if (runtime && runtime.seatedCount > 0) counts.set(tableId, runtime.seatedCount);
    }
    return counts;
  }

  isPlaying(tableId: number): boolean {
    return this.built.get(tableId)?.isPlaying ?? false;
  }

  isSimulating(tableId: number): boolean {
    return this.simulation.isSimulating(tableId);
  }

  onTableChanged(tableId: number, table: TableRow | null): void {
    if (table === null) {
      this.simulation.forget(tableId);
      this.store.setSimulation(tableId, false).catch(() => undefined);
    }
    const entry = this.runtimes.get(tableId);
    if (!entry) return;
    void entry
      .then(async (runtime) => {
        if (!runtime) return;
        await runtime.updateTable(table);
        if (table === null) {
          this.runtimes.delete(tableId);
          this.built.delete(tableId);
        }
      })
      .catch((error: unknown) => this.deps.logger.error({ err: error, tableId }, 'table change failed'));
  }

  /** Graceful shutdown: every table drains at once (drain.ts); bots play on but fill no seat. */
  async drain(limitMs: number): Promise<DrainResult[]> {
    this.drainLimitMs = limitMs;
    this.simulation.hold();
    const runtimes = await Promise.all([...this.runtimes.values()].map((e) => e.catch(() => null)));
    return Promise.all(runtimes.flatMap((r) => (r ? [r.drain(limitMs)] : [])));
  }

  /** Stops every table (a running hand is void: its stacks are still in the seat accounts). */
  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    if (this.jackpotTimer) clearTimeout(this.jackpotTimer);
    this.simulation.close();
    for (const entry of this.runtimes.values()) (await entry.catch(() => null))?.stop();
    this.runtimes.clear();
    this.built.clear();
  }

  /** The jackpot changed somewhere: read it once (debounced) and tell every table. */
  private jackpotMoved(): void {
    if (this.jackpotTimer || this.closed) return;
    this.jackpotTimer = setTimeout(() => {
      this.jackpotTimer = null;
      void this.deps.ledger
        .jackpotAmount()
        .then((amount) => {
          for (const runtime of this.built.values()) runtime.jackpotChanged(amount);
        })
        .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'could not read the jackpot'));
    }, JACKPOT_PUSH_DEBOUNCE_MS);
  }

  private async profile(userId: number): Promise<UserProfile | null> {
    const [row] = await queryRows<{
      id: number;
      username: string;
      is_bot: boolean;
      status: string;
      role: string;
    }>(this.deps.db, sql`SELECT id, username, is_bot, status, role FROM users WHERE id = ${userId}`);
    if (!row) return null;
    return {
      userId: Number(row.id),
      username: row.username,
      isBot: row.is_bot,
      active: row.status === 'active',
      role: row.role === 'ADMIN' ? 'ADMIN' : 'PLAYER',
    };
  }
}
