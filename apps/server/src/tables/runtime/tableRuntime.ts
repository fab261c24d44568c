// One live table: seats, the running hand, the action clock, and a serial queue so that commands,
// timers and settlement run one at a time. Money crosses the table's edge only through the ledger
// (buy-in, recharge, leave) and each finished hand is settled in one transaction (settlement.ts).
// Nothing of a running hand is written anywhere: if the process dies, the hand never happened.
import { randomUUID } from 'node:crypto';
import {
  applyAction,
  createHand,
  handRecord,
  legalActions,
  toPHH,
  toPokerStars,
  type HandEvent,
  type HandState,
  type PlayerAction,
  type Variant,
} from '@tenger/engine';
import type {
  ActionMessage,
  Settings,
  TableClientMessage,
  TableEvent,
  TableInfo,
  TableRejectCode,
  TableSeat,
  TableServerMessage,
} from '@tenger/protocol';
import type { Logger } from 'pino';
import { AppError } from '../../errors.js';
import type { HandStore } from '../../hands/handStore.js';
import { Accounts } from '../../ledger/accounts.js';
import type { Ledger } from '../../ledger/ledger.js';
import type { SettingsService } from '../../settings/settingsService.js';
import type { LiveTable, TableViewer } from '../tableLayer.js';
import type { TableRow } from '../tableService.js';
import { seedHand, type HandSeed } from './fairness.js';
import { DEFAULT_JACKPOT_SHARES, settleHand, type JackpotShares, type SeatOwner } from './settlement.js';
import {
  frameFor,
  type HandContext,
  type LogEntry,
  type LogEntryBody,
  type Outgoing,
  type SnapshotSource,
} from './viewerDoor.js';

export type { TableViewer };

export interface RuntimeTiming {
  /** Overrides settings.actionTimeSeconds (tests). */
  actionTimeMs?: number;
  /** Overrides settings.timeBankSeconds as the time bank's maximum (tests). */
  timeBankMaxMs?: number;
  /** Time bank refilled per hand dealt in. */
  timeBankRefillMs: number;
  /** Pause between the end of a hand and the next deal. */
  nextHandDelayMs: number;
  /** A player sat out this long is stood up and cashed out. */
  sitOutLimitMs: number;
  /** Consecutive timeouts that sit a player out. */
  timeoutsToSitOut: number;
  /** Events kept for RESUME. */
  logSize: number;
}

export const DEFAULT_TIMING: RuntimeTiming = {
  timeBankRefillMs: 1000,
  nextHandDelayMs: 3000,
  sitOutLimitMs: 5 * 60_000,
  timeoutsToSitOut: 2,
  logSize: 1024,
};

export interface UserProfile {
  userId: number;
  username: string;
  isBot: boolean;
  active: boolean;
}

export interface RuntimeDeps {
  table: TableRow;
  ledger: Ledger;
  hands: HandStore;
  settings: SettingsService;
  logger: Logger;
  timing: RuntimeTiming;
  profile(userId: number): Promise<UserProfile | null>;
  /** Hand numbers continue from here. */
  lastHandNumber: number;
  handsPlayed: number;
  rakeTaken: number;
  /** Called when seats change (lobby counts) or a bot seat frees up. */
  onSeatsChanged?(runtime: TableRuntime): void;
}

export type Reply = { ok: true } | { ok: false; code: TableRejectCode; message: string };
type LeaveReason = 'left' | 'kicked' | 'idle' | 'busted' | 'closed';

interface Seat {
  seat: number;
  userId: number;
  username: string;
  isBot: boolean;
  /** Chips at the table between hands; equals the seat's ledger account (minus a pending recharge). */
  stack: number;
  sittingOut: boolean;
  /** Must post a big blind on the next hand dealt in (a newcomer, or back from sitting out). */
  owesBigBlind: boolean;
  leaveAfterHand: LeaveReason | null;
  /** Chips already moved to the seat account, added to the stack when the hand ends. */
  pendingRecharge: number;
  timeBankMs: number;
  consecutiveTimeouts: number;
  idleTimer: NodeJS.Timeout | null;
  /** Last connection state announced to viewers. */
  connected: boolean;
}

interface RunningHand {
  handId: string;
  state: HandState;
  context: HandContext;
  seed: HandSeed;
  owners: Map<number, SeatOwner>;
  startedAt: Date;
  clock: {
    seat: number;
    startedAt: number;
    actionMs: number;
    deadline: number;
    timer: NodeJS.Timeout;
  } | null;
}

const ok: Reply = { ok: true };
const reject = (code: TableRejectCode, message: string): Reply => ({ ok: false, code, message });

export class TableRuntime implements LiveTable {
  readonly tableId: number;
  private table: TableRow;
  private readonly seats = new Map<number, Seat>();
  private readonly viewers = new Set<TableViewer>();
  private readonly log: LogEntry[] = [];
  private seq = 0;
  private hand: RunningHand | null = null;
  /** The last finished hand, shown in snapshots until the next deal. */
  private shownHand: { state: HandState; context: HandContext } | null = null;
  private button: number | null = null;
  private lastHandNumber: number;
  private handsPlayed: number;
  private rakeTaken: number;
  private jackpot = 0;
  private nextHandTimer: NodeJS.Timeout | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private deleted = false;
  private readonly salt = randomUUID().slice(0, 8);
  private actionTimeMs = 20_000;
  private timeBankMaxMs = 30_000;

  constructor(private readonly deps: RuntimeDeps) {
    this.tableId = deps.table.id;
    this.table = deps.table;
    this.lastHandNumber = deps.lastHandNumber;
    this.handsPlayed = deps.handsPlayed;
    this.rakeTaken = deps.rakeTaken;
  }

  /** Reads settings and the jackpot before the first viewer arrives. */
  async init(): Promise<void> {
    await this.refreshSettings();
    this.jackpot = await this.deps.ledger.jackpotAmount();
  }

  // ---- viewers -------------------------------------------------------------------------------

  join(viewer: TableViewer): void {
    this.viewers.add(viewer);
    this.send(viewer, { kind: 'snapshot', source: this.snapshotSource() });
    this.connectionChanged(viewer.userId);
  }

  leave(viewer: TableViewer): void {
    if (!this.viewers.delete(viewer)) return;
    this.connectionChanged(viewer.userId);
  }

  /** The viewer became `userId` (AUTH): a fresh snapshot with its own cards. */
  identify(viewer: TableViewer, userId: number): void {
    const before = viewer.userId;
    viewer.userId = userId;
    if (before !== null && before !== userId) this.connectionChanged(before);
    this.connectionChanged(userId);
    if (this.viewers.has(viewer)) this.send(viewer, { kind: 'snapshot', source: this.snapshotSource() });
  }

  /** The events after `lastSeq` through the door, or a fresh snapshot if they are gone. */
  resume(viewer: TableViewer, lastSeq: number): void {
    const first = this.log[0]?.seq ?? this.seq + 1;
    if (lastSeq > this.seq || lastSeq < first - 1) {
      this.send(viewer, { kind: 'snapshot', source: this.snapshotSource() });
      return;
    }
    for (const entry of this.log) if (entry.seq > lastSeq) this.send(viewer, { kind: 'event', entry });
  }

  /** The viewer's own snapshot (bots decide from this). */
  snapshotFor(viewer: TableViewer): TableServerMessage {
    return frameFor(viewer, { kind: 'snapshot', source: this.snapshotSource() });
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
    if (reply.ok) this.send(viewer, { kind: 'reply', message: { type: 'ACK', requestId } });
    else this.send(viewer, { kind: 'reply', message: { type: 'REJECT', requestId, ...withoutOk(reply) } });
    return reply;
  }

  private async execute(viewer: TableViewer, message: TableClientMessage): Promise<Reply> {
    if (this.stopped) return reject('table-closed', 'The table is closed');
    const userId = viewer.userId;
    if (userId === null) return reject('unauthorized', 'Log in to play');
    switch (message.type) {
      case 'SIT':
        return this.sit(userId, message.seat, message.amount);
      case 'ACTION':
        return this.act(userId, message);
      case 'SIT_OUT':
        return this.sitOut(userId);
      case 'SIT_IN':
        return this.sitIn(userId);
      case 'RECHARGE':
        return this.recharge(userId, message.amount);
      case 'LEAVE':
        return this.requestLeave(userId, 'left');
      default:
        return reject('bad-message', `${message.type} is not a table command`);
    }
  }

  private async sit(userId: number, seatIndex: number, amount: number): Promise<Reply> {
    if (this.deleted || this.table.closed)
      return reject('table-closed', 'This table is closed to new players');
    if (seatIndex >= this.table.maxPlayers)
      return reject('bad-seat', `Seats are 0 to ${this.table.maxPlayers - 1}`);
    if (this.seatOf(userId)) return reject('already-seated', 'You already have a seat at this table');
    if (this.seats.has(seatIndex)) return reject('seat-taken', 'That seat is taken');
    if (amount < this.table.minBuyIn || amount > this.table.maxBuyIn) {
      return reject('bad-amount', `Buy in between ${this.table.minBuyIn} and ${this.table.maxBuyIn}`);
    }
    const profile = await this.deps.profile(userId);
    if (!profile?.active) return reject('unauthorized', 'This account cannot play');
    const moved = await this.moveToSeat(profile, amount, profile.isBot ? 'bot_funding' : 'buy_in');
    if (!moved.ok) return moved;
    const seat: Seat = {
      seat: seatIndex,
      userId,
      username: profile.username,
      isBot: profile.isBot,
      stack: amount,
      sittingOut: false,
      owesBigBlind: true,
      leaveAfterHand: null,
      pendingRecharge: 0,
      timeBankMs: this.timeBankMaxMs,
      consecutiveTimeouts: 0,
      idleTimer: null,
      connected: profile.isBot || this.isConnected(userId),
    };
    this.seats.set(seatIndex, seat);
    this.emit({ type: 'seat-taken', seat: this.presentSeat(seat) });
    this.deps.onSeatsChanged?.(this);
    this.scheduleNextHand();
    return ok;
  }

  private async recharge(userId: number, amount: number): Promise<Reply> {
    const seat = this.seatOf(userId);
    if (!seat) return reject('not-seated', 'You are not seated at this table');
    if (seat.leaveAfterHand) return reject('in-hand', 'You are leaving this table');
    if (seat.stack + seat.pendingRecharge + amount > this.table.maxBuyIn) {
      return reject('above-max', `Chips at the table may not exceed ${this.table.maxBuyIn}`);
    }
    const profile = { userId, isBot: seat.isBot };
    const moved = await this.moveToSeat(profile, amount, seat.isBot ? 'bot_funding' : 'recharge');
    if (!moved.ok) return moved;
    if (this.inRunningHand(seat)) {
      seat.pendingRecharge += amount;
      this.emit({ type: 'seat-updated', seat: this.presentSeat(seat) });
    } else {
      seat.stack += amount;
      this.emit({ type: 'stack-changed', seat: seat.seat, stack: seat.stack, reason: 'recharge' });
      this.scheduleNextHand();
    }
    return ok;
  }

  private sitOut(userId: number): Reply {
    const seat = this.seatOf(userId);
    if (!seat) return reject('not-seated', 'You are not seated at this table');
    if (!seat.sittingOut) this.markSittingOut(seat);
    return ok;
  }

  private sitIn(userId: number): Reply {
    const seat = this.seatOf(userId);
    if (!seat) return reject('not-seated', 'You are not seated at this table');
    if (seat.leaveAfterHand) return reject('in-hand', 'You are leaving this table');
    if (seat.sittingOut) {
      seat.sittingOut = false;
      seat.owesBigBlind = true;
      seat.consecutiveTimeouts = 0;
      this.clearIdle(seat);
      this.emit({ type: 'sat-in', seat: seat.seat });
      this.scheduleNextHand();
    }
    return ok;
  }

  private async requestLeave(userId: number, reason: LeaveReason): Promise<Reply> {
    const seat = this.seatOf(userId);
    if (!seat) return reject('not-seated', 'You are not seated at this table');
    if (this.inRunningHand(seat)) {
      seat.leaveAfterHand = reason;
      this.emit({ type: 'seat-updated', seat: this.presentSeat(seat) });
      return ok;
    }
    await this.standUp(seat, reason);
    return ok;
  }

  private act(userId: number, message: ActionMessage): Reply {
    const seat = this.seatOf(userId);
    if (!seat) return reject('not-seated', 'You are not seated at this table');
    const hand = this.hand;
    if (!hand || hand.state.phase === 'complete') return reject('stale', 'No hand is running');
    if (message.handNumber !== hand.state.config.handNumber) return reject('stale', 'That hand is over');
    if (!hand.owners.has(seat.seat) || hand.owners.get(seat.seat)!.userId !== userId) {
      return reject('not-your-turn', 'You are not in this hand');
    }
    if (message.stateId !== undefined && message.stateId !== hand.state.actionCount) {
      return reject('stale', 'The hand has moved on; look again');
    }
    if (hand.state.toAct !== seat.seat) return reject('not-your-turn', 'It is not your turn');
    const action: PlayerAction = { seat: seat.seat, type: message.action };
    if (message.amount !== undefined) action.amount = message.amount;
    const used = hand.clock ? Math.max(0, Date.now() - hand.clock.startedAt - hand.clock.actionMs) : 0;
    const result = applyAction(hand.state, action);
    if ('error' in result) return reject(engineRejectCode(result.error.code), result.error.message);
    seat.timeBankMs = Math.max(0, seat.timeBankMs - used);
    seat.consecutiveTimeouts = 0;
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
      if (!this.seatOf(userId)) return false;
      await this.requestLeave(userId, 'kicked');
      return true;
    });
  }

  /** Bots leave after the hand; their chips go back to the bot bankroll. */
  releaseBots(): Promise<void> {
    return this.enqueue(async () => {
      for (const seat of [...this.seats.values()])
        if (seat.isBot) await this.requestLeave(seat.userId, 'left');
    });
  }

  /** The table row changed: stakes apply from the next hand; a deleted table closes after the hand. */
  updateTable(row: TableRow | null): Promise<void> {
    return this.enqueue(async () => {
      if (row === null) {
        this.deleted = true;
        for (const seat of [...this.seats.values()]) await this.requestLeave(seat.userId, 'closed');
        if (!this.hand) this.emit({ type: 'table-closed' });
        return;
      }
      this.table = row;
      const { seats: _seats, ...table } = this.tableInfo();
      void _seats;
      this.emit({ type: 'table-updated', table });
    });
  }

  /** Stops every timer. Nothing is settled: a running hand is void (its stacks are still in the ledger). */
  stop(): void {
    this.stopped = true;
    if (this.nextHandTimer) clearTimeout(this.nextHandTimer);
    this.nextHandTimer = null;
    if (this.hand?.clock) clearTimeout(this.hand.clock.timer);
    for (const seat of this.seats.values()) this.clearIdle(seat);
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
    const free: number[] = [];
    for (let s = 0; s < this.table.maxPlayers; s++) if (!this.seats.has(s)) free.push(s);
    return free;
  }

  get maxPlayers(): number {
    return this.table.maxPlayers;
  }

  get buyInRange(): { min: number; max: number; bigBlind: number } {
    return { min: this.table.minBuyIn, max: this.table.maxBuyIn, bigBlind: this.table.bigBlind };
  }

  /** Seats as the house sees them (no cards). */
  seatList(): Array<TableSeat & { sittingOut: boolean }> {
    return [...this.seats.values()]
      .sort((a, b) => a.seat - b.seat)
      .map((s) => ({ ...this.presentSeat(s), sittingOut: s.sittingOut }));
  }

  /** The running hand as a spectator sees it (board and pots), for the admin session. */
  publicHand(): {
    handNumber: number;
    board: string[];
    pots: { amount: number; eligible: number[] }[];
  } | null {
    const source = this.snapshotSource();
    const frame = frameFor({ userId: null }, { kind: 'snapshot', source });
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
    if (this.stopped || this.deleted || this.hand || this.nextHandTimer) return;
    if (this.dealable().length < 2) return;
    this.nextHandTimer = setTimeout(() => {
      this.nextHandTimer = null;
      void this.enqueue(() => this.startHand()).catch((error: unknown) =>
        this.deps.logger.error({ err: error, tableId: this.tableId }, 'could not start a hand'),
      );
    }, this.deps.timing.nextHandDelayMs);
  }

  private dealable(): Seat[] {
    return [...this.seats.values()]
      .filter((s) => !s.sittingOut && s.stack > 0 && !s.leaveAfterHand)
      .sort((a, b) => a.seat - b.seat);
  }

  private async startHand(): Promise<void> {
    if (this.stopped || this.deleted || this.hand) return;
    const players = this.dealable();
    if (players.length < 2) return;
    await this.refreshSettings();
    const settings = await this.deps.settings.get();
    this.button = nextSeatAfter(players, this.button);
    const handNumber = this.lastHandNumber + 1;
    const seed = seedHand(this.tableId, handNumber, this.salt);
    const handId = randomUUID();
    const veterans = players.filter((s) => !s.owesBigBlind).length;
    const result = createHand({
      variant: engineVariant(this.table),
      seats: players.map((s) => ({
        seat: s.seat,
        playerId: String(s.userId),
        stack: s.stack,
        postsBigBlind: s.owesBigBlind && veterans >= 2,
      })),
      button: this.button,
      smallBlind: this.table.smallBlind,
      bigBlind: this.table.bigBlind,
      rake: { percent: settings.rake.percent, cap: settings.rake.capBigBlinds * this.table.bigBlind },
      deck: seed.deck,
      handNumber,
      seedCommitment: seed.commitment,
      tableId: String(this.tableId),
    });
    if ('error' in result) {
      this.deps.logger.error({ tableId: this.tableId, error: result.error }, 'the engine refused a hand');
      return;
    }
    this.lastHandNumber = handNumber;
    for (const s of players) s.owesBigBlind = false;
    const owners = new Map(players.map((s) => [s.seat, { userId: s.userId, isBot: s.isBot }]));
    const context: HandContext = {
      handId,
      seedCommitment: seed.commitment,
      clientSeed: seed.clientSeed,
      seatOwners: new Map(players.map((s) => [s.seat, s.userId])),
    };
    this.shownHand = null;
    const hand: RunningHand = {
      handId,
      state: result.state,
      context,
      seed,
      owners,
      startedAt: new Date(),
      clock: null,
    };
    this.hand = hand;
    this.advance(hand, result.state, result.events);
  }

  /** A new state of the running hand: publish its events, then run the clock or settle. */
  private advance(hand: RunningHand, state: HandState, events: HandEvent[]): void {
    if (hand.clock) clearTimeout(hand.clock.timer);
    hand.clock = null;
    hand.state = state;
    for (const event of events) this.record({ kind: 'hand', event, hand: hand.context });
    if (state.phase === 'complete') {
      void this.finishHandLater(hand);
      return;
    }
    if (state.toAct !== null) this.startClock(hand, state.toAct);
  }

  /** Settlement runs as its own queued step so the command that ended the hand is acked first. */
  private finishHandLater(hand: RunningHand): Promise<void> {
    return this.enqueue(() => this.finishHand(hand)).catch((error: unknown) =>
      this.deps.logger.error({ err: error, tableId: this.tableId }, 'could not finish a hand'),
    );
  }

  private startClock(hand: RunningHand, seatIndex: number): void {
    const seat = this.seats.get(seatIndex);
    const bank = seat?.timeBankMs ?? 0;
    const actionMs = this.actionTimeMs;
    const startedAt = Date.now();
    const deadline = startedAt + actionMs + bank;
    const actionCount = hand.state.actionCount;
    const timer = setTimeout(() => {
      void this.enqueue(() => this.timeout(hand, actionCount)).catch((error: unknown) =>
        this.deps.logger.error({ err: error, tableId: this.tableId }, 'timeout failed'),
      );
    }, actionMs + bank);
    hand.clock = { seat: seatIndex, startedAt, actionMs, deadline, timer };
    this.emit({
      type: 'clock',
      seat: seatIndex,
      handNumber: hand.state.config.handNumber,
      deadline,
      timeBankMs: bank,
    });
  }

  private timeout(hand: RunningHand, actionCount: number): void {
    if (this.hand !== hand || hand.state.actionCount !== actionCount || hand.state.toAct === null) return;
    const seatIndex = hand.state.toAct;
    const legal = legalActions(hand.state);
    const type = legal?.actions.some((a) => a.type === 'check') ? 'check' : 'fold';
    const result = applyAction(hand.state, { seat: seatIndex, type });
    if ('error' in result) {
      this.deps.logger.error({ tableId: this.tableId, error: result.error }, 'timeout action refused');
      return;
    }
    const seat = this.seats.get(seatIndex);
    this.emit({ type: 'timed-out', seat: seatIndex, action: type });
    if (seat) {
      seat.timeBankMs = 0;
      seat.consecutiveTimeouts++;
      if (seat.consecutiveTimeouts >= this.deps.timing.timeoutsToSitOut && !seat.sittingOut)
        this.markSittingOut(seat);
    }
    this.advance(hand, result.state, result.events);
  }

  private async finishHand(hand: RunningHand): Promise<void> {
    if (this.stopped || this.hand !== hand) return;
    const record = handRecord(hand.state);
    if (!record) return;
    const settings = await this.deps.settings.get();
    const endedAt = new Date();
    try {
      const settled = await settleHand(this.deps.ledger, this.deps.hands, {
        handId: hand.handId,
        tableId: this.tableId,
        record,
        owners: hand.owners,
        contributionPercent: settings.jackpot.contributionPercent,
        shares: jackpotShares(settings),
        stored: {
          handId: hand.handId,
          tableId: this.tableId,
          handNumber: record.handNumber,
          startedAt: hand.startedAt,
          endedAt,
          variant: record.variant,
          record,
          serverSeed: hand.seed.serverSeed,
          seedCommitment: hand.seed.commitment,
          clientSeed: hand.seed.clientSeed,
          phh: toPHH(record),
          pokerstars: toPokerStars(record, {
            startedAt: hand.startedAt,
            tableName: this.table.name,
            currency: '₮',
          }),
          totalPot: record.totalPot,
          rake: record.rake,
        },
      });
      for (const entry of record.seats) {
        const seat = this.seats.get(entry.seat);
        if (seat && entry.dealtIn) seat.stack = entry.finalStack;
      }
      this.handsPlayed++;
      this.rakeTaken += record.rake;
      // Stopped while the settlement committed: the books are right; do nothing more (a crash would not).
      if (this.stopped) return;
      this.emit({
        type: 'hand-result',
        handId: hand.handId,
        handNumber: record.handNumber,
        results: record.seats
          .filter((s) => s.dealtIn)
          .map((s) => ({ seat: s.seat, userId: hand.owners.get(s.seat)!.userId, net: s.net })),
        rake: record.rake,
        jackpotContribution: settled.money.jackpotContribution,
        jackpotPayouts: settled.payouts.map((p) => ({ ...p, userId: hand.owners.get(p.seat)!.userId })),
        serverSeed: hand.seed.serverSeed,
        seedCommitment: hand.seed.commitment,
        clientSeed: hand.seed.clientSeed,
      });
      const jackpot = settled.jackpot ?? this.jackpot + settled.money.jackpotContribution;
      if (jackpot !== this.jackpot) this.jackpotChanged(jackpot);
    } catch (error) {
      // The ledger refused or the database failed: the hand is void, every stack is as it began.
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

  /** Between hands: time banks refill, recharges land, leavers and the busted stand up. */
  private async afterHand(hand: RunningHand): Promise<void> {
    for (const seat of [...this.seats.values()]) {
      if (hand.owners.has(seat.seat)) {
        seat.timeBankMs = Math.min(this.timeBankMaxMs, seat.timeBankMs + this.deps.timing.timeBankRefillMs);
      }
      if (seat.pendingRecharge > 0) {
        seat.stack += seat.pendingRecharge;
        seat.pendingRecharge = 0;
        this.emit({ type: 'stack-changed', seat: seat.seat, stack: seat.stack, reason: 'recharge' });
      }
      if (seat.leaveAfterHand) await this.standUp(seat, seat.leaveAfterHand);
      else if (seat.stack === 0) await this.standUp(seat, 'busted');
    }
    if (this.deleted) {
      this.emit({ type: 'table-closed' });
      return;
    }
    this.scheduleNextHand();
  }

  // ---- seats and money -----------------------------------------------------------------------

  private async moveToSeat(
    who: { userId: number; isBot: boolean },
    amount: number,
    kind: 'buy_in' | 'recharge' | 'bot_funding',
  ): Promise<Reply> {
    try {
      await this.deps.ledger.transfer({
        from: who.isBot ? Accounts.botBankroll : Accounts.available(who.userId),
        to: Accounts.seat(who.userId, this.tableId),
        amount,
        kind,
        key: `${kind}:${this.tableId}:${who.userId}:${randomUUID()}`,
        tableId: this.tableId,
      });
      return ok;
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient_funds') {
        return reject('insufficient-balance', 'Your balance is too low');
      }
      throw error;
    }
  }

  /** Cashes the seat out to the owner's balance (bots: the bot bankroll) and frees it. */
  private async standUp(seat: Seat, reason: LeaveReason): Promise<void> {
    const amount = seat.stack + seat.pendingRecharge;
    if (amount > 0) {
      await this.deps.ledger.transfer({
        from: Accounts.seat(seat.userId, this.tableId),
        to: seat.isBot ? Accounts.botBankroll : Accounts.available(seat.userId),
        amount,
        kind: seat.isBot ? 'bot_return' : 'leave_seat',
        key: `leave:${this.tableId}:${seat.userId}:${randomUUID()}`,
        tableId: this.tableId,
        meta: { reason },
      });
    }
    this.clearIdle(seat);
    this.seats.delete(seat.seat);
    this.emit({ type: 'seat-left', seat: seat.seat, userId: seat.userId, reason });
    this.deps.onSeatsChanged?.(this);
  }

  private markSittingOut(seat: Seat): void {
    seat.sittingOut = true;
    this.emit({ type: 'sat-out', seat: seat.seat });
    this.clearIdle(seat);
    seat.idleTimer = setTimeout(() => {
      void this.enqueue(async () => {
        const current = this.seats.get(seat.seat);
        if (current !== seat || !seat.sittingOut) return;
        await this.requestLeave(seat.userId, 'idle');
      }).catch((error: unknown) => this.deps.logger.error({ err: error }, 'idle stand-up failed'));
    }, this.deps.timing.sitOutLimitMs);
  }

  private clearIdle(seat: Seat): void {
    if (seat.idleTimer) clearTimeout(seat.idleTimer);
    seat.idleTimer = null;
  }

  private seatOf(userId: number): Seat | undefined {
    for (const seat of this.seats.values()) if (seat.userId === userId) return seat;
    return undefined;
  }

  private inRunningHand(seat: Seat): boolean {
    return this.hand !== null && this.hand.owners.get(seat.seat)?.userId === seat.userId;
  }

  /** Tells viewers when a seated person's first connection opens or their last one closes. */
  private connectionChanged(userId: number | null): void {
    if (userId === null) return;
    const seat = this.seatOf(userId);
    if (!seat || seat.isBot) return;
    const connected = this.isConnected(userId);
    if (seat.connected === connected) return;
    seat.connected = connected;
    this.emit({ type: 'connection', seat: seat.seat, connected });
  }

  private isConnected(userId: number): boolean {
    for (const viewer of this.viewers) if (viewer.userId === userId) return true;
    return false;
  }

  // ---- what viewers see ----------------------------------------------------------------------

  private presentSeat(seat: Seat): TableSeat {
    const status = seat.leaveAfterHand
      ? 'leaving'
      : seat.sittingOut
        ? 'sitting-out'
        : this.hand && !this.inRunningHand(seat)
          ? 'waiting'
          : 'playing';
    return {
      seat: seat.seat,
      userId: seat.userId,
      username: seat.username,
      isBot: seat.isBot,
      stack: this.inRunningHand(seat)
        ? (this.hand!.state.seats.find((s) => s.seat === seat.seat)?.stack ?? seat.stack)
        : seat.stack,
      status,
      connected: seat.isBot || this.isConnected(seat.userId),
      timeBankMs: seat.timeBankMs,
      pendingRecharge: seat.pendingRecharge > 0 ? seat.pendingRecharge : null,
    };
  }

  private tableInfo(): TableInfo {
    const t = this.table;
    return {
      tableId: t.id,
      name: t.name,
      variant: t.variant,
      betting: t.betting,
      smallBlind: t.smallBlind,
      bigBlind: t.bigBlind,
      minBuyIn: t.minBuyIn,
      maxBuyIn: t.maxBuyIn,
      maxPlayers: t.maxPlayers,
      status: t.closed || this.deleted ? 'closed' : this.hand ? 'playing' : 'waiting',
      actionTimeSeconds: Math.round(this.actionTimeMs / 1000),
      seats: [...this.seats.values()].sort((a, b) => a.seat - b.seat).map((s) => this.presentSeat(s)),
      button: this.button,
      handsPlayed: this.handsPlayed,
    };
  }

  private snapshotSource(): SnapshotSource {
    const running = this.hand;
    const hand = running
      ? { state: running.state, context: running.context, deadline: running.clock?.deadline ?? null }
      : this.shownHand
        ? { ...this.shownHand, deadline: null }
        : null;
    return { seq: this.seq, table: this.tableInfo(), hand, jackpot: this.jackpot };
  }

  private emit(event: TableEvent): void {
    this.record({ kind: 'table', event });
  }

  private record(entry: LogEntryBody): void {
    const logged: LogEntry = { ...entry, seq: ++this.seq };
    this.log.push(logged);
    if (this.log.length > this.deps.timing.logSize) this.log.shift();
    for (const viewer of this.viewers) this.send(viewer, { kind: 'event', entry: logged });
  }

  /** Every frame leaves through here, built by the one per-viewer door. */
  private send(viewer: TableViewer, outgoing: Outgoing): void {
    try {
      viewer.send(frameFor(viewer, outgoing));
    } catch (error) {
      this.deps.logger.warn({ err: error, tableId: this.tableId }, 'a viewer could not be sent a frame');
    }
  }

  private async refreshSettings(): Promise<void> {
    const settings = await this.deps.settings.get();
    // A table's own action time (admin table form) wins over the site setting.
    this.actionTimeMs =
      this.deps.timing.actionTimeMs ?? (this.table.actionTimeSeconds ?? settings.actionTimeSeconds) * 1000;
    this.timeBankMaxMs = this.deps.timing.timeBankMaxMs ?? settings.timeBankSeconds * 1000;
  }

  private enqueue<T>(work: () => Promise<T> | T): Promise<T> {
    const run = this.tail.then(() => {
      if (this.stopped) throw new Error('table runtime stopped');
      return work();
    });
    this.tail = run.catch(() => undefined);
    return run;
  }
}

function withoutOk(reply: Extract<Reply, { ok: false }>): { code: TableRejectCode; message: string } {
  return { code: reply.code, message: reply.message };
}

function engineRejectCode(code: string): TableRejectCode {
  switch (code) {
    case 'out-of-turn':
      return 'not-your-turn';
    case 'hand-complete':
      return 'stale';
    case 'bad-amount':
      return 'bad-amount';
    case 'illegal-action':
      return 'illegal-action';
    default:
      return 'bad-message';
  }
}

export function engineVariant(table: Pick<TableRow, 'variant' | 'betting'>): Variant {
  if (table.variant === 'holdem') return 'holdem-nl';
  return table.betting === 'no-limit' ? 'omaha-nl' : 'omaha-pl';
}

/** The next dealt-in seat clockwise after `after` (the first one when there is no button yet). */
function nextSeatAfter(players: readonly Seat[], after: number | null): number {
  if (after === null) return players[0].seat;
  return (players.find((s) => s.seat > after) ?? players[0]).seat;
}

/** Bad-beat shares from settings when an operator set them, else the defaults. */
function jackpotShares(settings: Settings): JackpotShares {
  return settings.jackpot.badBeatShares ?? DEFAULT_JACKPOT_SHARES;
}
