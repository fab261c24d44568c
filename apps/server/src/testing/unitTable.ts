// A live table for unit tests: the real TableRuntime on a FakeClock, an InMemoryBank and a
// MemoryTableStore. No database, no real time: `tick(ms)` moves the clock and lets the queue drain.
import type { Settings, TableClientMessage } from '@tenger/protocol';
import pino from 'pino';
import type { AuditEntry } from '../audit/auditLog.js';
import { DEFAULT_SETTINGS } from '../settings/settingsService.js';
import type { TableRow } from '../tables/tableCatalogue.js';
import { FakeClock } from '../tables/runtime/clock.js';
import { InMemoryBank } from '../tables/runtime/memoryBank.js';
import type { DeckSource } from '../tables/runtime/fairness.js';
import type { TableBank, UserProfile } from '../tables/runtime/ports.js';
import { TableRuntime } from '../tables/runtime/tableRuntime.js';
import { MemoryTableStore } from '../tables/runtime/memoryTableStore.js';
import { Recorder, snapshotOf, TEST_TABLE } from './testTables.js';
import { DEFAULT_TIMING, type RuntimeTiming } from '../tables/runtime/timing.js';
import type { TournamentTableMode } from '../tables/runtime/tournamentMode.js';

export const UNIT_TABLE: TableRow = {
  id: 7,
  no: 1,
  name: 'Unit',
  ...TEST_TABLE,
  actionTimeSeconds: null,
  closed: false,
  deletedAt: null,
  createdAt: new Date(0),
  tournamentId: null,
};

export const UNIT_TIMING: RuntimeTiming = {
  ...DEFAULT_TIMING,
  actionTimeMs: 10_000,
  timeBankMaxMs: 6_000,
  timeBankRefillMs: 1_000,
  nextHandDelayMs: 1_000,
  sitOutLimitMs: 60_000,
  // Show windows and paced runouts have their own tests (tableMoments.test.ts).
  showWindowMs: 0,
  runoutPauseMs: 0,
};

export interface UnitTable {
  runtime: TableRuntime;
  clock: FakeClock;
  bank: InMemoryBank;
  store: MemoryTableStore;
  settings: Settings;
  /** Whether the table's owner can prove its lease (a process that slept past it cannot). */
  lease: { held: boolean };
  /** The audit rows the table wrote itself. */
  audit: AuditEntry[];
  /** A user with `balance` in the bank, watching the table. */
  player(balance?: number, profile?: Partial<UserProfile>): Recorder;
  send(viewer: Recorder, message: TableClientMessage): ReturnType<TableRuntime['handle']>;
  /** Sits `viewer` at `seat` with `amount`, expecting it to succeed. */
  sit(viewer: Recorder, seat: number, amount: number): Promise<void>;
  /** Moves the fake clock and lets every queued step run. */
  tick(ms: number): Promise<void>;
  /** The viewer whose turn it is, with the hand view. */
  toAct(viewers: Recorder[]): { viewer: Recorder; handNumber: number; stateId: number; canCheck: boolean };
  /** The player to act does `type`. */
  act(viewers: Recorder[], type: 'fold' | 'check' | 'call'): Promise<Recorder>;
}

let nextUserId = 100;

export async function unitTable(
  options: {
    table?: Partial<TableRow>;
    timing?: Partial<RuntimeTiming>;
    settings?: Partial<Settings>;
    /** A tournament table (tournamentMode.ts), usually with a TournamentChipBank as `tableBank`. */
    tournament?: TournamentTableMode;
    /** The runtime's bank, when not the InMemoryBank (`bank` still holds the players' balances). */
    tableBank?: TableBank;
    /** Scripted decks (scriptedDeals.ts) instead of the real committed deal. */
    deckSource?: DeckSource;
  } = {},
): Promise<UnitTable> {
  const clock = new FakeClock();
  const bank = new InMemoryBank();
  const store = new MemoryTableStore();
  const profiles = new Map<number, UserProfile>();
  const settings: Settings = { ...DEFAULT_SETTINGS, ...options.settings };
  const lease = { held: true };
  const audit: AuditEntry[] = [];
  const runtime = new TableRuntime({
    table: { ...UNIT_TABLE, ...options.table },
    bank: options.tableBank ?? bank,
    ...(options.tournament ? { tournament: options.tournament } : {}),
    ...(options.deckSource ? { deckSource: options.deckSource } : {}),
    store,
    clock,
    settings: { get: async () => settings },
    logger: pino({ level: 'silent' }),
    timing: { ...UNIT_TIMING, ...options.timing },
    profile: async (userId) => profiles.get(userId) ?? null,
    lastHandNumber: 0,
    handsPlayed: 0,
    rakeTaken: 0,
    leaseHeld: () => lease.held,
    audit: async (entry) => void audit.push(entry),
  });
  await runtime.init();
  const drain = async () => {
    for (let i = 0; i < 10; i++) await runtime.idle();
  };
  const unit: UnitTable = {
    runtime,
    clock,
    bank,
    store,
    settings,
    lease,
    audit,
    player(balance = 50_000, profile = {}) {
      const userId = nextUserId++;
      profiles.set(userId, {
        userId,
        username: `p${userId}`,
        isBot: false,
        active: true,
        role: 'PLAYER',
        ...profile,
      });
      if (balance > 0) bank.deposit(userId, balance);
      const viewer = new Recorder(userId);
      runtime.join(viewer);
      return viewer;
    },
    async send(viewer, message) {
      const reply = await runtime.handle(viewer, message);
      await drain();
      return reply;
    },
    async sit(viewer, seat, amount) {
      const reply = await unit.send(viewer, { type: 'SIT', seat, amount });
      if (!reply.ok) throw new Error(`could not sit: ${reply.code} ${reply.message}`);
    },
    async tick(ms) {
      await drain();
      clock.advance(ms);
      await drain();
    },
    toAct(viewers) {
      for (const viewer of viewers) {
        const { hand, viewer: me } = snapshotOf(runtime, viewer);
        if (hand && hand.toAct !== null && hand.toAct === me.seat && hand.legal) {
          const canCheck = hand.legal.actions.some((a) => a.type === 'check');
          return { viewer, handNumber: hand.handNumber, stateId: hand.actionCount, canCheck };
        }
      }
      throw new Error('nobody is to act');
    },
    async act(viewers, type) {
      const turn = unit.toAct(viewers);
      const reply = await unit.send(turn.viewer, {
        type: 'ACTION',
        action: type,
        handNumber: turn.handNumber,
        stateId: turn.stateId,
      });
      if (!reply.ok) throw new Error(`could not ${type}: ${reply.code}`);
      return turn.viewer;
    },
  };
  return unit;
}
