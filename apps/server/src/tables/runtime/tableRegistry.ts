// The live tables of this process: one TableRuntime per table, created when first needed, plus the
// admin seam (TableLayer), crash recovery at start-up, and the bots of "simulation".
import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryRows, type Database } from '../../db/client.js';
import { HandStore } from '../../hands/handStore.js';
import { Accounts } from '../../ledger/accounts.js';
import type { Ledger } from '../../ledger/ledger.js';
import type { SettingsService } from '../../settings/settingsService.js';
import type { LiveTable, TableLayer, TableSessionState } from '../tableLayer.js';
import type { TableRow, TableService } from '../tableService.js';
import { BotPlayer, seededRandom } from './bots.js';
import { DEFAULT_TIMING, TableRuntime, type RuntimeTiming, type UserProfile } from './tableRuntime.js';

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
}

const JACKPOT_PUSH_DEBOUNCE_MS = 250;
const HUMAN_BOT_PAUSE_MS: [number, number] = [900, 3500];
const BOT_NAMES = [
  'Bat',
  'Bold',
  'Saraa',
  'Tuya',
  'Naraa',
  'Temuulen',
  'Enkhjin',
  'Oyuka',
  'Ganbaa',
  'Dulmaa',
  'Erdene',
  'Sukhee',
  'Anu',
  'Zaya',
  'Munkh',
  'Khulan',
  'Tsogoo',
  'Altan',
  'Nomin',
  'Bilguun',
];

export class TableRegistry implements TableLayer {
  readonly hands: HandStore;
  private readonly runtimes = new Map<number, Promise<TableRuntime | null>>();
  /** Runtimes already built, for the synchronous lobby calls. */
  private readonly built = new Map<number, TableRuntime>();
  private readonly simulating = new Set<number>();
  private readonly bots = new Map<number, BotPlayer>();
  private readonly refillTimers = new Map<number, NodeJS.Timeout>();
  private readonly timing: RuntimeTiming;
  private readonly botRandom: () => number;
  private closed = false;
  private jackpotTimer: NodeJS.Timeout | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly deps: RegistryDeps,
    private readonly options: RegistryOptions = {},
  ) {
    this.hands = new HandStore(deps.db);
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.botRandom = seededRandom(options.botSeed ?? randomInt(2 ** 31));
    this.unsubscribe = deps.ledger.onPosted((result) => {
      if (result.jackpotChanged) this.jackpotMoved();
    });
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

  /**
   * Crash recovery: nothing of a running hand was ever written, so every chip still in a seat
   * account is what its owner had when the last hand began. Cash each one out to its owner's
   * balance (bots' to the bot bankroll) before anyone can sit again.
   */
  async start(): Promise<void> {
    const rows = await queryRows<{
      user_id: number;
      table_id: number;
      balance: string | number;
      is_bot: boolean;
    }>(
      this.deps.db,
      sql`SELECT a.user_id, a.table_id, a.balance, u.is_bot FROM ledger_accounts a JOIN users u ON u.id = a.user_id
          WHERE a.kind = 'player_seat' AND a.balance > 0 ORDER BY a.id`,
    );
    for (const row of rows) {
      const userId = Number(row.user_id);
      const tableId = Number(row.table_id);
      await this.deps.ledger.transfer({
        from: Accounts.seat(userId, tableId),
        to: row.is_bot ? Accounts.botBankroll : Accounts.available(userId),
        amount: Number(row.balance),
        kind: row.is_bot ? 'bot_return' : 'leave_seat',
        key: `restart:${tableId}:${userId}:${randomUUID()}`,
        tableId,
        meta: { reason: 'restart' },
      });
    }
    if (rows.length > 0)
      this.deps.logger.info({ seats: rows.length }, 'cashed out seats left from before a restart');
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
    const [lastHandNumber, totals] = await Promise.all([
      this.hands.lastHandNumber(tableId),
      this.hands.tableTotals(tableId),
    ]);
    const runtime = new TableRuntime({
      table,
      ledger: this.deps.ledger,
      hands: this.hands,
      settings: this.deps.settings,
      logger: this.deps.logger,
      timing: this.timing,
      profile: (userId) => this.profile(userId),
      lastHandNumber,
      handsPlayed: totals.hands,
      rakeTaken: totals.rake,
      onSeatsChanged: (r) => this.seatsChanged(r),
    });
    await runtime.init();
    this.built.set(tableId, runtime);
    return runtime;
  }

  async session(tableId: number): Promise<TableSessionState> {
    const runtime = await this.runtime(tableId);
    if (!runtime) {
      return { status: 'waiting', simulation: this.simulating.has(tableId), handNumber: null, seats: [] };
    }
    const hand = runtime.publicHand();
    const totals = runtime.totals;
    return {
      status: runtime.isPlaying ? 'playing' : 'waiting',
      simulation: this.simulating.has(tableId),
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

  async startSimulation(tableId: number): Promise<void> {
    const runtime = await this.runtime(tableId);
    if (!runtime) return;
    this.simulating.add(tableId);
    await this.fillWithBots(runtime);
  }

  async stopSimulation(tableId: number): Promise<void> {
    this.simulating.delete(tableId);
    const timer = this.refillTimers.get(tableId);
    if (timer) clearTimeout(timer);
    this.refillTimers.delete(tableId);
    const runtime = await this.runtimes.get(tableId);
    if (runtime) await runtime.releaseBots();
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
    return this.simulating.has(tableId);
  }

  onTableChanged(tableId: number, table: TableRow | null): void {
    if (table === null) this.simulating.delete(tableId);
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

  /** Stops every table (a running hand is void: its stacks are still in the seat accounts). */
  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    if (this.jackpotTimer) clearTimeout(this.jackpotTimer);
    for (const timer of this.refillTimers.values()) clearTimeout(timer);
    this.refillTimers.clear();
    for (const bot of [...this.bots.values()]) bot.detach();
    for (const entry of this.runtimes.values()) (await entry.catch(() => null))?.stop();
    this.runtimes.clear();
    this.built.clear();
  }

  // ---- simulation ----------------------------------------------------------------------------

  /** Fills empty seats with bots, leaving one or two free (two at 6+ seats) so people can join. */
  private async fillWithBots(runtime: TableRuntime): Promise<void> {
    if (!this.simulating.has(runtime.tableId) || runtime.isDeleted || this.closed) return;
    const keepFree = runtime.maxPlayers >= 6 ? 2 : 1;
    const wanted = runtime.freeSeats.length - keepFree;
    if (wanted <= 0) return;
    const botIds = await this.freeBots(wanted);
    const { min, max, bigBlind } = runtime.buyInRange;
    for (const userId of botIds) {
      const seat = runtime.freeSeats[0];
      if (seat === undefined || runtime.freeSeats.length <= keepFree) break;
      const steps = Math.floor((max - min) / bigBlind);
      const amount = min + bigBlind * Math.floor(this.botRandom() * (steps + 1));
      const bot = new BotPlayer(
        userId,
        runtime,
        {
          pauseMs: this.options.botPauseMs ?? HUMAN_BOT_PAUSE_MS,
          random: seededRandom(Math.floor(this.botRandom() * 2 ** 31)),
        },
        (b) => {
          if (this.bots.get(b.userId) === b) this.bots.delete(b.userId);
          this.seatsChanged(runtime);
        },
      );
      this.bots.set(userId, bot);
      if (!(await bot.sit(seat, Math.min(max, amount)))) this.bots.delete(userId);
    }
  }

  private seatsChanged(runtime: TableRuntime): void {
    if (!this.simulating.has(runtime.tableId) || this.refillTimers.has(runtime.tableId) || this.closed)
      return;
    const timer = setTimeout(() => {
      this.refillTimers.delete(runtime.tableId);
      void this.fillWithBots(runtime).catch((error: unknown) =>
        this.deps.logger.error({ err: error, tableId: runtime.tableId }, 'could not seat bots'),
      );
    }, this.timing.nextHandDelayMs);
    this.refillTimers.set(runtime.tableId, timer);
  }

  /** Bot users not playing anywhere now; created (marked is_bot, unusable password) when short. */
  private async freeBots(count: number): Promise<number[]> {
    const existing = await queryRows<{ id: number }>(
      this.deps.db,
      sql`SELECT id FROM users WHERE is_bot AND status = 'active' ORDER BY id`,
    );
    const free = existing.map((r) => Number(r.id)).filter((id) => !this.bots.has(id));
    let n = existing.length;
    while (free.length < count) {
      n++;
      const name = `${BOT_NAMES[n % BOT_NAMES.length]}${n}`;
      const created = await queryRows<{ id: number }>(
        this.deps.db,
        sql`INSERT INTO users (username, email, password_hash, is_bot)
            VALUES (${name}, ${`${name.toLowerCase()}@bots.tenger.local`}, '!', true)
            ON CONFLICT DO NOTHING RETURNING id`,
      );
      if (created[0]) free.push(Number(created[0].id));
      if (n > existing.length + count + 100) break;
    }
    return free.slice(0, count);
  }

  private async profile(userId: number): Promise<UserProfile | null> {
    const [row] = await queryRows<{ id: number; username: string; is_bot: boolean; status: string }>(
      this.deps.db,
      sql`SELECT id, username, is_bot, status FROM users WHERE id = ${userId}`,
    );
    return row
      ? { userId: Number(row.id), username: row.username, isBot: row.is_bot, active: row.status === 'active' }
      : null;
  }
}
