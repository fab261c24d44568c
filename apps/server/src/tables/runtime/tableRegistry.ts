// The live tables of this process (the TableLayer): one TableRuntime per table, created when first
// needed and wired to its ports (system clock, the ledger as bank, the seat store, the viewers of
// this process); the simulation director; crash recovery at start-up; jackpot pushes.
import type { TableWaitlist } from '@tenger/protocol';
import { randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import { recordAudit, type AuditActor } from '../../audit/auditLog.js';
import type { ClusterBus } from '../../cluster/clusterBus.js';
import { LocalLeases, type TableLeases } from '../../cluster/tableLeases.js';
import type { Database } from '../../db/client.js';
import { AppError, DomainError } from '../../errors.js';
import { HandStore } from '../../hands/handStore.js';
import type { Ledger } from '../../ledger/ledger.js';
import type { SettingsService } from '../../settings/settingsService.js';
import type { DrainResult, LiveTable, RemovalReason, TableLayer, TableSessionState } from '../tableLayer.js';
import type { TableRow, TableCatalogue } from '../tableCatalogue.js';
import { clusterClaimLoop, type ClusterTables } from '../cluster/clusterTables.js';
import { TableOwnership } from '../cluster/tableOwnership.js';
import { systemClock } from './clock.js';
import { LedgerBank } from './ledgerBank.js';
import type { DeckSource } from './fairness.js';
import type { Clock, TableBank, TableStore, UserProfile } from './ports.js';
import { DatabaseTableStore } from './databaseTableStore.js';
import { cashOutLeftoverSeats, restoreSeats } from './recovery.js';
import { DatabaseBotRoster } from './simulation/botRoster.js';
import { seededRandom } from './simulation/botPlayer.js';
import { SimulationDirector } from './simulation/director.js';
import { loadProfile, sessionOf } from './sessionState.js';
import { TableRuntime, type Reply } from './tableRuntime.js';
import { TournamentChipBank } from './tournamentChipBank.js';
import type { TournamentTableMode } from './tournamentMode.js';
import { MemoryTableStore } from './memoryTableStore.js';
import { DEFAULT_TIMING, type RuntimeTiming } from './timing.js';

export interface RegistryDeps {
  db: Database;
  ledger: Ledger;
  settings: SettingsService;
  tables: TableCatalogue;
  logger: Logger;
  /** The site's processes (services.cluster); without it this process owns every table. */
  cluster?: { nodeId: string; shared: boolean; bus: ClusterBus; leases: TableLeases; leaseTtlMs: number };
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
  /** Several processes: how often to look for tables nobody runs (ms). */
  claimMs?: number;
  /**
   * Tests only (a test server's own construction, testing/scriptedDeckServer.ts): each table's deck
   * source. Absent in production (main.ts): NextDeal, the committed node:crypto deal.
   */
  deckSource?: (tableId: number) => DeckSource;
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
  /** Crash recovery of one process at start-up (no lease is held yet; no other process exists). */
  private readonly startupBank: TableBank;
  private readonly store: TableStore;
  private readonly durable: DatabaseTableStore | null;
  private readonly simulation: SimulationDirector;
  private closed = false;
  /** Set by drain(): the shutdown's limit, for tables opened while it runs. */
  private drainLimitMs: number | null = null;
  private jackpotTimer: NodeJS.Timeout | null = null;
  private readonly unsubscribe: () => void;
  /** The leases of the tables run here, and their fencing tokens. */
  readonly ownership: TableOwnership;
  /** Several processes (REDIS_URL): the relay, admin calls and takeovers; null for one process. */
  readonly cluster: ClusterTables | null;

  constructor(
    private readonly deps: RegistryDeps,
    private readonly options: RegistryOptions = {},
  ) {
    this.hands = new HandStore(deps.db);
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.clock = options.clock ?? systemClock;
    const leases = deps.cluster?.leases ?? new LocalLeases(deps.db, 'local');
    const ttl = deps.cluster?.leaseTtlMs;
    this.ownership = new TableOwnership(
      leases,
      {
        lost: (tableId) => this.lost(tableId),
        warn: (err, message) => deps.logger.warn({ err }, message),
      },
      ttl ? Math.min(2_500, Math.floor(ttl / 3)) : undefined,
      ttl,
    );
    this.bank = new LedgerBank(deps.db, deps.ledger, this.hands, this.ownership.fence);
    this.startupBank = new LedgerBank(deps.db, deps.ledger, this.hands);
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
    this.cluster = deps.cluster?.shared
      ? clusterClaimLoop(this, deps.cluster.bus, deps.logger, {
          claimMs: options.claimMs ?? 2_000,
          silenceMs: Math.max(deps.cluster.leaseTtlMs, 4_000),
        })
      : null;
  }

  /** A test server's deck source for the table (RegistryOptions.deckSource); nothing in production. */
  private scriptedDeck(tableId: number): { deckSource?: DeckSource } {
    return this.options.deckSource ? { deckSource: this.options.deckSource(tableId) } : {};
  }

  /** Crash recovery before the server listens (see recovery.ts). */
  async start(): Promise<void> {
    const recovery = this.recovery();
    if (this.cluster) {
      // Several processes: each table is recovered by the process that takes it (create()).
      await this.cluster.start();
      return;
    }
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
    return this.cluster ? this.cluster.relay.route(tableId) : this.runtime(tableId);
  }

  async hasTable(tableId: number): Promise<boolean> {
    return (await this.deps.tables.find(tableId)) !== null;
  }

  /** Tables that must run somewhere (seated players, simulation), for the cluster's claim loop. */
  async tablesWanted(): Promise<number[]> {
    const tables = new Set((await this.deps.tables.list()).map((t) => t.id));
    return ((await this.durable?.wantedTables()) ?? []).filter((id) => tables.has(id));
  }

  /** The runtime of a table run by this process now (no lease taken). */
  localRuntime(tableId: number): TableRuntime | null {
    return this.built.get(tableId) ?? null;
  }

  /**
   * The runtime of a table that exists (created on first use, under its lease), or null: no such
   * table, or (several processes) another process runs it.
   */
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
    const table = await this.deps.tables.find(tableId);
    // A tournament's table runs only as its director hosts it (hostTournamentTable), never as a cash table.
    if (!table || table.tournamentId !== null) return null;
    if (!(await this.ownership.acquire(tableId))) return null;
    try {
      return await this.build(table);
    } catch (error) {
      await this.ownership.release(tableId);
      throw error;
    }
  }

  private async build(table: TableRow): Promise<TableRuntime | null> {
    const tableId = table.id;
    // Several processes: a table taken over is recovered as after a crash (recovery.ts), alone.
    const recovered =
      this.cluster && this.durable
        ? await restoreSeats({ ...this.recovery(), store: this.durable, tables: [table], only: tableId })
        : null;
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
      leaseHeld: () => this.ownership.current(tableId),
      audit: (entry) => recordAudit(this.deps.db, entry),
      ...this.scriptedDeck(tableId),
    });
    await runtime.init();
    this.built.set(tableId, runtime);
    if (recovered) {
      const seats = recovered.seats.get(tableId) ?? [];
      await runtime.restore(seats);
      this.simulation.adopt(
        runtime,
        seats.filter((s) => s.profile.isBot).map((s) => s.profile.userId),
      );
      if (recovered.simulating.includes(tableId)) await this.simulation.start(runtime);
    }
    if (this.drainLimitMs !== null) void runtime.drain(this.drainLimitMs);
    await this.cluster?.relay.host(tableId, runtime);
    return runtime;
  }

  /**
   * Runs a tournament's table here (tournamentMode.ts): chips, not money (its bank writes only the
   * hand records), seats kept by the director rather than the seat store. Reached like any table.
   */
  async hostTournamentTable(
    table: TableRow,
    tournament: TournamentTableMode,
    /** The table's store (the hand in play, for crash resume) and its last hand number (a resumed table). */
    options: { store?: TableStore; lastHandNumber?: number } = {},
  ): Promise<TableRuntime> {
    const runtime = new TableRuntime({
      table,
      bank: new TournamentChipBank((hand) =>
        this.deps.ledger.inTransaction(async (tx) => void (await this.hands.insert(tx, hand))),
      ),
      store: options.store ?? new MemoryTableStore(),
      clock: this.clock,
      settings: this.deps.settings,
      logger: this.deps.logger,
      timing: this.timing,
      profile: (userId) => this.profile(userId),
      lastHandNumber: options.lastHandNumber ?? 0,
      handsPlayed: 0,
      rakeTaken: 0,
      tournament,
      ...this.scriptedDeck(table.id),
    });
    // Several processes: the table runs here under its lease (the process that ran it before, dead,
    // lets it lapse within the lease time) and is reached from every process through the relay.
    if (this.cluster) {
      const deadline = Date.now() + 3 * (this.deps.cluster?.leaseTtlMs ?? 8_000);
      while (!(await this.ownership.acquire(table.id))) {
        if (Date.now() > deadline) throw new Error(`tournament table ${table.id} is run by another process`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    await runtime.init();
    this.built.set(table.id, runtime);
    this.runtimes.set(table.id, Promise.resolve(runtime));
    await this.cluster?.relay.host(table.id, runtime);
    return runtime;
  }

  /** The tournament is done with the table: forget its runtime and retire its row. */
  async retireTournamentTable(tableId: number): Promise<void> {
    await this.letGoTournamentTable(tableId);
    await this.deps.tables.remove(tableId);
  }

  /** This process stops running a tournament table (its director went elsewhere); the row stays. */
  async letGoTournamentTable(tableId: number): Promise<void> {
    this.built.get(tableId)?.stop();
    this.built.delete(tableId);
    this.runtimes.delete(tableId);
    this.cluster?.relay.unhost(tableId);
    await this.ownership.release(tableId);
  }

  private recovery() {
    return {
      db: this.deps.db,
      // One process recovers every table at start-up, before it holds any lease: it is the only owner
      // there is. Several processes recover one table at a time, under its lease: fenced like any move.
      bank: this.cluster ? this.bank : this.startupBank,
      profile: (userId: number) => this.profile(userId),
      logger: this.deps.logger,
    };
  }

  /** The lease of a table run here was lost: it stops at once (no new deal, no settlement). */
  private lost(tableId: number): void {
    const runtime = this.built.get(tableId);
    this.built.delete(tableId);
    this.runtimes.delete(tableId);
    runtime?.stop();
    this.simulation.drop(tableId);
    this.cluster?.relay.unhost(tableId);
    this.deps.logger.warn({ tableId }, 'lost the lease of a table: stopped it here');
  }

  async session(tableId: number): Promise<TableSessionState> {
    if (this.cluster) return (await this.cluster.relay.call('session', tableId)) as TableSessionState;
    return this.localSession(tableId);
  }

  /** The session of a table run here (creating it when nobody runs it). */
  async localSession(tableId: number): Promise<TableSessionState> {
    const simulation = this.simulation.isSimulating(tableId);
    const runtime = await this.runtime(tableId);
    if (!runtime) return { status: 'waiting', simulation, handNumber: null, seats: [] };
    return sessionOf(runtime, simulation, this.ownership.nodeId);
  }

  async kick(tableId: number, userId: number, actor?: AuditActor, reason?: string): Promise<boolean> {
    const kicked = this.cluster
      ? ((await this.cluster.relay.call('kick', tableId, userId, reason)) as boolean)
      : await this.localKick(tableId, userId, reason);
    // Kicking is not a database transaction of ours: the row is written once it has succeeded.
    if (kicked && actor)
      await recordAudit(this.deps.db, {
        ...actor,
        action: 'table.kick',
        targetType: 'user',
        targetId: userId,
        summary: `removed user #${userId} from table #${tableId}${reason ? `: ${reason}` : ''}`,
        coded: reason
          ? { code: 'table.kick_reason', params: { userId, tableId, reason } }
          : { code: 'table.kick', params: { userId, tableId } },
      });
    return kicked;
  }

  async localKick(tableId: number, userId: number, reason?: string): Promise<boolean> {
    const runtime = await this.runtime(tableId);
    return runtime ? runtime.kick(userId, reason) : false;
  }

  /** A blocked or deleted user leaves every table: folded now, stood up after the hand, cashed out. */
  async removePlayer(userId: number, reason: RemovalReason): Promise<void> {
    await this.cluster?.removePlayerEverywhere(userId, reason);
    await this.localRemovePlayer(userId, reason);
  }

  async localRemovePlayer(userId: number, reason: RemovalReason): Promise<void> {
    for (const runtime of [...this.built.values()]) {
      if (!runtime.hasSeated(userId)) continue;
      if (await runtime.removePlayer(userId).catch(() => false))
        this.deps.logger.info({ tableId: runtime.tableId, userId, reason }, 'removed a player from a table');
    }
  }

  async startSimulation(tableId: number, actor?: AuditActor): Promise<void> {
    if (this.drainLimitMs !== null)
      throw new AppError(503, 'server_restarting', 'The server is restarting: try again in a minute');
    const was = this.isSimulating(tableId);
    if (this.cluster) await this.cluster.relay.call('startSimulation', tableId);
    else await this.localStartSimulation(tableId);
    if (actor) await this.auditSimulation(actor, tableId, was, true);
  }

  async localStartSimulation(tableId: number): Promise<void> {
    const runtime = await this.runtime(tableId);
    if (!runtime) return;
    await this.store.setSimulation(tableId, true);
    await this.simulation.start(runtime);
  }

  async stopSimulation(tableId: number, actor?: AuditActor): Promise<void> {
    const was = this.isSimulating(tableId);
    if (this.cluster) await this.cluster.relay.call('stopSimulation', tableId);
    else await this.localStopSimulation(tableId);
    if (actor) await this.auditSimulation(actor, tableId, was, false);
  }

  private auditSimulation(actor: AuditActor, tableId: number, was: boolean, on: boolean): Promise<void> {
    return recordAudit(this.deps.db, {
      ...actor,
      action: on ? 'simulation.start' : 'simulation.stop',
      targetType: 'table',
      targetId: tableId,
      summary: `simulation ${was ? 'on' : 'off'} -> ${on ? 'on' : 'off'}`,
      coded: { code: 'table.simulation', params: { from: was ? 'on' : 'off', to: on ? 'on' : 'off' } },
    });
  }

  async localStopSimulation(tableId: number): Promise<void> {
    await this.store.setSimulation(tableId, false);
    await this.simulation.stop(tableId, (await this.runtimes.get(tableId)) ?? null);
  }

  async seatedCounts(): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    for (const [tableId, entry] of this.runtimes) {
      const runtime = await entry;
      if (runtime && runtime.seatedCount > 0) counts.set(tableId, runtime.seatedCount);
    }
    for (const s of this.cluster?.relay.remoteSummaries() ?? [])
      if (s.seated > 0 && !this.built.has(s.tableId)) counts.set(s.tableId, s.seated);
    return counts;
  }

  waitlists(): Map<number, TableWaitlist> {
    const lists = new Map<number, TableWaitlist>();
    for (const runtime of this.built.values()) {
      const list = runtime.waitlist;
      if (list) lists.set(runtime.tableId, list);
    }
    for (const s of this.cluster?.relay.remoteSummaries() ?? [])
      if (s.waitlist && !this.built.has(s.tableId)) lists.set(s.tableId, s.waitlist);
    return lists;
  }

  async waitlist(tableId: number, userId: number, join: boolean): Promise<void> {
    const reply = this.cluster
      ? ((await this.cluster.relay.call(join ? 'waitlistJoin' : 'waitlistLeave', tableId, userId)) as Reply)
      : await this.localWaitlist(tableId, userId, join);
    if (!reply.ok) throw new DomainError(reply.code, reply.message);
  }

  /** A waiting-list request for a table run here (opened when nobody runs it). */
  async localWaitlist(tableId: number, userId: number, join: boolean): Promise<Reply> {
    const runtime = await this.runtime(tableId);
    if (!runtime) return { ok: false, code: 'not_found', message: 'Table not found' };
    return runtime.waitlistRequest(userId, join);
  }

  isPlaying(tableId: number): boolean {
    const runtime = this.built.get(tableId);
    if (runtime || !this.cluster) return runtime?.isPlaying ?? false;
    return this.cluster.relay.summaryOf(tableId)?.playing ?? false;
  }

  isSimulating(tableId: number): boolean {
    if (this.built.has(tableId) || !this.cluster) return this.simulation.isSimulating(tableId);
    return this.cluster.relay.summaryOf(tableId)?.simulating ?? false;
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
    this.cluster?.close();
    if (this.jackpotTimer) clearTimeout(this.jackpotTimer);
    this.simulation.close();
    for (const entry of this.runtimes.values()) (await entry.catch(() => null))?.stop();
    this.runtimes.clear();
    this.built.clear();
    // Several processes: another one takes the tables over at once (seats are saved; a running hand is void).
    await this.ownership.releaseAll();
  }

  /** What this process runs, for the other processes' lobbies (tables:summary). */
  summaries() {
    return [...this.built.values()].map((r) => ({
      tableId: r.tableId,
      seated: r.seatedCount,
      playing: r.isPlaying,
      simulating: this.simulation.isSimulating(r.tableId),
      waitlist: r.waitlist,
    }));
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

  private profile(userId: number): Promise<UserProfile | null> {
    return loadProfile(this.deps.db, userId);
  }
}
