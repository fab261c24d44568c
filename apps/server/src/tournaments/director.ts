// The tournament director: registration and its money, the seat draw, the level clock, eliminations
// with places and prizes, balancing and breaking tables, hand-for-hand on the bubble, the final table,
// cancellation. It runs behind ports (ports.ts) like a table, one step at a time on its own queue, so
// every rule here is tested on a FakeClock with an in-memory bank and simulated tables.
import { randomInt } from 'node:crypto';
import {
  balanceTables,
  finishingPlaces,
  isFinalTable,
  isHandForHand,
  payoutTable,
  placesPaid,
  type Level,
  type Payout,
  type TournamentTable,
} from '@tenger/engine';
import type {
  Clock,
  Entrant,
  HandReport,
  MoneyOrder,
  SeatAssignment,
  TournamentBank,
  TournamentConfig,
  TournamentFinish,
  TournamentSnapshot,
  TournamentStandings,
  TournamentStatus,
  TournamentStore,
  TournamentTables,
} from './ports.js';

/** Why a registration was refused: the codes of the error vocabulary. */
export type RegistrationRefusal =
  'tournament_closed' | 'tournament_full' | 'already_registered' | 'not_registered' | 'insufficient_funds';

export class TournamentRefused extends Error {
  constructor(readonly code: RegistrationRefusal) {
    super(code);
  }
}

/** A uniformly random order of `items` (Fisher–Yates with node:crypto). */
export function cryptoShuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export interface DirectorPorts {
  clock: Clock;
  bank: TournamentBank;
  store: TournamentStore;
  tables: TournamentTables;
  /** The seat draw's randomness (node:crypto unless a test scripts it). */
  shuffle?: <T>(items: readonly T[]) => T[];
  /** How often the level clock's time left is saved between snapshots, ms (default 1,000). */
  clockSaveMs?: number;
}

/** The level clock's time left is saved this often by default: a crash loses at most this much of a level. */
export const CLOCK_SAVE_MS = 1_000;

export class TournamentDirector {
  private status: TournamentStatus;
  private readonly entrants = new Map<number, Entrant>();
  private levelIndex = 0;
  private levelEndsAt = 0;
  private levelTimer: ReturnType<Clock['setTimeout']> | null = null;
  private startTimer: ReturnType<Clock['setTimeout']> | null = null;
  private clockSaveTimer: ReturnType<Clock['setTimeout']> | null = null;
  /** Stopped (shutdown, or the lease went to another process): no step runs here any more. */
  private stopped = false;
  /** Per open table: the big blind's seat of its last settled hand and that hand's number. */
  private readonly lastHands = new Map<number, { bigBlindSeat: number | null; handNumber: number }>();
  /** Money decided and saved, not yet moved (see TournamentSnapshot.moneyOrders). */
  private moneyOrders: MoneyOrder[] = [];
  /** Open tables: id -> number (breaking order: highest number first). */
  private readonly tables = new Map<number, number>();
  /** Tables that settled a hand and wait to be released. */
  private readonly waiting = new Set<number>();
  /** Busts reported during the current hand-for-hand round, ranked together when it ends. */
  private roundBusts: Array<{ userId: number; startStack: number }> = [];
  private handForHand = false;
  /** How many times each player has entered (an unregistration and a new entry get new keys). */
  private readonly entryCounts = new Map<number, number>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly shuffle: <T>(items: readonly T[]) => T[];

  constructor(
    readonly config: TournamentConfig,
    private readonly ports: DirectorPorts,
    snapshot?: TournamentSnapshot,
  ) {
    this.shuffle = ports.shuffle ?? cryptoShuffle;
    this.status = 'registering';
    if (snapshot) this.restore(snapshot);
  }

  // ---- reading -------------------------------------------------------------------------------

  get state(): TournamentStatus {
    return this.status;
  }

  get level(): Level {
    return this.config.levels[this.levelIndex]!;
  }

  get prizePool(): number {
    return this.entrants.size * this.config.buyIn;
  }

  get payouts(): Payout[] {
    return this.entrants.size >= 2 ? payoutTable(this.entrants.size, this.prizePool) : [];
  }

  get isHandForHand(): boolean {
    return this.handForHand;
  }

  get levelEnds(): number {
    return this.levelEndsAt;
  }

  players(): Entrant[] {
    return [...this.entrants.values()].map((e) => ({ ...e }));
  }

  remaining(): Entrant[] {
    return this.players().filter((e) => e.place === null);
  }

  tableIds(): number[] {
    return [...this.tables.keys()];
  }

  /** Chips in play: always entrants × starting stack once the tournament runs. */
  chipsInPlay(): number {
    return this.remaining().reduce((sum, e) => sum + e.stack, 0);
  }

  /** The tournament as its tables show it (TableInfo.tournament): the level clock and the field. */
  standings(): TournamentStandings {
    const left = this.remaining();
    const clockRuns =
      (this.status === 'running' || this.status === 'break') &&
      this.levelIndex + 1 < this.config.levels.length;
    return {
      levelEndsAt: clockRuns && this.levelEndsAt > 0 ? this.levelEndsAt : null,
      nextLevel: this.config.levels[this.levelIndex + 1] ?? null,
      playersLeft: left.length,
      entrants: this.entrants.size,
      averageStack: left.length > 0 ? Math.floor(this.chipsInPlay() / left.length) : 0,
      handForHand: this.handForHand,
    };
  }

  /** A player's finishing place and prize once their tournament is over (null while they play). */
  finishOf(userId: number): TournamentFinish | null {
    const entrant = this.entrants.get(userId);
    if (!entrant || entrant.place === null) return null;
    return { place: entrant.place, prize: entrant.prize, entrants: this.entrants.size };
  }

  snapshot(): TournamentSnapshot {
    return {
      config: this.config,
      status: this.status,
      entrants: this.players(),
      levelIndex: this.levelIndex,
      levelRemainingMs: Math.max(0, this.levelEndsAt - this.ports.clock.now()),
      tables: [...this.tables].map(([tableId, tableNumber]) => ({
        tableId,
        tableNumber,
        lastBigBlindSeat: this.lastHands.get(tableId)?.bigBlindSeat ?? null,
        lastHand: this.lastHands.get(tableId)?.handNumber ?? 0,
      })),
      handForHand: this.handForHand,
      entryCounts: [...this.entryCounts],
      roundBusts: this.roundBusts.map((b) => ({ ...b })),
      moneyOrders: this.moneyOrders.map((o) => ({ ...o })),
    };
  }

  // ---- registration --------------------------------------------------------------------------

  /** Schedules the start of a scheduled tournament (a Sit & Go starts when full). */
  open(): void {
    if (this.config.startsAt === null || this.status !== 'registering') return;
    const wait = Math.max(0, this.config.startsAt - this.ports.clock.now());
    this.startTimer = this.ports.clock.setTimeout(() => void this.run(() => this.startOrCancel()), wait);
  }

  register(userId: number, isBot = false): Promise<void> {
    return this.run(async () => {
      if (this.status !== 'registering') throw new TournamentRefused('tournament_closed');
      if (this.entrants.has(userId)) throw new TournamentRefused('already_registered');
      if (this.entrants.size >= this.config.maxEntrants) throw new TournamentRefused('tournament_full');
      this.entryCounts.set(userId, (this.entryCounts.get(userId) ?? 0) + 1);
      const entered = await this.ports.bank.enter(
        this.config.tournamentId,
        { userId, isBot },
        this.config.buyIn,
        this.config.fee,
        this.entryKey(userId),
      );
      if (!entered) throw new TournamentRefused('insufficient_funds');
      this.entrants.set(userId, {
        userId,
        isBot,
        stack: 0,
        tableId: null,
        seat: null,
        place: null,
        prize: 0,
      });
      await this.save();
      if (
        this.config.kind === 'sng' &&
        this.config.startsAt === null &&
        this.entrants.size === this.config.maxEntrants
      ) {
        await this.start();
      }
    });
  }

  unregister(userId: number): Promise<void> {
    return this.run(async () => {
      if (this.status !== 'registering') throw new TournamentRefused('tournament_closed');
      const entrant = this.entrants.get(userId);
      if (!entrant) throw new TournamentRefused('not_registered');
      this.entrants.delete(userId);
      this.moneyOrders.push(this.refundOrder(entrant, `${this.entryKey(userId)}:refund`));
      await this.save();
      await this.settle();
    });
  }

  // ---- the run -------------------------------------------------------------------------------

  /** A table settled a hand: stacks, eliminations, then moves; the table waits to be released. */
  handFinished(report: HandReport): Promise<void> {
    return this.run(async () => {
      if (!this.tables.has(report.tableId) || (this.status !== 'running' && this.status !== 'break')) return;
      // A report the director took in already (a resumed table catching up) changes nothing.
      if (report.handNumber <= (this.lastHands.get(report.tableId)?.handNumber ?? 0)) return;
      this.lastHands.set(report.tableId, {
        bigBlindSeat: this.ports.tables.lastBigBlindSeat(report.tableId),
        handNumber: report.handNumber,
      });
      const busts = this.takeStacks(report);
      this.waiting.add(report.tableId);
      if (this.handForHand) {
        this.roundBusts.push(...busts);
        if (this.waiting.size < this.tables.size) return this.save();
        const round = this.roundBusts;
        this.roundBusts = [];
        await this.eliminate(round);
      } else {
        await this.eliminate(busts);
      }
      await this.betweenHands();
    });
  }

  /** A settled hand's stacks into the entrants; the players it busted, with their stacks when it began. */
  private takeStacks(report: HandReport): Array<{ userId: number; startStack: number }> {
    const busts: Array<{ userId: number; startStack: number }> = [];
    for (const [userId, end] of report.endStacks) {
      const entrant = this.entrants.get(userId);
      if (!entrant || entrant.place !== null) continue;
      entrant.stack = end;
      if (end === 0) busts.push({ userId, startStack: report.startStacks.get(userId) ?? 0 });
    }
    return busts;
  }

  /** After the busts of a hand (or a round) are ranked: the end, or moves, then the tables deal on. */
  private async betweenHands(): Promise<void> {
    if (this.remaining().length <= 1) return this.finish();
    await this.arrangeTables();
    this.updateHandForHand();
    await this.save();
    await this.settle();
    this.releaseWaiting();
  }

  /**
   * After a crash, a deploy or a takeover (the director was built from the snapshot): the money
   * decided before the stop is moved (its keys make a repeat move nothing), the tables run again with
   * the snapshot's seats and stacks (the hands that were in play are void), the level clock goes on
   * with the time the level had left, and every table is between hands.
   */
  resume(): Promise<void> {
    return this.run(async () => {
      await this.settle();
      if (this.status !== 'running' && this.status !== 'break') return;
      // Hands a table settled (they are in the hand store) that the director had not taken in when the
      // process stopped count: only the hands in play are void.
      for (const tableId of this.tables.keys()) {
        const known = this.lastHands.get(tableId)?.handNumber ?? 0;
        for (const missed of (await this.ports.tables.missedHands?.(tableId, known)) ?? []) {
          this.lastHands.set(tableId, { bigBlindSeat: missed.bigBlindSeat, handNumber: missed.handNumber });
          const busts = this.takeStacks(missed);
          if (this.handForHand) this.roundBusts.push(...busts);
          else await this.eliminate(busts);
        }
      }
      for (const [tableId, tableNumber] of this.tables) {
        const seats = this.remaining()
          .filter((e) => e.tableId === tableId)
          .map((e) => ({ userId: e.userId, isBot: e.isBot, seat: e.seat!, stack: e.stack }));
        await this.ports.tables.resume(
          this.config.tournamentId,
          { tableId, tableNumber, lastBigBlindSeat: this.lastHands.get(tableId)?.bigBlindSeat ?? null },
          seats,
          this.level,
        );
        this.waiting.add(tableId);
      }
      this.startLevel(this.levelIndex, this.resumedRemainingMs);
      this.startClockSaves();
      // A hand-for-hand round cut short: the tables that had not finished it voided their hands, so the
      // round is over with the busts it had.
      const round = this.roundBusts;
      this.roundBusts = [];
      await this.eliminate(round);
      await this.betweenHands();
    });
  }

  /**
   * Cancels the tournament by the published policy. Before anyone is paid a prize, every entrant gets
   * the buy-in and the fee back. In the money, prizes already paid stand; each remaining player gets
   * the smallest prize not yet paid to anyone, and what is left of the pool is shared by chip count
   * (rounded down, leftovers one tugrik at a time from the biggest stack); fees stay with the house.
   */
  cancel(): Promise<CancelOutcome> {
    return this.run(async () => {
      if (this.status === 'finished' || this.status === 'cancelled')
        return { rule: 'none', refunds: 0, smallestUnpaidPrize: 0, shares: [] };
      this.stopClocks();
      const paidOut = this.players().reduce((sum, e) => sum + e.prize, 0);
      let outcome: CancelOutcome;
      if (paidOut === 0) {
        for (const e of this.entrants.values())
          this.moneyOrders.push(this.refundOrder(e, `${this.entryKey(e.userId)}:cancel`));
        outcome = { rule: 'refund', refunds: this.entrants.size, smallestUnpaidPrize: 0, shares: [] };
      } else {
        const remaining = this.remaining().sort((a, b) => b.stack - a.stack || a.userId - b.userId);
        const floor = prizeForPlace(this.payouts, remaining.length);
        let rest = this.prizePool - paidOut - floor * remaining.length;
        const chips = remaining.reduce((sum, e) => sum + e.stack, 0);
        const shares = remaining.map((e) => (chips > 0 ? Math.floor((rest * e.stack) / chips) : 0));
        rest -= shares.reduce((s, x) => s + x, 0);
        for (let i = 0; rest > 0; i = (i + 1) % remaining.length, rest--) shares[i]! += 1;
        for (const [i, e] of remaining.entries()) {
          const entrant = this.entrants.get(e.userId)!;
          // Still playing, so no prize of theirs was paid: the share is their prize, under its key.
          entrant.prize = floor + shares[i]!;
          this.orderPrize(entrant);
        }
        outcome = {
          rule: 'in-the-money',
          refunds: 0,
          smallestUnpaidPrize: floor,
          shares: remaining.map((e) => ({
            userId: e.userId,
            stack: e.stack,
            amount: this.entrants.get(e.userId)!.prize,
          })),
        };
      }
      for (const tableId of this.tables.keys()) this.ports.tables.close(tableId, 'cancelled');
      this.tables.clear();
      this.status = 'cancelled';
      await this.save();
      await this.settle();
      return outcome;
    });
  }

  /** Resolves once every step queued so far (and any it queued) has run. */
  async idle(): Promise<void> {
    for (let seen = this.queue; ; seen = this.queue) {
      await seen;
      await new Promise((resolve) => setImmediate(resolve));
      if (seen === this.queue) return;
    }
  }

  /**
   * Stops the director (a shutdown, or its lease went to another process): its timers stop and no
   * step runs here any more; the saved snapshot resumes it.
   */
  stop(): void {
    this.stopped = true;
    this.stopClocks();
  }

  /** Holds a scheduled start (while an administrator's change is made); open() arms it again. */
  holdStart(): void {
    this.ports.clock.clearTimeout(this.startTimer);
    this.startTimer = null;
  }

  /** The director is running here (not stopped). */
  get active(): boolean {
    return !this.stopped;
  }

  // ---- steps ---------------------------------------------------------------------------------

  private async startOrCancel(): Promise<void> {
    if (this.status !== 'registering') return;
    if (this.entrants.size >= Math.max(2, this.config.minEntrants)) return this.start();
    for (const e of this.entrants.values())
      this.moneyOrders.push(this.refundOrder(e, `${this.entryKey(e.userId)}:cancel`));
    this.status = 'cancelled';
    await this.save();
    await this.settle();
  }

  /** The seat draw: players in random order dealt round the tables, so table sizes differ by one at most. */
  private async start(): Promise<void> {
    this.status = 'running';
    const drawn = this.shuffle([...this.entrants.values()]);
    const tableCount = Math.ceil(drawn.length / this.config.tableSize);
    const groups: Entrant[][] = Array.from({ length: tableCount }, () => []);
    drawn.forEach((e, i) => groups[i % tableCount]!.push(e));
    for (const e of drawn) e.stack = this.config.startingStack;
    for (const [i, group] of groups.entries()) await this.openTable(i + 1, group);
    this.startLevel(0, (this.config.levels[0]?.seconds ?? 0) * 1000);
    this.startClockSaves();
    this.updateHandForHand();
    await this.save();
    for (const tableId of this.tables.keys()) this.ports.tables.release(tableId);
  }

  private async openTable(tableNumber: number, players: Entrant[]): Promise<number> {
    const seats = this.shuffle(Array.from({ length: this.config.tableSize }, (_, s) => s)).slice(
      0,
      players.length,
    );
    const assignments: SeatAssignment[] = players.map((e, i) => ({
      userId: e.userId,
      isBot: e.isBot,
      seat: seats[i]!,
      stack: e.stack,
    }));
    const tableId = await this.ports.tables.open(
      this.config.tournamentId,
      tableNumber,
      assignments,
      this.level,
    );
    this.tables.set(tableId, tableNumber);
    for (const a of assignments) {
      const e = this.entrants.get(a.userId)!;
      e.tableId = tableId;
      e.seat = a.seat;
    }
    return tableId;
  }

  /** Places and prizes for the players busted in one hand (the engine's rule: stacks when it began; ties share). */
  private async eliminate(busts: Array<{ userId: number; startStack: number }>): Promise<void> {
    if (busts.length === 0) return;
    const finishes = finishingPlaces(
      busts.map((b) => ({ playerId: String(b.userId), startingStack: b.startStack })),
      this.remaining().length,
      this.payouts,
    );
    for (const finish of finishes) {
      const entrant = this.entrants.get(Number(finish.playerId))!;
      entrant.place = finish.place;
      entrant.prize = finish.prize;
      entrant.stack = 0;
      if (entrant.tableId !== null && this.tables.has(entrant.tableId)) {
        this.ports.tables.removePlayer(entrant.tableId, entrant.userId);
      }
      entrant.tableId = null;
      entrant.seat = null;
      this.orderPrize(entrant);
    }
  }

  /** A prize decided: paid once the snapshot holding it is saved (settle). */
  private orderPrize(entrant: Entrant): void {
    if (entrant.prize <= 0) return;
    this.moneyOrders.push({
      kind: 'pay',
      userId: entrant.userId,
      isBot: entrant.isBot,
      amount: entrant.prize,
      key: `tournament:${this.config.tournamentId}:prize:${entrant.userId}`,
    });
  }

  private refundOrder(entrant: Entrant, key: string): MoneyOrder {
    return {
      kind: 'refund',
      userId: entrant.userId,
      isBot: entrant.isBot,
      buyIn: this.config.buyIn,
      fee: this.config.fee,
      key,
    };
  }

  /**
   * Moves the money decided and saved (write-ahead: a crash before or during this is finished by the
   * next process, the keys making a repeat move nothing), then saves that nothing is owed.
   */
  private async settle(): Promise<void> {
    if (this.moneyOrders.length === 0) return;
    const orders = this.moneyOrders;
    for (const order of orders) {
      const who = { userId: order.userId, isBot: order.isBot };
      if (order.kind === 'pay')
        await this.ports.bank.pay(this.config.tournamentId, who, order.amount, order.key);
      else await this.ports.bank.refund(this.config.tournamentId, who, order.buyIn, order.fee, order.key);
    }
    this.moneyOrders = this.moneyOrders.filter((o) => !orders.includes(o));
    await this.save();
  }

  /**
   * Balancing and breaking by the engine's TDA rules (balanceTables): a table breaks (one between hands
   * first, then the highest number) when the others have room, its players drawn into the shortest tables; a table two players
   * longer than the shortest gives its next big blind to the shortest table's worst seat. A move
   * happens only from a table that is between hands (waiting): the plan is made again after each move;
   * a break of a table still playing, and moves from such tables, wait for that table's report.
   */
  private async arrangeTables(): Promise<void> {
    const left = this.remaining();
    if (isFinalTable(left.length, this.config.tableSize) && this.tables.size > 1) {
      if (this.waiting.size < this.tables.size) return; // the final table waits for every table's hand
      return this.finalTableRedraw();
    }
    for (let step = 0; step < left.length + this.tables.size; step++) {
      const plan = balanceTables(this.tableLayout(), {
        // Highest number first, but a table between hands before one still playing: a break never
        // waits for one table's hand while another could break now (a big field busts fast).
        breakOrder: [...this.tables]
          .sort((a, b) => Number(this.waiting.has(b[0])) - Number(this.waiting.has(a[0])) || b[1] - a[1])
          .map(([id]) => String(id)),
        drawSeat: (count) => this.shuffle([...Array(count).keys()])[0]!,
      });
      const [broken] = plan.brokenTables;
      if (broken !== undefined) {
        const tableId = Number(broken);
        if (!this.waiting.has(tableId)) return;
        for (const move of plan.moves.filter((m) => m.fromTableId === broken)) {
          this.seatMover(Number(move.playerId), Number(move.toTableId), move.toSeat);
        }
        this.ports.tables.close(tableId, 'broken');
        this.tables.delete(tableId);
        this.waiting.delete(tableId);
        continue;
      }
      // The first move that takes from a table between hands (a move from a table still playing waits).
      const move = plan.moves.find((m) => this.waiting.has(Number(m.fromTableId)));
      if (!move) return;
      this.ports.tables.removePlayer(Number(move.fromTableId), Number(move.playerId));
      this.seatMover(Number(move.playerId), Number(move.toTableId), move.toSeat);
    }
  }

  /**
   * The tables as the engine's balancing sees them; tables between hands first, so that of two
   * equally long tables the one free to give a player now is the one the plan takes from.
   */
  private tableLayout(): TournamentTable[] {
    const ids = [...this.tables.keys()].sort(
      (a, b) => Number(this.waiting.has(b)) - Number(this.waiting.has(a)),
    );
    return ids.map((tableId) => ({
      tableId: String(tableId),
      seatCount: this.config.tableSize,
      players: this.remaining()
        .filter((e) => e.tableId === tableId)
        .map((e) => ({ playerId: String(e.userId), seat: e.seat! })),
      bigBlindSeat: this.ports.tables.lastBigBlindSeat(tableId),
    }));
  }

  private seatMover(userId: number, tableId: number, seat: number): void {
    const entrant = this.entrants.get(userId)!;
    entrant.tableId = tableId;
    entrant.seat = seat;
    this.ports.tables.seatPlayer(tableId, { userId, isBot: entrant.isBot, seat, stack: entrant.stack });
  }

  private async finalTableRedraw(): Promise<void> {
    for (const tableId of this.tables.keys()) this.ports.tables.close(tableId, 'broken');
    this.tables.clear();
    this.waiting.clear();
    const tableId = await this.openTable(
      1,
      this.shuffle(this.remaining()).map((e) => this.entrants.get(e.userId)!),
    );
    this.waiting.add(tableId);
  }

  /** Hand-for-hand while the next elimination is the bubble's and more than one table plays. */
  private updateHandForHand(): void {
    const paid = placesPaid(Math.max(2, this.entrants.size));
    this.handForHand = isHandForHand(this.remaining().length, paid, this.tables.size);
  }

  /**
   * Releases the tables that wait, unless every table must finish its hand first: on the bubble
   * (hand-for-hand) and before the final table's redraw.
   */
  private releaseWaiting(): void {
    if (this.status === 'break') return;
    const gather =
      this.handForHand || (this.tables.size > 1 && this.remaining().length <= this.config.tableSize);
    if (gather && this.waiting.size < this.tables.size) return;
    const seated = new Map<number, number>();
    for (const e of this.remaining())
      if (e.tableId !== null) seated.set(e.tableId, (seated.get(e.tableId) ?? 0) + 1);
    for (const tableId of [...this.waiting]) {
      // A table left with one player cannot deal: it stays between hands (it never holds up a
      // hand-for-hand round) until it breaks or balancing brings it players.
      if ((seated.get(tableId) ?? 0) < 2) continue;
      this.ports.tables.release(tableId);
      this.waiting.delete(tableId);
    }
  }

  private async finish(): Promise<void> {
    const [winner] = this.remaining();
    if (winner) {
      const entrant = this.entrants.get(winner.userId)!;
      entrant.place = 1;
      entrant.prize = prizeForPlace(this.payouts, 1);
      if (entrant.tableId !== null) this.ports.tables.removePlayer(entrant.tableId, entrant.userId);
      this.orderPrize(entrant);
    }
    this.stopClocks();
    for (const tableId of this.tables.keys()) this.ports.tables.close(tableId, 'finished');
    this.tables.clear();
    this.waiting.clear();
    this.lastHands.clear();
    this.status = 'finished';
    await this.save();
    await this.settle();
  }

  // ---- the level clock -----------------------------------------------------------------------

  private startLevel(index: number, remainingMs: number): void {
    this.levelIndex = index;
    const level = this.level;
    this.status = level.isBreak ? 'break' : 'running';
    this.ports.tables.setLevel(level);
    this.levelEndsAt = this.ports.clock.now() + remainingMs;
    this.ports.clock.clearTimeout(this.levelTimer);
    this.levelTimer = null;
    if (index + 1 < this.config.levels.length) {
      this.levelTimer = this.ports.clock.setTimeout(() => void this.run(() => this.nextLevel()), remainingMs);
    }
  }

  private async nextLevel(): Promise<void> {
    if (this.status !== 'running' && this.status !== 'break') return;
    const next = this.levelIndex + 1;
    this.startLevel(next, this.config.levels[next]!.seconds * 1000);
    await this.save();
    this.releaseWaiting();
  }

  private stopClocks(): void {
    this.ports.clock.clearTimeout(this.levelTimer);
    this.ports.clock.clearTimeout(this.startTimer);
    this.ports.clock.clearTimeout(this.clockSaveTimer);
    this.levelTimer = null;
    this.startTimer = null;
    this.clockSaveTimer = null;
  }

  /** Saves the level's time left every `clockSaveMs` while the tournament runs (a crash loses at most that). */
  private startClockSaves(): void {
    const saveClock = this.ports.store.saveClock?.bind(this.ports.store);
    if (!saveClock) return;
    const every = this.ports.clockSaveMs ?? CLOCK_SAVE_MS;
    const tick = () => {
      this.clockSaveTimer = this.ports.clock.setTimeout(() => {
        if (this.status !== 'running' && this.status !== 'break') return;
        void this.run(() =>
          saveClock(
            this.config.tournamentId,
            this.levelIndex,
            Math.max(0, this.levelEndsAt - this.ports.clock.now()),
          ),
        )
          .catch(() => undefined) // the next save tells the time again
          .finally(() => {
            if (!this.stopped && (this.status === 'running' || this.status === 'break')) tick();
          });
      }, every);
    };
    this.ports.clock.clearTimeout(this.clockSaveTimer);
    tick();
  }

  // ---- state ---------------------------------------------------------------------------------

  /** The level's time left when the snapshot was saved: the clock goes on with it in resume(). */
  private resumedRemainingMs = 0;

  /**
   * The state of a snapshot (a restart, a deploy, a takeover, a change before the start); a running
   * tournament goes on with resume().
   */
  private restore(snapshot: TournamentSnapshot): void {
    this.status = snapshot.status;
    for (const e of snapshot.entrants) this.entrants.set(e.userId, { ...e });
    for (const t of snapshot.tables) {
      this.tables.set(t.tableId, t.tableNumber);
      this.lastHands.set(t.tableId, {
        bigBlindSeat: t.lastBigBlindSeat ?? null,
        handNumber: t.lastHand ?? 0,
      });
    }
    this.handForHand = snapshot.handForHand;
    for (const [userId, count] of snapshot.entryCounts) this.entryCounts.set(userId, count);
    this.levelIndex = snapshot.levelIndex;
    this.levelEndsAt = this.ports.clock.now() + snapshot.levelRemainingMs;
    this.resumedRemainingMs = snapshot.levelRemainingMs;
    this.roundBusts = (snapshot.roundBusts ?? []).map((b) => ({ ...b }));
    this.moneyOrders = (snapshot.moneyOrders ?? []).map((o) => ({ ...o }));
  }

  private entryKey(userId: number): string {
    return `tournament:${this.config.tournamentId}:entry:${userId}:${this.entryCounts.get(userId) ?? 1}`;
  }

  private save(): Promise<void> {
    return this.ports.store.save(this.snapshot());
  }

  /** One step at a time, in order (like a table's queue). */
  private run<T>(step: () => Promise<T>): Promise<T> {
    const guarded = () => (this.stopped ? Promise.reject(new DirectorStopped()) : step());
    const next = this.queue.then(guarded, guarded);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/**
 * What a cancellation did, by the published policy: `refund` (before the money: every entrant's buy-in
 * and fee back), `in-the-money` (each player still in got the smallest unpaid prize plus a share of
 * the rest of the pool by chips: `shares`), or `none` (finished or cancelled already).
 */
export interface CancelOutcome {
  rule: 'refund' | 'in-the-money' | 'none';
  /** Entrants refunded (rule `refund`). */
  refunds: number;
  /** The prize of the place the last player still in would take (rule `in-the-money`). */
  smallestUnpaidPrize: number;
  /** Each player still in: their chips and what they were paid (rule `in-the-money`), biggest stack first. */
  shares: Array<{ userId: number; stack: number; amount: number }>;
}

/** A step asked of a director that was stopped (shut down, or its lease passed to another process). */
export class DirectorStopped extends Error {
  constructor() {
    super('the tournament director is stopped here');
  }
}

function prizeForPlace(payouts: readonly Payout[], place: number): number {
  return payouts.find((p) => p.place === place)?.amount ?? 0;
}
