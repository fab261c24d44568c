// One live table, as the channel, the bots and the registry see it: viewers come and go, commands
// run one at a time in the table's queue and are answered ACK or REJECT. Inside: TableState (the
// state, queue and event log), SeatDesk (seat commands), Dealer (the hand loop), SeatExits (standing
// up, sitting out), each given what it needs when built. The world comes through ports (ports.ts): a
// Clock, a TableBank, a TableStore and a Broadcaster.
import type { Level } from '@tenger/engine';
import type { TableClientMessage, TableSeat, TableServerMessage, TableWaitlist } from '@tenger/protocol';
import { rejectOf } from '../../errors.js';
import type { LiveTable, TableViewer } from '../tableLayer.js';
import type { TableRow } from '../tableCatalogue.js';
import { Dealer, dealtHand } from './dealer.js';
import { drainTable, type DrainResult } from './drain.js';
import type { UserProfile } from './ports.js';
import { SeatDesk } from './seatDesk.js';
import { SeatExits } from './seatExits.js';
import { freeSeats, newSeat, reject, seatOf, type Reply } from './seatRules.js';
import { sortedSeats } from './tableView.js';
import { TableState, type RuntimeDeps as StateDeps } from './tableState.js';
import type { TournamentExit, TournamentStandings } from './tournamentMode.js';
import { frameFor } from './viewerDoor.js';
import { opsSignals, secondsSince } from '../../ops/signals.js';

export type { TableViewer, Reply, UserProfile, DrainResult };
export { DEFAULT_TIMING, type RuntimeTiming } from './timing.js';
export { engineVariant } from './runningHand.js';

export interface RestoredSeat {
  seat: number;
  profile: UserProfile;
  stack: number;
  sittingOut: boolean;
  timeBankMs: number;
}

export interface RuntimeDeps extends Omit<StateDeps, 'onSeatsChanged'> {
  /** Called when seats change (lobby counts) or a bot seat frees up. */
  onSeatsChanged?(runtime: TableRuntime): void;
}

export class TableRuntime implements LiveTable {
  readonly tableId: number;
  private readonly t: TableState;
  private readonly exits: SeatExits;
  private readonly dealer: Dealer;
  private readonly desk: SeatDesk;

  constructor(deps: RuntimeDeps) {
    const { onSeatsChanged, ...rest } = deps;
    this.t = new TableState({ ...rest, onSeatsChanged: () => onSeatsChanged?.(this) });
    this.tableId = this.t.tableId;
    this.exits = new SeatExits(this.t);
    this.dealer = new Dealer(this.t, this.exits);
    this.desk = new SeatDesk(this.t, this.dealer, this.exits);
  }

  /** Reads settings and the jackpot before the first viewer arrives. */
  async init(): Promise<void> {
    await this.t.refreshSettings();
    this.t.jackpot = await this.t.deps.bank.jackpotAmount();
  }

  // ---- viewers -------------------------------------------------------------------------------

  join(viewer: TableViewer): void {
    this.t.viewers.add(viewer);
    this.t.viewers.send(viewer, { kind: 'snapshot', source: this.t.snapshot() });
    this.t.connectionChanged(viewer.userId);
  }

  leave(viewer: TableViewer): void {
    if (this.t.viewers.remove(viewer)) this.t.connectionChanged(viewer.userId);
  }

  /** The viewer became `userId` (AUTH): a fresh snapshot with its own cards. */
  identify(viewer: TableViewer, userId: number): void {
    const before = viewer.userId;
    viewer.userId = userId;
    if (before !== null && before !== userId) this.t.connectionChanged(before);
    this.t.connectionChanged(userId);
    if (this.t.viewers.has(viewer))
      this.t.viewers.send(viewer, { kind: 'snapshot', source: this.t.snapshot() });
  }

  /** The events after `lastSeq` through the door, or a fresh snapshot if they are gone. */
  resume(viewer: TableViewer, lastSeq: number): void {
    const entries = this.t.log.since(lastSeq);
    if (!entries) this.t.viewers.send(viewer, { kind: 'snapshot', source: this.t.snapshot() });
    else for (const entry of entries) this.t.viewers.send(viewer, { kind: 'event', entry });
  }

  /** The viewer's own snapshot (bots decide from this). */
  snapshotFor(viewer: TableViewer): TableServerMessage {
    return frameFor(viewer, { kind: 'snapshot', source: this.t.snapshot() });
  }

  // ---- commands ------------------------------------------------------------------------------

  /** Runs one client command in the table's queue; the viewer gets ACK or REJECT. */
  async handle(viewer: TableViewer, message: TableClientMessage): Promise<Reply> {
    const began = performance.now();
    const requestId = message.requestId ?? null;
    const reply = await this.run(viewer, message);
    const frame = reply.ok
      ? ({ type: 'ACK', requestId } as const)
      : ({ type: 'REJECT', requestId, code: reply.code, message: reply.message } as const);
    this.t.viewers.send(viewer, { kind: 'reply', message: frame });
    opsSignals.tableCommand.publish({ command: message.type, seconds: secondsSince(began), ok: reply.ok });
    return reply;
  }

  /**
   * Joining or leaving the waiting list from the lobby (HTTP): the table channel's WAITLIST, with the same
   * rules and in the same queue, for a player who has no socket at this table.
   */
  waitlistRequest(userId: number, join: boolean): Promise<Reply> {
    return this.run({ userId, send: () => undefined }, { type: 'WAITLIST', join });
  }

  /** The waiting list, when anyone waits (the lobby's counts and offers). */
  get waitlist(): TableWaitlist | null {
    return this.t.waitlist.view();
  }

  /** One command in the table's queue; a refusal (or an unexpected failure, logged) is a REJECT reply. */
  private async run(viewer: TableViewer, message: TableClientMessage): Promise<Reply> {
    try {
      return await this.t.enqueue(() => this.execute(viewer, message));
    } catch (error) {
      const refused = rejectOf(error);
      if (refused) return reject(refused.code, refused.message);
      const context = { err: error, tableId: this.tableId, command: message.type };
      this.t.deps.logger.error(context, 'table command failed');
      return this.t.stopped
        ? reject('table_closed', 'The table is closed')
        : reject('busy', 'Please try again');
    }
  }

  private async execute(viewer: TableViewer, message: TableClientMessage): Promise<Reply> {
    if (this.t.stopped) return reject('table_closed', 'The table is closed');
    if (this.t.drained || (this.t.draining && message.type === 'SIT'))
      return reject('server_restarting', 'The server is restarting: try again in a minute');
    // A process that slept past its lease may have lost the table: it touches nothing (fencing.ts).
    if (!this.t.holdsLease()) return reject('busy', 'The table is moving to another server: try again');
    if (this.t.deps.tournament && isCashOnly(message))
      return reject('tournament_table', 'At a tournament table the chips belong to the tournament');
    const userId = viewer.userId;
    if (userId === null) return reject('unauthorized', 'Log in to play');
    const seat = seatOf(this.t.seats, userId);
    if (seat?.removed && message.type !== 'LEAVE') return reject('unauthorized', 'This account cannot play');
    switch (message.type) {
      case 'SIT':
        return this.desk.sit(userId, message.seat, message.amount, message.postNow ?? false);
      case 'ACTION':
        return this.desk.act(seat, message);
      case 'SIT_OUT':
        return this.desk.sitOut(seat);
      case 'SIT_IN':
        return this.desk.sitIn(seat);
      case 'RECHARGE':
        return this.desk.recharge(seat, message.amount);
      case 'LEAVE':
        return this.desk.leave(seat, 'left');
      case 'WAITLIST':
        return message.join ? this.t.waitlist.join(userId) : this.t.waitlist.leave(userId);
      case 'SHOW':
        return this.desk.choose(seat, true, message.cards);
      case 'MUCK':
        return this.desk.choose(seat, false);
      case 'SEAT_OPTIONS':
        return this.desk.setOptions(seat, message.options);
      case 'SEED':
        // Only a seated player's seed counts, and only for a deck it has already seen committed.
        if (!seat) return reject('not_seated', 'Only a seated player may add a seed');
        if (!this.t.nextDeal.acceptSeed(userId, message.seed))
          return reject('no_commitment', 'No deck is committed yet; send the seed after the next commitment');
        return { ok: true };
      default:
        return reject('bad_message', `${message.type} is not a table command`);
    }
  }

  /** The jackpot moved (here or at another table): tell the viewers. The only way a new amount arrives. */
  jackpotChanged(amount: number): void {
    if (amount === this.t.jackpot || this.t.stopped) return;
    this.t.jackpot = amount;
    this.t.emit({ type: 'jackpot', amount });
  }

  /**
   * After a restart: the seats kept in the store, each with its ledger seat account as the stack
   * (the voided hand's stacks as it began). Everyone is shown disconnected until they connect. Before
   * the next deal the seats are matched against their seat accounts once more (Dealer.reconcileSeats).
   */
  restore(seats: readonly RestoredSeat[]): Promise<void> {
    return this.t.enqueue(() => {
      for (const r of seats) {
        if (this.t.seats.has(r.seat) || seatOf(this.t.seats, r.profile.userId)) continue;
        const seat = newSeat(
          r.profile,
          r.seat,
          r.stack,
          Math.min(r.timeBankMs, this.t.timeBankMaxMs),
          r.profile.isBot,
        );
        this.t.seats.set(r.seat, seat);
        if (r.sittingOut) this.exits.markSittingOut(seat);
      }
      this.t.reconcileBeforeDeal = true;
      this.t.seatsChanged(false);
      this.dealer.scheduleNextHand();
    });
  }

  // ---- tournament tables (tournamentMode.ts) ---------------------------------------------------

  /** Seats a tournament player with their chips (the seat draw, or a move); dealt in from the next hand. */
  seatTournamentPlayer(
    player: { userId: number; isBot: boolean },
    seatIndex: number,
    stack: number,
  ): Promise<void> {
    return this.t.enqueue(async () => {
      if (this.t.seats.has(seatIndex)) throw new Error(`seat ${seatIndex} of table ${this.tableId} is taken`);
      // The entry is the right to play: the profile only names the seat (an unknown one gets a number,
      // and so does one the database could not read in time: the player is seated all the same).
      const known = await this.t.deps.profile(player.userId).catch((err: unknown) => {
        this.t.deps.logger.warn(
          { err, tableId: this.tableId, userId: player.userId },
          'no profile for a tournament seat',
        );
        return null;
      });
      const profile: UserProfile = {
        userId: player.userId,
        username: known?.username ?? `#${player.userId}`,
        isBot: player.isBot,
        active: true,
        role: known?.role ?? 'PLAYER',
      };
      const connected = profile.isBot || this.t.viewers.isConnected(profile.userId);
      const seat = newSeat(profile, seatIndex, stack, this.t.timeBankMaxMs, connected);
      seat.owesBigBlind = false;
      this.t.seats.set(seatIndex, seat);
      this.t.deps.tournament?.exits.delete(profile.userId);
      this.t.emit({ type: 'seat-taken', seat: this.t.presentSeat(seat) });
      this.t.seatsChanged();
    });
  }

  /** Chips a tournament player bought (a rebuy or the add-on), between hands: onto their stack. */
  addTournamentChips(userId: number, chips: number): Promise<void> {
    return this.t.enqueue(() => {
      const seat = seatOf(this.t.seats, userId);
      if (!seat) throw new Error(`player ${userId} is not seated at table ${this.tableId}`);
      // The director adds chips only while the table waits between hands.
      seat.stack += chips;
      this.t.emit({ type: 'stack-changed', seat: seat.seat, stack: seat.stack, reason: 'recharge' });
      this.t.seatsChanged(false);
    });
  }

  /** Takes a tournament player away (a move, or the end): now between hands, else after the hand. */
  takeTournamentPlayer(userId: number): Promise<void> {
    return this.t.enqueue(async () => {
      const seat = seatOf(this.t.seats, userId);
      if (seat) await this.desk.leave(seat, 'moved');
    });
  }

  /** The blinds and ante of the next hand (a hand in play keeps its own); viewers are told. */
  setTournamentLevel(level: Level): Promise<void> {
    return this.t.enqueue(() => {
      const tournament = this.t.deps.tournament;
      if (!tournament) return;
      tournament.changeLevel(level);
      this.t.announceTable();
      // Released when a break began, the table dealt nothing: it deals once the break is over.
      this.dealer.scheduleNextHand();
    });
  }

  /** The director's news of the whole tournament (the level clock, players left, …): viewers are told. */
  setTournamentStandings(standings: TournamentStandings): Promise<void> {
    return this.t.enqueue(() => {
      const tournament = this.t.deps.tournament;
      if (!tournament) return;
      tournament.standings = standings;
      this.t.announceTable();
    });
  }

  /**
   * A player left this table for good: their tournament is over here, or they were moved to another
   * table. Every viewer is told at once (places, prizes and seats are public, as in the tournament's
   * lobby) and the player sees it again in a snapshot, so their client follows even after a reconnect.
   * Not queued: it may come after the table closed (the final table's redraw), to viewers still here.
   */
  announceTournamentExit(userId: number, exit: TournamentExit): void {
    const tournament = this.t.deps.tournament;
    if (!tournament) return;
    tournament.exits.set(userId, exit);
    this.t.emit(
      'finished' in exit
        ? { type: 'tournament-finish', userId, ...exit.finished }
        : { type: 'tournament-move', userId, ...exit.movedTo },
    );
  }

  /** The director lets the table deal its next hand (one hand per release). */
  releaseTournamentHand(): Promise<void> {
    return this.t.enqueue(() => {
      const tournament = this.t.deps.tournament;
      if (!tournament) return;
      tournament.released = true;
      this.dealer.scheduleNextHand();
    });
  }

  /**
   * The tournament is done with this table. Between hands everyone is taken away; a hand in play
   * (a cancelled tournament) is void, recorded as such, and its chips no longer matter.
   */
  closeTournamentTable(reason: 'broken' | 'finished' | 'cancelled'): Promise<void> {
    return this.t.enqueue(async () => {
      const hand = this.t.hand;
      if (hand) {
        this.t.emit({ type: 'hand-voided', handId: hand.handId, handNumber: hand.state.config.handNumber });
        await this.t.deps.store.handVoided(this.tableId, dealtHand(hand), `tournament_${reason}`);
        this.t.hand = null;
      }
      for (const seat of [...this.t.seats.values()]) await this.exits.standUp(seat, 'moved');
      this.t.deleted = true;
      this.t.emit({ type: 'table-closed' });
      this.stop();
    });
  }

  // ---- admin ---------------------------------------------------------------------------------

  /** Stands the player up after the current hand (now, if not in it) and cashes them out. */
  kick(userId: number, reason?: string): Promise<boolean> {
    return this.t.enqueue(async () => {
      const seat = seatOf(this.t.seats, userId);
      if (seat && reason) seat.kickReason = reason;
      if (seat) await this.desk.leave(seat, 'kicked');
      return seat !== undefined;
    });
  }

  /** A blocked or deleted player: folded at once, stood up after the hand, cashed out. False if not seated. */
  removePlayer(userId: number): Promise<boolean> {
    return this.t.enqueue(async () => {
      const seat = seatOf(this.t.seats, userId);
      if (seat) await this.desk.remove(seat);
      return seat !== undefined;
    });
  }

  /** Bots leave after the hand; their chips go back to the bot bankroll. */
  releaseBots(): Promise<void> {
    return this.t.enqueue(async () => {
      for (const seat of [...this.t.seats.values()]) if (seat.isBot) await this.desk.leave(seat, 'left');
    });
  }

  /**
   * The table row changed. During a hand the edit waits for it to end (never the hand in play: its
   * blinds, its rake cap, its record) and the viewers hear new blinds in advance; a deleted table closes
   * after the hand.
   */
  updateTable(row: TableRow | null): Promise<void> {
    return this.t.enqueue(async () => {
      if (row === null) {
        this.t.deleted = true;
        this.t.pendingTable = null;
        for (const seat of [...this.t.seats.values()]) await this.desk.leave(seat, 'closed');
        if (!this.t.hand) this.t.emit({ type: 'table-closed' });
        return;
      }
      if (this.t.hand) {
        const before = this.t.pendingTable ?? this.t.table;
        this.t.pendingTable = row;
        if (row.smallBlind !== before.smallBlind || row.bigBlind !== before.bigBlind)
          this.t.emit({ type: 'stakes-changing', smallBlind: row.smallBlind, bigBlind: row.bigBlind });
        return;
      }
      // Between hands: at once.
      this.t.pendingTable = row;
      this.t.applyPendingTable();
    });
  }

  /**
   * Graceful shutdown: no new hand, nobody sits down; resolves once the running hand has settled (or
   * was voided after `limitMs`, as on a crash) and the seats are saved. See drain.ts.
   */
  drain(limitMs: number): Promise<DrainResult> {
    return drainTable(this.t, limitMs);
  }

  /** Stops every timer. Nothing is settled: a running hand is void (its stacks are still in the bank). */
  stop(): void {
    this.t.stopped = true;
    this.t.actionClock.stop();
    this.t.room.clear();
    // Its sockets may stay a while (TABLE_CLOSED_LINGER_MS): the kept events (each holding its hand's
    // deck commitment) are let go now, not when the last of them closes.
    this.t.log.forget();
  }

  /** Resolves once every queued command has run. */
  idle(): Promise<void> {
    return this.t.idle();
  }

  get isPlaying(): boolean {
    return this.t.hand !== null;
  }

  get isDeleted(): boolean {
    return this.t.deleted;
  }

  get seatedCount(): number {
    return this.t.seats.size;
  }

  get freeSeats(): number[] {
    return freeSeats(this.t.seats, this.t.table.maxPlayers);
  }

  get maxPlayers(): number {
    return this.t.table.maxPlayers;
  }

  get buyInRange(): { min: number; max: number; bigBlind: number } {
    const { minBuyIn, maxBuyIn, bigBlind } = this.t.table;
    return { min: minBuyIn, max: maxBuyIn, bigBlind };
  }

  hasSeated(userId: number): boolean {
    return seatOf(this.t.seats, userId) !== undefined;
  }

  /** Seats as the house sees them (no cards). */
  seatList(): Array<TableSeat & { sittingOut: boolean }> {
    return sortedSeats(this.t.seats).map((s) => ({ ...this.t.presentSeat(s), sittingOut: s.sittingOut }));
  }

  /** The running hand as a spectator sees it (board and pots), for the admin session. */
  publicHand(): {
    handNumber: number;
    board: string[];
    pots: { amount: number; eligible: number[] }[];
  } | null {
    const frame = frameFor({ userId: null }, { kind: 'snapshot', source: this.t.snapshot() });
    if (frame.type !== 'SNAPSHOT' || !frame.hand || !this.t.hand) return null;
    return { handNumber: frame.hand.handNumber, board: frame.hand.board, pots: frame.hand.pots };
  }

  get totals(): { handsPlayed: number; rakeTaken: number; lastHandNumber: number } {
    const { handsPlayed, rakeTaken, lastHandNumber } = this.t;
    return { handsPlayed, rakeTaken, lastHandNumber };
  }

  /** Stacks at the start of the running hand (or now, between hands), plus recharges waiting. For tests. */
  stacksInLedgerTerms(): Map<number, number> {
    return new Map([...this.t.seats.values()].map((s) => [s.userId, s.stack + s.pendingRecharge]));
  }
}

/** Commands that move money across a cash table's edge: none of them exists at a tournament table. */
function isCashOnly(message: TableClientMessage): boolean {
  if (['SIT', 'RECHARGE', 'LEAVE', 'WAITLIST'].includes(message.type)) return true;
  return message.type === 'SEAT_OPTIONS' && message.options.autoTopUp != null;
}
