// One live table: seats, the running hand, and a serial queue so that commands, timers and
// settlement run one at a time. The world comes through ports (ports.ts): time from a Clock, money
// from a TableBank, seat state to a TableStore, frames out through a Broadcaster and the per-viewer
// door. The rules live beside it: seatRules (who may sit, recharge, leave), actionClock (action
// time and time bank), runningHand (dealing), settlement (finishing a hand), tableView (what is seen).
import { randomUUID } from 'node:crypto';
import { applyAction, legalActions, type HandEvent, type HandState } from '@tenger/engine';
import { DEFAULT_RATHOLE_MINUTES } from '@tenger/protocol';
import type {
  ActionMessage,
  TableClientMessage,
  TableEvent,
  TableSeat,
  TableServerMessage,
} from '@tenger/protocol';
import type { Logger } from 'pino';
import type { LiveTable, TableViewer } from '../tableLayer.js';
import type { TableRow } from '../tableService.js';
import { ActionClock, refillBank, spendBank, timedOut } from './actionClock.js';
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
import { dealHand, inRunningHand, type RunningHand } from './runningHand.js';
import * as rules from './seatRules.js';
import { ok, reject, type LeaveReason, type Reply, type Seat } from './seatRules.js';
import { handSettlement } from './settlement.js';
import { presentSeat, snapshotSource, sortedSeats, tableInfo, type TableViewState } from './tableView.js';
import type { RuntimeTiming } from './timing.js';
import { ViewerSet } from './viewerSet.js';
import { frameFor, type HandContext, type LogEntryBody } from './viewerDoor.js';

export type { TableViewer, Reply, UserProfile };
export { DEFAULT_TIMING, type RuntimeTiming } from './timing.js';
export { engineVariant } from './runningHand.js';

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
  onSeatsChanged?(runtime: TableRuntime): void;
}

export class TableRuntime implements LiveTable {
  readonly tableId: number;
  private table: TableRow;
  private readonly seats = new Map<number, Seat>();
  private readonly viewers: Broadcaster;
  private readonly log: EventLog;
  private readonly room: RoomClock;
  private readonly actionClock: ActionClock;
  private hand: RunningHand | null = null;
  private shownHand: { state: HandState; context: HandContext } | null = null;
  private button: number | null = null;
  private lastHandNumber: number;
  private handsPlayed: number;
  private rakeTaken: number;
  private jackpot = 0;
  private tail: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private deleted = false;
  private readonly salt = randomUUID().slice(0, 8);
  private actionTimeMs = 20_000;
  private timeBankMaxMs = 30_000;
  private ratholeMs = DEFAULT_RATHOLE_MINUTES * 60_000;
  /** Who stood up from this table lately, for the buy-in minimum shown to them. */
  private readonly departures = new Map<number, Departure>();

  constructor(private readonly deps: RuntimeDeps) {
    this.tableId = deps.table.id;
    this.table = deps.table;
    this.lastHandNumber = deps.lastHandNumber;
    this.handsPlayed = deps.handsPlayed;
    this.rakeTaken = deps.rakeTaken;
    this.viewers =
      deps.broadcaster ??
      new ViewerSet((err) =>
        deps.logger.warn({ err, tableId: this.tableId }, 'a viewer could not be sent a frame'),
      );
    this.log = new EventLog(deps.timing.logSize);
    this.room = new RoomClock(deps.clock);
    this.actionClock = new ActionClock(this.room);
  }

  /** Reads settings and the jackpot before the first viewer arrives. */
  async init(): Promise<void> {
    await this.refreshSettings();
    this.jackpot = await this.deps.bank.jackpotAmount();
  }

  // ---- viewers -------------------------------------------------------------------------------

  join(viewer: TableViewer): void {
    this.viewers.add(viewer);
    this.viewers.send(viewer, { kind: 'snapshot', source: this.snapshot() });
    this.connectionChanged(viewer.userId);
  }

  leave(viewer: TableViewer): void {
    if (this.viewers.remove(viewer)) this.connectionChanged(viewer.userId);
  }

  /** The viewer became `userId` (AUTH): a fresh snapshot with its own cards. */
  identify(viewer: TableViewer, userId: number): void {
    const before = viewer.userId;
    viewer.userId = userId;
    if (before !== null && before !== userId) this.connectionChanged(before);
    this.connectionChanged(userId);
    if (this.viewers.has(viewer)) this.viewers.send(viewer, { kind: 'snapshot', source: this.snapshot() });
  }

  /** The events after `lastSeq` through the door, or a fresh snapshot if they are gone. */
  resume(viewer: TableViewer, lastSeq: number): void {
    const entries = this.log.since(lastSeq);
    if (!entries) this.viewers.send(viewer, { kind: 'snapshot', source: this.snapshot() });
    else for (const entry of entries) this.viewers.send(viewer, { kind: 'event', entry });
  }

  /** The viewer's own snapshot (bots decide from this). */
  snapshotFor(viewer: TableViewer): TableServerMessage {
    return frameFor(viewer, { kind: 'snapshot', source: this.snapshot() });
  }

  // ---- commands ------------------------------------------------------------------------------

  /** Runs one client command in the table's queue; the viewer gets ACK or REJECT. */
  async handle(viewer: TableViewer, message: TableClientMessage): Promise<Reply> {
    const requestId = message.requestId ?? null;
    let reply: Reply;
    try {
      reply = await this.enqueue(() => this.execute(viewer, message));
    } catch (error) {
      this.deps.logger.error(
        { err: error, tableId: this.tableId, command: message.type },
        'table command failed',
      );
      reply = this.stopped
        ? reject('table-closed', 'The table is closed')
        : reject('busy', 'Please try again');
    }
    const frame = reply.ok
      ? ({ type: 'ACK', requestId } as const)
      : ({ type: 'REJECT', requestId, code: reply.code, message: reply.message } as const);
    this.viewers.send(viewer, { kind: 'reply', message: frame });
    return reply;
  }

  private async execute(viewer: TableViewer, message: TableClientMessage): Promise<Reply> {
    if (this.stopped) return reject('table-closed', 'The table is closed');
    const userId = viewer.userId;
    if (userId === null) return reject('unauthorized', 'Log in to play');
    const seat = rules.seatOf(this.seats, userId);
    if (seat?.removed && message.type !== 'LEAVE') return reject('unauthorized', 'This account cannot play');
    switch (message.type) {
      case 'SIT':
        return this.sit(userId, message.seat, message.amount);
      case 'ACTION':
        return this.act(seat, message);
      case 'SIT_OUT':
        if (!seat) return reject('not-seated', 'You are not seated at this table');
        if (!seat.sittingOut) this.markSittingOut(seat);
        return ok;
      case 'SIT_IN':
        return this.sitIn(seat);
      case 'RECHARGE':
        return this.recharge(seat, message.amount);
      case 'LEAVE':
        return this.requestLeave(seat, 'left');
      default:
        return reject('bad-message', `${message.type} is not a table command`);
    }
  }

  private async sit(userId: number, seatIndex: number, amount: number): Promise<Reply> {
    const settings = await this.deps.settings.get();
    const windowMs = (settings.table?.ratholeMinutes ?? DEFAULT_RATHOLE_MINUTES) * 60_000;
    const departure = await this.deps.store.lastDeparture(this.tableId, userId);
    const minimum = rules.buyInMinimum(this.table, departure, this.room.now(), windowMs);
    const { table, seats } = this;
    const allowed = rules.checkSit({
      table,
      closed: this.deleted,
      seats,
      userId,
      seat: seatIndex,
      amount,
      minimum,
    });
    if (!allowed.ok) return allowed;
    const profile = await this.deps.profile(userId);
    const player = rules.checkPlayer(profile, settings.maintenance);
    if (!player.ok || !profile) return player;
    if (!(await this.deps.bank.toSeat(profile, this.tableId, amount, 'buy_in')))
      return reject('insufficient-balance', 'Your balance is too low');
    const connected = profile.isBot || this.viewers.isConnected(userId);
    const seat = rules.newSeat(profile, seatIndex, amount, this.timeBankMaxMs, connected);
    this.seats.set(seatIndex, seat);
    this.departures.delete(userId);
    this.emit({ type: 'seat-taken', seat: this.presentSeat(seat) });
    this.seatsChanged();
    this.scheduleNextHand();
    return ok;
  }

  private async recharge(seat: Seat | undefined, amount: number): Promise<Reply> {
    const allowed = rules.checkRecharge(seat, amount, this.table.maxBuyIn);
    if (!allowed.ok || !seat) return allowed;
    if (!(await this.deps.bank.toSeat(seat, this.tableId, amount, 'recharge')))
      return reject('insufficient-balance', 'Your balance is too low');
    if (inRunningHand(this.hand, seat)) {
      seat.pendingRecharge += amount;
      this.emit({ type: 'seat-updated', seat: this.presentSeat(seat) });
    } else {
      seat.stack += amount;
      this.emit({ type: 'stack-changed', seat: seat.seat, stack: seat.stack, reason: 'recharge' });
      this.scheduleNextHand();
    }
    this.seatsChanged(false);
    return ok;
  }

  private sitIn(seat: Seat | undefined): Reply {
    if (!seat) return reject('not-seated', 'You are not seated at this table');
    if (seat.leaveAfterHand) return reject('in-hand', 'You are leaving this table');
    if (!seat.sittingOut) return ok;
    seat.sittingOut = false;
    seat.owesBigBlind = true;
    seat.consecutiveTimeouts = 0;
    this.room.cancel(idleTimer(seat));
    this.emit({ type: 'sat-in', seat: seat.seat });
    this.scheduleNextHand();
    return ok;
  }

  private async requestLeave(seat: Seat | undefined, reason: LeaveReason): Promise<Reply> {
    if (!seat) return reject('not-seated', 'You are not seated at this table');
    if (inRunningHand(this.hand, seat)) {
      seat.leaveAfterHand = reason;
      this.emit({ type: 'seat-updated', seat: this.presentSeat(seat) });
      return ok;
    }
    await this.standUp(seat, reason);
    return ok;
  }

  private act(seat: Seat | undefined, message: ActionMessage): Reply {
    if (!seat) return reject('not-seated', 'You are not seated at this table');
    const hand = this.hand;
    if (!hand || hand.state.phase === 'complete') return reject('stale', 'No hand is running');
    if (message.handNumber !== hand.state.config.handNumber) return reject('stale', 'That hand is over');
    if (!inRunningHand(hand, seat)) return reject('not-your-turn', 'You are not in this hand');
    if (message.stateId !== undefined && message.stateId !== hand.state.actionCount)
      return reject('stale', 'The hand has moved on; look again');
    if (hand.state.toAct !== seat.seat) return reject('not-your-turn', 'It is not your turn');
    const used = this.actionClock.bankUsed();
    const result = applyAction(hand.state, {
      seat: seat.seat,
      type: message.action,
      ...(message.amount !== undefined ? { amount: message.amount } : {}),
    });
    if ('error' in result) return reject(engineRejectCode(result.error.code), result.error.message);
    spendBank(seat, used);
    this.advance(hand, result.state, result.events);
    return ok;
  }

  /** The jackpot moved (here or at another table): tell the viewers. */
  jackpotChanged(amount: number): void {
    if (amount === this.jackpot || this.stopped) return;
    this.jackpot = amount;
    this.emit({ type: 'jackpot', amount });
  }

  // ---- admin ---------------------------------------------------------------------------------

  /** Stands the player up after the current hand (now, if not in it) and cashes them out. */
  kick(userId: number): Promise<boolean> {
    return this.enqueue(async () => {
      const seat = rules.seatOf(this.seats, userId);
      if (!seat) return false;
      await this.requestLeave(seat, 'kicked');
      return true;
    });
  }

  /**
   * A blocked or deleted player: folded now if it is their turn (else whenever it comes), stood up
   * when the hand ends (now, if not in it) and cashed out. False if not seated here.
   */
  removePlayer(userId: number): Promise<boolean> {
    return this.enqueue(async () => {
      const seat = rules.seatOf(this.seats, userId);
      if (!seat) return false;
      seat.removed = true;
      const hand = this.hand;
      if (!hand || !inRunningHand(hand, seat)) {
        await this.standUp(seat, 'removed');
        return true;
      }
      seat.leaveAfterHand = 'removed';
      this.emit({ type: 'seat-updated', seat: this.presentSeat(seat) });
      if (hand.state.toAct === seat.seat) this.forfeit(hand);
      return true;
    });
  }

  /** Bots leave after the hand; their chips go back to the bot bankroll. */
  releaseBots(): Promise<void> {
    return this.enqueue(async () => {
      for (const seat of [...this.seats.values()]) if (seat.isBot) await this.requestLeave(seat, 'left');
    });
  }

  /** The table row changed: stakes apply from the next hand; a deleted table closes after the hand. */
  updateTable(row: TableRow | null): Promise<void> {
    return this.enqueue(async () => {
      if (row === null) {
        this.deleted = true;
        for (const seat of [...this.seats.values()]) await this.requestLeave(seat, 'closed');
        if (!this.hand) this.emit({ type: 'table-closed' });
        return;
      }
      this.table = row;
      const { seats: _seats, ...table } = tableInfo(this.viewState());
      void _seats;
      this.emit({ type: 'table-updated', table });
    });
  }

  /** Stops every timer. Nothing is settled: a running hand is void (its stacks are still in the bank). */
  stop(): void {
    this.stopped = true;
    this.actionClock.stop();
    this.room.clear();
  }

  /** Resolves once every queued command has run. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }

  get isPlaying(): boolean {
    return this.hand !== null;
  }

  get isDeleted(): boolean {
    return this.deleted;
  }

  get seatedCount(): number {
    return this.seats.size;
  }

  get freeSeats(): number[] {
    return rules.freeSeats(this.seats, this.table.maxPlayers);
  }

  get maxPlayers(): number {
    return this.table.maxPlayers;
  }

  get buyInRange(): { min: number; max: number; bigBlind: number } {
    return { min: this.table.minBuyIn, max: this.table.maxBuyIn, bigBlind: this.table.bigBlind };
  }

  hasSeated(userId: number): boolean {
    return rules.seatOf(this.seats, userId) !== undefined;
  }

  /** Seats as the house sees them (no cards). */
  seatList(): Array<TableSeat & { sittingOut: boolean }> {
    return sortedSeats(this.seats).map((s) => ({ ...this.presentSeat(s), sittingOut: s.sittingOut }));
  }

  /** The running hand as a spectator sees it (board and pots), for the admin session. */
  publicHand(): {
    handNumber: number;
    board: string[];
    pots: { amount: number; eligible: number[] }[];
  } | null {
    const frame = frameFor({ userId: null }, { kind: 'snapshot', source: this.snapshot() });
    if (frame.type !== 'SNAPSHOT' || !frame.hand || !this.hand) return null;
    return { handNumber: frame.hand.handNumber, board: frame.hand.board, pots: frame.hand.pots };
  }

  get totals(): { handsPlayed: number; rakeTaken: number; lastHandNumber: number } {
    return { handsPlayed: this.handsPlayed, rakeTaken: this.rakeTaken, lastHandNumber: this.lastHandNumber };
  }

  /** Stacks at the start of the running hand (or now, between hands), plus recharges waiting. For tests. */
  stacksInLedgerTerms(): Map<number, number> {
    return new Map([...this.seats.values()].map((s) => [s.userId, s.stack + s.pendingRecharge]));
  }

  // ---- the hand ------------------------------------------------------------------------------

  private scheduleNextHand(): void {
    if (this.stopped || this.deleted || this.hand || this.room.has('next-hand')) return;
    if (rules.dealable(this.seats.values()).length < 2) return;
    this.room.after('next-hand', this.deps.timing.nextHandDelayMs, () =>
      this.queued(() => this.startHand(), 'could not start a hand'),
    );
  }

  private async startHand(): Promise<void> {
    if (this.stopped || this.deleted || this.hand) return;
    const players = rules.dealable(this.seats.values());
    if (players.length < 2) return;
    await this.refreshSettings();
    this.button = rules.nextSeatAfter(players, this.button);
    const dealt = dealHand({
      table: this.table,
      players,
      button: this.button,
      handNumber: this.lastHandNumber + 1,
      tableSalt: this.salt,
      settings: await this.deps.settings.get(),
      startedAt: new Date(this.room.now()),
    });
    if ('error' in dealt) {
      this.deps.logger.error({ tableId: this.tableId, error: dealt.error }, 'the engine refused a hand');
      return;
    }
    this.lastHandNumber++;
    for (const s of players) s.owesBigBlind = false;
    this.shownHand = null;
    this.hand = dealt.hand;
    this.advance(dealt.hand, dealt.hand.state, dealt.events);
  }

  /** A new state of the running hand: publish its events, then run the clock or settle. */
  private advance(hand: RunningHand, state: HandState, events: HandEvent[]): void {
    this.actionClock.stop();
    hand.state = state;
    for (const event of events) this.record({ kind: 'hand', event, hand: hand.context });
    // Settlement runs as its own queued step so the command that ended the hand is acked first.
    if (state.phase === 'complete') this.queued(() => this.finishHand(hand), 'could not finish a hand');
    else if (state.toAct !== null) this.startClock(hand, state.toAct);
  }

  private startClock(hand: RunningHand, seatIndex: number): void {
    const seat = this.seats.get(seatIndex);
    if (seat?.removed) return this.forfeit(hand);
    const bank = seat?.timeBankMs ?? 0;
    const actionCount = hand.state.actionCount;
    const { deadline } = this.actionClock.start(seatIndex, this.actionTimeMs, bank, () =>
      this.queued(() => this.timeout(hand, actionCount), 'timeout failed'),
    );
    const handNumber = hand.state.config.handNumber;
    this.emit({ type: 'clock', seat: seatIndex, handNumber, deadline, timeBankMs: bank });
  }

  private timeout(hand: RunningHand, actionCount: number): void {
    if (this.hand !== hand || hand.state.actionCount !== actionCount || hand.state.toAct === null) return;
    const seatIndex = hand.state.toAct;
    const type = legalActions(hand.state)?.actions.some((a) => a.type === 'check') ? 'check' : 'fold';
    const result = applyAction(hand.state, { seat: seatIndex, type });
    if ('error' in result) {
      this.deps.logger.error({ tableId: this.tableId, error: result.error }, 'timeout action refused');
      return;
    }
    const seat = this.seats.get(seatIndex);
    this.emit({ type: 'timed-out', seat: seatIndex, action: type });
    if (seat && timedOut(seat, this.deps.timing.timeoutsToSitOut)) this.markSittingOut(seat);
    this.advance(hand, result.state, result.events);
  }

  /** The player to act was removed: they fold at once. */
  private forfeit(hand: RunningHand): void {
    const seat = hand.state.toAct!;
    const folded = applyAction(hand.state, { seat, type: 'fold' });
    const result = 'error' in folded ? applyAction(hand.state, { seat, type: 'check' }) : folded;
    if ('error' in result) {
      this.deps.logger.error(
        { tableId: this.tableId, error: result.error },
        'a removed player could not fold',
      );
      return;
    }
    this.advance(hand, result.state, result.events);
  }

  private async finishHand(hand: RunningHand): Promise<void> {
    if (this.stopped || this.hand !== hand) return;
    const input = handSettlement(hand, this.table, await this.deps.settings.get(), new Date(this.room.now()));
    if (!input) return;
    const { record } = input;
    try {
      const settled = await this.deps.bank.settle(input);
      for (const entry of record.seats) {
        const seat = this.seats.get(entry.seat);
        if (seat && entry.dealtIn) seat.stack = entry.finalStack;
      }
      this.handsPlayed++;
      this.rakeTaken += record.rake;
      // Stopped while the settlement committed: the books are right; do nothing more (a crash would not).
      if (this.stopped) return;
      const userOf = (seat: number) => hand.owners.get(seat)!.userId;
      this.emit({
        type: 'hand-result',
        handId: hand.handId,
        handNumber: record.handNumber,
        results: record.seats
          .filter((s) => s.dealtIn)
          .map((s) => ({ seat: s.seat, userId: userOf(s.seat), net: s.net })),
        rake: record.rake,
        jackpotContribution: settled.money.jackpotContribution,
        jackpotPayouts: settled.payouts.map((p) => ({ ...p, userId: userOf(p.seat) })),
        serverSeed: hand.seed.serverSeed,
        seedCommitment: hand.seed.commitment,
        clientSeed: hand.seed.clientSeed,
      });
      const jackpot = settled.jackpot ?? this.jackpot + settled.money.jackpotContribution;
      if (jackpot !== this.jackpot) this.jackpotChanged(jackpot);
    } catch (error) {
      // The bank refused or the database failed: the hand is void, every stack is as it began.
      this.deps.logger.error(
        { err: error, tableId: this.tableId, handId: hand.handId },
        'hand could not be settled',
      );
      this.emit({ type: 'hand-voided', handId: hand.handId, handNumber: record.handNumber });
    }
    this.hand = null;
    this.shownHand = { state: hand.state, context: hand.context };
    await this.afterHand(hand);
  }

  /** Between hands: time banks refill, recharges land (as far as they fit), leavers and the busted stand up. */
  private async afterHand(hand: RunningHand): Promise<void> {
    for (const seat of [...this.seats.values()]) {
      if (hand.owners.has(seat.seat)) refillBank(seat, this.deps.timing.timeBankRefillMs, this.timeBankMaxMs);
      if (seat.pendingRecharge > 0) await this.landRecharge(seat);
      if (seat.leaveAfterHand) await this.standUp(seat, seat.leaveAfterHand);
      else if (seat.stack === 0) await this.standUp(seat, 'busted');
    }
    this.seatsChanged(false);
    if (this.deleted) return this.emit({ type: 'table-closed' });
    this.scheduleNextHand();
  }

  private async landRecharge(seat: Seat): Promise<void> {
    const max = seat.leaveAfterHand ? Number.MAX_SAFE_INTEGER : this.table.maxBuyIn;
    const { add, refund } = rules.rechargeLanding(seat.stack, seat.pendingRecharge, max);
    if (refund > 0) await this.deps.bank.fromSeat(seat, this.tableId, refund, 'recharge_above_max');
    seat.pendingRecharge = 0;
    seat.stack += add;
    if (add > 0) this.emit({ type: 'stack-changed', seat: seat.seat, stack: seat.stack, reason: 'recharge' });
    else this.emit({ type: 'seat-updated', seat: this.presentSeat(seat) });
  }

  // ---- seats ---------------------------------------------------------------------------------

  /** Cashes the seat out to the owner's balance (bots: the bot bankroll) and frees it. */
  private async standUp(seat: Seat, reason: LeaveReason): Promise<void> {
    const amount = seat.stack + seat.pendingRecharge;
    if (amount > 0) await this.deps.bank.fromSeat(seat, this.tableId, amount, reason);
    this.room.cancel(idleTimer(seat));
    this.seats.delete(seat.seat);
    let returnMinimum: number | undefined;
    if (!seat.isBot && amount > 0) {
      const departure = { stack: amount, at: this.room.now() };
      this.departures.set(seat.userId, departure);
      await this.deps.store.recordDeparture(this.tableId, seat.userId, departure);
      returnMinimum = this.buyInMinimums().get(seat.userId);
    }
    const left = { type: 'seat-left', seat: seat.seat, userId: seat.userId, reason } as const;
    this.emit(returnMinimum === undefined ? left : { ...left, returnMinBuyIn: returnMinimum });
    this.seatsChanged();
  }

  private markSittingOut(seat: Seat): void {
    seat.sittingOut = true;
    this.emit({ type: 'sat-out', seat: seat.seat });
    this.room.after(idleTimer(seat), this.deps.timing.sitOutLimitMs, () =>
      this.queued(async () => {
        if (this.seats.get(seat.seat) === seat && seat.sittingOut) await this.requestLeave(seat, 'idle');
      }, 'idle stand-up failed'),
    );
  }

  /** Tells viewers when a seated person's first connection opens or their last one closes. */
  private connectionChanged(userId: number | null): void {
    if (userId === null) return;
    const seat = rules.seatOf(this.seats, userId);
    if (!seat || seat.isBot) return;
    const connected = this.viewers.isConnected(userId);
    if (seat.connected === connected) return;
    seat.connected = connected;
    this.emit({ type: 'connection', seat: seat.seat, connected });
  }

  /** Seats changed: keep them in the store; `notify` tells the registry (lobby counts, bot refill). */
  private seatsChanged(notify = true): void {
    const stored = sortedSeats(this.seats).map((s) => ({
      seat: s.seat,
      userId: s.userId,
      stack: s.stack,
      sittingOut: s.sittingOut,
      pendingRecharge: s.pendingRecharge,
      timeBankMs: s.timeBankMs,
    }));
    this.deps.store
      .saveSeats(this.tableId, stored)
      .catch((err: unknown) =>
        this.deps.logger.error({ err, tableId: this.tableId }, 'could not save seats'),
      );
    if (notify) this.deps.onSeatsChanged?.(this);
  }

  // ---- what viewers see ----------------------------------------------------------------------

  private buyInMinimums(): Map<number, number> {
    const now = this.room.now();
    const minimums = new Map<number, number>();
    for (const [userId, departure] of this.departures) {
      const minimum = rules.buyInMinimum(this.table, departure, now, this.ratholeMs);
      if (minimum > this.table.minBuyIn) minimums.set(userId, minimum);
      else this.departures.delete(userId);
    }
    return minimums;
  }

  private viewState(): TableViewState {
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
      isConnected: (userId) => this.viewers.isConnected(userId),
    };
  }

  private snapshot() {
    return snapshotSource(this.viewState());
  }

  private presentSeat(seat: Seat): TableSeat {
    return presentSeat(seat, { hand: this.hand, isConnected: (u) => this.viewers.isConnected(u) });
  }

  private emit(event: TableEvent): void {
    this.record({ kind: 'table', event });
  }

  private record(body: LogEntryBody): void {
    this.viewers.broadcast({ kind: 'event', entry: this.log.append(body) });
  }

  private async refreshSettings(): Promise<void> {
    const settings = await this.deps.settings.get();
    const timing = this.deps.timing;
    // A table's own action time (admin table form) wins over the site setting.
    this.actionTimeMs =
      timing.actionTimeMs ?? (this.table.actionTimeSeconds ?? settings.actionTimeSeconds) * 1000;
    this.timeBankMaxMs = timing.timeBankMaxMs ?? settings.timeBankSeconds * 1000;
    this.ratholeMs = (settings.table?.ratholeMinutes ?? DEFAULT_RATHOLE_MINUTES) * 60_000;
  }

  private enqueue<T>(work: () => Promise<T> | T): Promise<T> {
    const run = this.tail.then(() => {
      if (this.stopped) throw new Error('table runtime stopped');
      return work();
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Work from a timer or after a hand: queued, and logged if it fails. */
  private queued(work: () => Promise<void> | void, failure: string): void {
    this.enqueue(work).catch((err: unknown) => {
      if (!this.stopped) this.deps.logger.error({ err, tableId: this.tableId }, failure);
    });
  }
}

const idleTimer = (seat: Seat) => `idle:${seat.seat}`;

function engineRejectCode(code: string): Extract<Reply, { ok: false }>['code'] {
  switch (code) {
    case 'out-of-turn':
      return 'not-your-turn';
    case 'hand-complete':
      return 'stale';
    case 'bad-amount':
    case 'illegal-action':
      return code;
    default:
      return 'bad-message';
  }
}
