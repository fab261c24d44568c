// The state of one live table and the few things every part of it does with that state: the
// serial queue, recording events (numbered, to every viewer through the door), presenting seats,
// keeping seats in the store. The dealer (hand loop) and the seat desk (seat commands) share it.
import type { HandState } from '@tenger/engine';
import {
  DEFAULT_RATHOLE_MINUTES,
  DEFAULT_RUNOUT_PAUSE_MS,
  type TableEvent,
  type TableSeat,
} from '@tenger/protocol';
import type { Logger } from 'pino';
import type { AuditEntry } from '../../audit/auditLog.js';
import type { TableRow } from '../tableCatalogue.js';
import { ActionClock } from './actionClock.js';
import { NextDeal, type DeckSource } from './fairness.js';
import { RoomClock } from './clock.js';
import { EventLog } from './eventLog.js';
import type {
  Broadcaster,
  Clock,
  Departure,
  SettingsSource,
  TableBank,
  TableStore,
  UserProfile,
} from './ports.js';
import type { RunningHand } from './runningHand.js';
import { buyInMinimum, type Seat } from './seatRules.js';
import { presentSeat, snapshotSource, sortedSeats, tableInfo, type TableViewState } from './tableView.js';
import type { RuntimeTiming } from './timing.js';
import type { TournamentTableMode } from './tournamentMode.js';
import type { HandContext, LogEntryBody, SnapshotSource } from './viewerDoor.js';
import { ViewerSet } from './viewerSet.js';
import { WaitingList } from './waitingList.js';

export interface RuntimeDeps {
  table: TableRow;
  bank: TableBank;
  store: TableStore;
  clock: Clock;
  settings: SettingsSource;
  logger: Logger;
  timing: RuntimeTiming;
  profile(userId: number): Promise<UserProfile | null>;
  /** Hand numbers continue from here. */
  lastHandNumber: number;
  handsPlayed: number;
  rakeTaken: number;
  /** Defaults to the viewers of this process. */
  broadcaster?: Broadcaster;
  /** Called when seats change (lobby counts) or a bot seat frees up. */
  onSeatsChanged?(): void;
  /**
   * Whether this process can prove it still owns the table (its lease renewed within the last lease
   * period). False: every command is refused `busy` before it touches money, and no hand is dealt.
   * Absent: one process owns every table.
   */
  leaseHeld?(): boolean;
  /** A table of a tournament (tournamentMode.ts): its rules where a cash table's differ. */
  tournament?: TournamentTableMode;
  /** The site's audit log, for what the table corrects by itself (reconcileSeats). Absent: not written. */
  audit?(entry: AuditEntry): Promise<void>;
  /**
   * Tests only: scripted decks (testing/scriptedDeals.ts). Absent, always in production (no client
   * message and no setting reaches it): NextDeal, the committed node:crypto deal.
   */
  deckSource?: DeckSource;
}

export class TableState {
  readonly tableId: number;
  table: TableRow;
  /** An administrator's edit of the row made during a hand: it waits for the hand to end (applyPendingTable). */
  pendingTable: TableRow | null = null;
  readonly seats = new Map<number, Seat>();
  readonly viewers: Broadcaster;
  readonly log: EventLog;
  readonly room: RoomClock;
  readonly actionClock: ActionClock;
  hand: RunningHand | null = null;
  /** The next hand's committed deck and the seeds sent for it. */
  readonly nextDeal: DeckSource;
  /** The last finished hand, shown in snapshots until the next deal. */
  shownHand: { state: HandState; context: HandContext } | null = null;
  button: number | null = null;
  lastHandNumber: number;
  handsPlayed: number;
  rakeTaken: number;
  jackpot = 0;
  stopped = false;
  deleted = false;
  /** The server is shutting down: no new hand is dealt and nobody sits down (drain.ts). */
  draining = false;
  /** Drained: no hand runs, the seats are saved; every command is refused until the process exits. */
  drained = false;
  actionTimeMs = 20_000;
  timeBankMaxMs = 30_000;
  ratholeMs = DEFAULT_RATHOLE_MINUTES * 60_000;
  runoutPauseMs = DEFAULT_RUNOUT_PAUSE_MS;
  /** Seats were restored (a restart or a takeover): matched against their seat accounts before the next deal. */
  reconcileBeforeDeal = false;
  /** Time already spent after the last hand (a show window), taken off the pause before the next deal. */
  pauseCredit = 0;
  /** Rake and jackpot as players are told them (TableInfo). */
  rules: TableViewState['rules'] = null;
  /** Who stood up from this table lately, for the buy-in minimum shown to them. */
  readonly departures = new Map<number, Departure>();
  /** The waiting list (cash tables; in memory only). */
  readonly waitlist: WaitingList;
  private tail: Promise<unknown> = Promise.resolve();
  /** Called after the first queued step that ends with no hand running. */
  private handless: Array<() => void> = [];

  constructor(readonly deps: RuntimeDeps) {
    this.tableId = deps.table.id;
    this.table = deps.table;
    this.lastHandNumber = deps.lastHandNumber;
    this.handsPlayed = deps.handsPlayed;
    this.rakeTaken = deps.rakeTaken;
    this.nextDeal = deps.deckSource ?? new NextDeal();
    this.viewers =
      deps.broadcaster ??
      new ViewerSet((err) =>
        deps.logger.warn({ err, tableId: this.tableId }, 'a viewer could not be sent a frame'),
      );
    this.log = new EventLog(deps.timing.logSize);
    this.room = new RoomClock(deps.clock);
    this.actionClock = new ActionClock(this.room);
    // Every change reaches the viewers as a `table-updated` that always carries the list (empty too).
    this.waitlist = new WaitingList(this, () => {
      const { seats: _seats, ...table } = tableInfo(this.viewState());
      void _seats;
      const waitlist = this.waitlist.view() ?? { userIds: [], offer: null };
      this.emit({ type: 'table-updated', table: { ...table, waitlist } });
    });
  }

  /** The table's row as changes to the hand in play's stakes would not apply: from the next hand. */
  applyPendingTable(): void {
    const row = this.pendingTable;
    if (!row) return;
    this.pendingTable = null;
    this.table = row;
    this.announceTable();
  }

  /** Viewers hear the table's settings as they are now. */
  announceTable(): void {
    const { seats: _seats, ...table } = tableInfo(this.viewState());
    void _seats;
    this.emit({ type: 'table-updated', table });
  }

  /** See RuntimeDeps.leaseHeld. */
  holdsLease(): boolean {
    return this.deps.leaseHeld?.() ?? true;
  }

  // ---- the queue -----------------------------------------------------------------------------

  enqueue<T>(work: () => Promise<T> | T): Promise<T> {
    const run = this.tail.then(() => {
      if (this.stopped) throw new Error('table runtime stopped');
      return work();
    });
    this.tail = run.catch(() => undefined).then(() => this.stepDone());
    return run;
  }

  /** Inside a queued step: `done` runs once a step ends with no hand running (this one, or later). */
  whenNoHand(done: () => void): void {
    this.handless.push(done);
  }

  private stepDone(): void {
    if (this.hand === null && this.handless.length > 0) for (const done of this.handless.splice(0)) done();
  }

  /** Work from a timer or after a hand: queued, and logged if it fails. */
  queued(work: () => Promise<void> | void, failure: string): void {
    this.enqueue(work).catch((err: unknown) => {
      if (!this.stopped) this.deps.logger.error({ err, tableId: this.tableId }, failure);
    });
  }

  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }

  // ---- events and views ----------------------------------------------------------------------

  emit(event: TableEvent): void {
    this.record({ kind: 'table', event });
  }

  record(body: LogEntryBody): void {
    this.viewers.broadcast({ kind: 'event', entry: this.log.append(body) });
  }

  presentSeat(seat: Seat): TableSeat {
    return presentSeat(seat, { hand: this.hand, isConnected: (u) => this.viewers.isConnected(u) });
  }

  viewState(): TableViewState {
    return {
      table: this.table,
      seats: this.seats,
      hand: this.hand,
      shownHand: this.shownHand,
      deadline: this.hand ? (this.actionClock.current?.deadline ?? null) : null,
      closed: this.deleted,
      button: this.button,
      handsPlayed: this.handsPlayed,
      actionTimeMs: this.actionTimeMs,
      jackpot: this.jackpot,
      seq: this.log.lastSeq,
      buyInMinimums: this.buyInMinimums(),
      nextDeckCommitment: this.nextDeal.deckCommitment,
      rules: this.rules,
      tournament: this.deps.tournament ?? null,
      waitlist: this.waitlist.view(),
      pendingTable: this.pendingTable,
      isConnected: (userId) => this.viewers.isConnected(userId),
    };
  }

  snapshot(): SnapshotSource {
    return snapshotSource(this.viewState());
  }

  /** Users who left lately and must bring more than the table minimum. */
  buyInMinimums(): Map<number, number> {
    const now = this.room.now();
    const minimums = new Map<number, number>();
    for (const [userId, departure] of this.departures) {
      const minimum = buyInMinimum(this.table, departure, now, this.ratholeMs);
      if (minimum > this.table.minBuyIn) minimums.set(userId, minimum);
      else this.departures.delete(userId);
    }
    return minimums;
  }

  // ---- seats and settings --------------------------------------------------------------------

  /** Seats changed: keep them in the store; `notify` tells the registry (lobby counts, bot refill). */
  seatsChanged(notify = true): void {
    this.saveSeats().catch((err: unknown) =>
      this.deps.logger.error({ err, tableId: this.tableId }, 'could not save seats'),
    );
    if (notify) this.deps.onSeatsChanged?.();
  }

  /** Writes the seats to the store; resolves once they (and every earlier write) are kept. */
  saveSeats(): Promise<void> {
    const stored = sortedSeats(this.seats).map((s) => ({
      seat: s.seat,
      userId: s.userId,
      stack: s.stack,
      sittingOut: s.sittingOut,
      pendingRecharge: s.pendingRecharge,
      timeBankMs: s.timeBankMs,
    }));
    return this.deps.store.saveSeats(this.tableId, stored);
  }

  /** Tells viewers when a seated person's first connection opens or their last one closes. */
  connectionChanged(userId: number | null): void {
    if (userId === null) return;
    const seat = [...this.seats.values()].find((s) => s.userId === userId);
    if (!seat || seat.isBot) return;
    const connected = this.viewers.isConnected(userId);
    if (seat.connected === connected) return;
    seat.connected = connected;
    this.emit({ type: 'connection', seat: seat.seat, connected });
  }

  async refreshSettings(): Promise<void> {
    const settings = await this.deps.settings.get();
    const timing = this.deps.timing;
    // A table's own action time (admin table form) wins over the site setting.
    this.actionTimeMs =
      timing.actionTimeMs ?? (this.table.actionTimeSeconds ?? settings.actionTimeSeconds) * 1000;
    this.timeBankMaxMs = timing.timeBankMaxMs ?? settings.timeBankSeconds * 1000;
    this.ratholeMs = (settings.table?.ratholeMinutes ?? DEFAULT_RATHOLE_MINUTES) * 60_000;
    this.runoutPauseMs = timing.runoutPauseMs ?? settings.table?.runoutPauseMs ?? DEFAULT_RUNOUT_PAUSE_MS;
    this.rules = {
      rake: {
        percent: settings.rake.percent,
        cap: settings.rake.capBigBlinds * this.table.bigBlind,
        noFlopNoDrop: true,
      },
      jackpotRule: { contributionPercent: settings.jackpot.contributionPercent },
    };
  }
}
