// The tournament director: registration and its money, the seat draw, the level clock, eliminations
// with places and prizes, balancing and breaking tables, hand-for-hand on the bubble, the final table,
// cancellation. It runs behind ports (ports.ts) like a table, one step at a time on its own queue, so
// every rule here is tested on a FakeClock with an in-memory bank and simulated tables.
import { randomInt } from 'node:crypto';
import {
  balanceTables,
  bountyAwards,
  finishingPlaces,
  isFinalTable,
  isHandForHand,
  lateEntrySeat,
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
import { FinalTableDeal, type DealChoice, type DealField, type DealOffer } from './finalTableDeal.js';
import { entryWindows, type EntryWindows } from './entryWindows.js';
import {
  satellitePayoutTable,
  satellitePrizeOrders,
  settleTicketOrder,
  type SatellitePorts,
} from './satellites.js';

/** Why a registration was refused: the codes of the error vocabulary. */
export type RegistrationRefusal =
  | 'tournament_closed'
  | 'tournament_full'
  | 'already_registered'
  | 'not_registered'
  | 'insufficient_funds'
  | 'entry_limit'
  | 'rebuy_closed'
  | 'rebuy_limit'
  | 'rebuy_stack'
  | 'addon_closed'
  | 'no_ticket';

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
  /**
   * Told after a save that changed the status (a recurring schedule creates its next instance at the
   * start); the step waits for it, so `idle()` covers what it does.
   */
  statusChanged?: (status: TournamentStatus) => void | Promise<void>;
  /** Satellite tickets (satellites.ts): awarded as prizes of a satellite, used to enter this one. */
  satellite?: SatellitePorts;
}

/** Tables the start opens at the same time (the database pool has room for them). */
const OPEN_AT_ONCE = 8;

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
  /** Busts while the pool is open, one group per hand (see Entrant.busted). */
  private pendingBusts: Array<Array<{ userId: number; startStack: number }>> = [];
  /** Chips bought during a hand in play, added when the hand is over: userId -> chips. */
  private readonly pendingChips = new Map<number, number>();
  /** The overlay ordered from the house's guarantee account. */
  private overlayOrdered = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly shuffle: <T>(items: readonly T[]) => T[];
  /** The final-table deal's asks, offer and answers (finalTableDeal.ts). */
  private readonly deal: FinalTableDeal;
  /** A deal was made (see TournamentSnapshot.deal); null: none. */
  private dealMade: NonNullable<TournamentSnapshot['deal']> | null = null;
  /** The level clock stopped for a deal's proposal with this much of the level left; null: it runs. */
  private levelPausedMs: number | null = null;

  constructor(
    readonly config: TournamentConfig,
    private readonly ports: DirectorPorts,
    snapshot?: TournamentSnapshot,
  ) {
    this.shuffle = ports.shuffle ?? cryptoShuffle;
    this.deal = new FinalTableDeal({
      clock: ports.clock,
      keptPercent: () => this.config.dealKeptPercent ?? 0,
      field: () => this.dealField(),
      betweenHands: () => this.tables.size === 1 && this.waiting.size === 1,
      run: (step) => this.run(step),
      pauseClock: () => this.pauseLevelClock(),
      resumePlay: () => this.resumeAfterDeal(),
      agree: (offer, choice) => this.applyDeal(offer, choice),
      changed: () => this.ports.tables.showStandings?.(),
    });
    const opensAt = config.registrationOpensAt ?? null;
    this.status = opensAt !== null && opensAt > ports.clock.now() ? 'scheduled' : 'registering';
    if (snapshot) this.restore(snapshot);
  }

  // ---- reading -------------------------------------------------------------------------------

  get state(): TournamentStatus {
    return this.status;
  }

  get level(): Level {
    return this.config.levels[this.levelIndex]!;
  }

  /** The prize pool: what the entries, re-entries, rebuys and add-ons brought, or the guarantee if more. */
  get prizePool(): number {
    return Math.max(this.config.guarantee ?? 0, this.collected);
  }

  /**
   * What the buy-ins brought into the prize pool (entries, re-entries, rebuys and add-ons), less their
   * bounty parts (progressive knockout).
   */
  get collected(): number {
    return this.buyInsMade() * (this.config.buyIn - this.bountyPart);
  }

  /** What the buy-ins put on the players' heads as bounties (0 without progressive knockout). */
  get bountyPool(): number {
    return this.buyInsMade() * this.bountyPart;
  }

  /** The part of each buy-in that goes onto the player's head: `bountyPercent` of it, rounded down. */
  get bountyPart(): number {
    return bountyPartOf(this.config);
  }

  private buyInsMade(): number {
    let buyIns = 0;
    for (const e of this.entrants.values()) buyIns += buyInsOf(e);
    return buyIns;
  }

  /** The overlay paid (or ordered) from the house's guarantee account; 0 before prizes are decided. */
  get overlay(): number {
    return this.overlayOrdered;
  }

  /** Late registration and re-entry are open: while the first `lateRegLevels` levels are played. */
  get lateRegistrationOpen(): boolean {
    return this.windows.lateRegistrationOpen;
  }

  /** Rebuys are open: while the first `rebuyLevels` levels are played. */
  get rebuysOpen(): boolean {
    return this.windows.rebuysOpen;
  }

  /** The add-on is offered: in the level right after the rebuy period. */
  get addOnOpen(): boolean {
    return this.windows.addOnOpen;
  }

  private get windows(): EntryWindows {
    return entryWindows(this.config, this.status, this.levelIndex);
  }

  /**
   * The prize pool is still open (entries, rebuys or the add-on may still come): busts wait for their
   * places, no prize is decided and there is no hand-for-hand until it closes.
   */
  get poolOpen(): boolean {
    return this.inPlay && this.levelIndex < poolClosingLevel(this.config);
  }

  private get inPlay(): boolean {
    return this.status === 'running' || this.status === 'break';
  }

  get payouts(): Payout[] {
    const satellite = satellitePayoutTable(this.config, this.entrants.size, this.prizePool);
    if (satellite) return satellite;
    const table = this.entrants.size >= 2 ? payoutTable(this.entrants.size, this.prizePool) : [];
    const deal = this.dealMade;
    // After a deal the places of its players pay only the part kept to play for, to the winner.
    if (deal)
      return table.map((p) => (p.place > deal.players ? p : { ...p, amount: p.place === 1 ? deal.kept : 0 }));
    return table;
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

  /** Players still in (seated with chips, or registered before the start). */
  remaining(): Entrant[] {
    return this.players().filter((e) => e.place === null && !e.busted);
  }

  /** remaining() without copies, for the director's own reading (a hand of a 10,000 field reads it often). */
  private stillIn(): Entrant[] {
    const left: Entrant[] = [];
    for (const e of this.entrants.values()) if (e.place === null && !e.busted) left.push(e);
    return left;
  }

  tableIds(): number[] {
    return [...this.tables.keys()];
  }

  /** Chips in play: always entrants × starting stack once the tournament runs. */
  chipsInPlay(): number {
    return this.stillIn().reduce((sum, e) => sum + e.stack, 0);
  }

  /** The tournament as its tables show it (TableInfo.tournament): the level clock and the field. */
  standings(): TournamentStandings {
    const left = this.stillIn();
    const clockRuns =
      (this.status === 'running' || this.status === 'break') &&
      this.levelIndex + 1 < this.config.levels.length;
    return {
      levelEndsAt: clockRuns && this.levelEndsAt > 0 && this.levelPausedMs === null ? this.levelEndsAt : null,
      nextLevel: this.config.levels[this.levelIndex + 1] ?? null,
      playersLeft: left.length,
      entrants: this.entrants.size,
      averageStack: left.length > 0 ? Math.floor(left.reduce((sum, e) => sum + e.stack, 0) / left.length) : 0,
      handForHand: this.handForHand,
      deal: this.deal.view(),
    };
  }

  /** The bounty on a player's head (progressive knockout); undefined when the tournament has no bounties. */
  bountyOf(userId: number): number | undefined {
    return this.bountyPart > 0 ? (this.entrants.get(userId)?.bounty ?? 0) : undefined;
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
      levelRemainingMs: this.levelRemainingMs(),
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
      pendingBusts: this.pendingBusts.map((group) => group.map((b) => ({ ...b }))),
      pendingChips: [...this.pendingChips],
      overlay: this.overlayOrdered,
      ...(this.dealMade ? { deal: { ...this.dealMade } } : {}),
    };
  }

  // ---- registration --------------------------------------------------------------------------

  /**
   * Arms the clock: registration opens at its time (a 'scheduled' tournament), then a scheduled
   * tournament starts at its time (a Sit & Go starts when full).
   */
  open(): void {
    if (this.status === 'scheduled') {
      const wait = Math.max(0, (this.config.registrationOpensAt ?? 0) - this.ports.clock.now());
      this.startTimer = this.ports.clock.setTimeout(() => void this.run(() => this.openRegistration()), wait);
      return;
    }
    if (this.config.startsAt === null || this.status !== 'registering') return;
    const wait = Math.max(0, this.config.startsAt - this.ports.clock.now());
    this.startTimer = this.ports.clock.setTimeout(() => void this.run(() => this.startOrCancel()), wait);
  }

  private async openRegistration(): Promise<void> {
    if (this.status !== 'scheduled') return;
    this.status = 'registering';
    await this.save();
    this.open();
  }

  /**
   * An entry: before the start a registration; while late registration is open a late entry (seated at
   * once with a starting stack), or a re-entry of a player who busted (up to `maxEntries` entries).
   * `entryNumber` (the caller's count of their entries with this one) makes a retried request nothing.
   * `withTicket`: paid with a satellite ticket for this tournament instead of the balance.
   */
  register(userId: number, isBot = false, entryNumber?: number, withTicket = false): Promise<void> {
    return this.run(async () => {
      const known = this.entrants.get(userId);
      if (entryNumber !== undefined && known && (known.entries ?? 1) >= entryNumber && !known.busted) return;
      if (this.status !== 'registering') {
        if (this.lateRegistrationOpen) return this.lateEntry(userId, isBot, withTicket);
        throw new TournamentRefused('tournament_closed');
      }
      if (this.entrants.has(userId)) throw new TournamentRefused('already_registered');
      if (this.entrants.size >= this.config.maxEntrants) throw new TournamentRefused('tournament_full');
      await this.enter(userId, isBot, withTicket);
      await this.savedAndStartedIfFull();
    });
  }

  /**
   * Entries of many players in one step, before the start (an administrator's bots): each pays under
   * its own key exactly as in register(), and the snapshot is saved once for the batch, not once per
   * entry (a field of 10,000 would write a growing snapshot 10,000 times); with a bank that can, the
   * payments are one database transaction too. Players who cannot pay are passed over (none could:
   * refused) and the field stops when full; returns the players who entered. A Sit & Go that fills
   * starts at once.
   */
  registerMany(userIds: readonly number[], isBot = false): Promise<number[]> {
    return this.run(async () => {
      if (this.status !== 'registering') throw new TournamentRefused('tournament_closed');
      const room = this.config.maxEntrants - this.entrants.size;
      const fresh = [...new Set(userIds)].filter((userId) => !this.entrants.has(userId)).slice(0, room);
      const entered: number[] = [];
      try {
        if (this.ports.bank.enterMany) {
          for (const userId of fresh) this.entryCounts.set(userId, (this.entryCounts.get(userId) ?? 0) + 1);
          const paid = await this.ports.bank.enterMany(
            this.config.tournamentId,
            fresh.map((userId) => ({ who: { userId, isBot }, key: this.entryKey(userId) })),
            this.config.buyIn,
            this.config.fee,
          );
          for (const [i, userId] of fresh.entries()) if (paid[i]) this.joined(userId, isBot, entered);
        } else {
          for (const userId of fresh) {
            const paid = await this.payEntry(userId, isBot).then(
              () => true,
              (error: unknown) => {
                if (error instanceof TournamentRefused) return false;
                throw error;
              },
            );
            if (paid) this.joined(userId, isBot, entered);
          }
        }
      } catch (error) {
        if (entered.length > 0) await this.save();
        throw error;
      }
      if (entered.length === 0 && fresh.length > 0) throw new TournamentRefused('insufficient_funds');
      await this.savedAndStartedIfFull();
      return entered;
    });
  }

  /** An entry before the start: paid, then in the field with its bounty. */
  private async enter(userId: number, isBot: boolean, withTicket = false): Promise<void> {
    await this.payEntry(userId, isBot, withTicket);
    this.joined(userId, isBot, undefined, withTicket);
  }

  /** A paid entry into the field, with its bounty. */
  private joined(userId: number, isBot: boolean, entered?: number[], withTicket = false): void {
    const entrant = newEntrant(userId, isBot);
    if (withTicket) entrant.ticket = true;
    this.addBounty(entrant);
    this.entrants.set(userId, entrant);
    entered?.push(userId);
  }

  /** After entries: saved, and a Sit & Go that is full starts. */
  private async savedAndStartedIfFull(): Promise<void> {
    await this.save();
    if (
      this.config.kind === 'sng' &&
      this.config.startsAt === null &&
      this.entrants.size === this.config.maxEntrants
    ) {
      await this.start();
    }
  }

  unregister(userId: number): Promise<void> {
    return this.run(async () => {
      if (this.status !== 'registering') throw new TournamentRefused('tournament_closed');
      const entrant = this.entrants.get(userId);
      if (!entrant) throw new TournamentRefused('not_registered');
      this.entrants.delete(userId);
      const refund = this.refundOrder(entrant, `${this.entryKey(userId)}:refund`);
      this.moneyOrders.push(
        entrant.ticket && refund.kind === 'refund' ? { ...refund, kind: 'ticket-back' } : refund,
      );
      await this.save();
      await this.settle();
    });
  }

  /** An entry's buy-in and fee through the bank, under the entry's own key. */
  private async payEntry(userId: number, isBot: boolean, withTicket = false): Promise<void> {
    this.entryCounts.set(userId, (this.entryCounts.get(userId) ?? 0) + 1);
    const bank = withTicket ? this.ticketEntry() : this.ports.bank;
    const entered = await bank.enter(
      this.config.tournamentId,
      { userId, isBot },
      this.config.buyIn,
      this.config.fee,
      this.entryKey(userId),
    );
    if (!entered) throw new TournamentRefused(withTicket ? 'no_ticket' : 'insufficient_funds');
  }

  /** Entering with a ticket: the satellite ports' ticket bank in the place of the balance. */
  private ticketEntry(): Pick<TournamentBank, 'enter'> {
    const tickets = this.ports.satellite?.bank;
    if (!tickets) throw new TournamentRefused('no_ticket');
    return { enter: (id, who, buyIn, fee, key) => tickets.enterWithTicket(id, who, buyIn, fee, key) };
  }

  /** A late entry or a re-entry (the tournament runs, late registration is open). */
  private async lateEntry(userId: number, isBot: boolean, withTicket = false): Promise<void> {
    const known = this.entrants.get(userId);
    if (known && !known.busted) throw new TournamentRefused('already_registered');
    if (!known && this.entrants.size >= this.config.maxEntrants)
      throw new TournamentRefused('tournament_full');
    if (known && (known.entries ?? 1) >= (this.config.maxEntries ?? 1))
      throw new TournamentRefused('entry_limit');
    await this.payEntry(userId, isBot, withTicket);
    const entrant = known ?? newEntrant(userId, isBot);
    if (known) entrant.entries = (known.entries ?? 1) + 1;
    this.addBounty(entrant);
    this.entrants.set(userId, entrant);
    await this.comeBack(entrant);
  }

  /**
   * A rebuy while the rebuy period lasts, by a player whose stack is at or below the starting stack
   * (busted included), up to `maxRebuys`: buy-in and fee through the ledger, a starting stack added
   * between hands. `rebuyNumber` (the caller's count of their rebuys with this one) makes a retried
   * request nothing.
   */
  rebuy(userId: number, rebuyNumber?: number): Promise<void> {
    return this.run(async () => {
      const entrant = this.entrants.get(userId);
      if (!entrant) throw new TournamentRefused('not_registered');
      const rebuys = entrant.rebuys ?? 0;
      if (rebuyNumber !== undefined && rebuys >= rebuyNumber) return;
      if (!this.rebuysOpen || entrant.place !== null) throw new TournamentRefused('rebuy_closed');
      if (rebuys >= (this.config.maxRebuys ?? 0)) throw new TournamentRefused('rebuy_limit');
      const stack = entrant.busted ? 0 : entrant.stack + (this.pendingChips.get(userId) ?? 0);
      if (stack > this.config.startingStack) throw new TournamentRefused('rebuy_stack');
      await this.buyChips(entrant, `tournament:${this.config.tournamentId}:rebuy:${userId}:${rebuys + 1}`);
      entrant.rebuys = rebuys + 1;
      this.addBounty(entrant);
      if (entrant.busted) await this.comeBack(entrant);
      else await this.addChips(entrant, this.config.startingStack);
    });
  }

  /** The add-on, once per player still in, in the level after the rebuy period; a repeat is nothing. */
  addOn(userId: number): Promise<void> {
    return this.run(async () => {
      const entrant = this.entrants.get(userId);
      if (!entrant) throw new TournamentRefused('not_registered');
      if (entrant.addOn) return;
      if (!this.addOnOpen || entrant.place !== null || entrant.busted)
        throw new TournamentRefused('addon_closed');
      await this.buyChips(entrant, `tournament:${this.config.tournamentId}:addon:${userId}`);
      entrant.addOn = true;
      this.addBounty(entrant);
      await this.addChips(entrant, this.config.startingStack);
    });
  }

  /** Buy-in to the pool and fee to the house for chips (a rebuy or the add-on), once per key. */
  private async buyChips(entrant: Entrant, key: string): Promise<void> {
    const paid = await this.ports.bank.enter(
      this.config.tournamentId,
      { userId: entrant.userId, isBot: entrant.isBot },
      this.config.buyIn,
      this.config.fee,
      key,
    );
    if (!paid) throw new TournamentRefused('insufficient_funds');
  }

  /** A buy-in's bounty part onto the player's head (progressive knockout). */
  private addBounty(entrant: Entrant): void {
    if (this.bountyPart > 0) entrant.bounty = (entrant.bounty ?? 0) + this.bountyPart;
  }

  /**
   * The bounties of the players a hand knocked out (the engine's bountyAwards: split by the pots that
   * covered their stacks): each share's cash half ordered paid (under the knockout's key), the other
   * half onto the eliminator's head; the knocked-out player's head is then empty.
   */
  private knockouts(report: HandReport, busts: Array<{ userId: number; startStack: number }>): void {
    const out = busts.filter((b) => (this.entrants.get(b.userId)?.bounty ?? 0) > 0);
    if (out.length === 0) return;
    const dealt = [...report.startStacks.keys()];
    const pots = report.pots ?? [
      {
        eligible: dealt,
        winners: dealt.filter((u) => (report.endStacks.get(u) ?? 0) > report.startStacks.get(u)!),
      },
    ];
    const committed = report.committed ?? report.startStacks;
    const awards = bountyAwards(
      pots.map((p) => ({ eligible: p.eligible.map(String), winners: p.winners.map(String) })),
      new Map([...committed].map(([u, c]) => [String(u), c])),
      out.map((b) => ({ playerId: String(b.userId), bounty: this.entrants.get(b.userId)!.bounty! })),
    );
    for (const b of out) {
      const entrant = this.entrants.get(b.userId)!;
      entrant.knockedOut = (entrant.knockedOut ?? 0) + 1;
      // A share for a player no longer in (cannot happen: an eliminator won chips) stays on the head.
      const paid = awards.filter(
        (a) => a.eliminated === String(b.userId) && this.entrants.has(Number(a.eliminator)),
      );
      if (paid.length === 0) continue;
      entrant.bounty = 0;
      for (const award of paid) {
        const eliminator = this.entrants.get(Number(award.eliminator))!;
        eliminator.bounty = (eliminator.bounty ?? 0) + award.head;
        const key = `tournament:${this.config.tournamentId}:bounty:${b.userId}:${entrant.knockedOut}:${eliminator.userId}`;
        this.orderBounty(eliminator, award.cash, key);
      }
    }
  }

  /** Bounty cash decided: paid once the snapshot holding it is saved (settle). */
  private orderBounty(entrant: Entrant, amount: number, key: string): void {
    if (amount <= 0) return;
    entrant.bountiesWon = (entrant.bountiesWon ?? 0) + amount;
    this.moneyOrders.push({ kind: 'bounty', userId: entrant.userId, isBot: entrant.isBot, amount, key });
  }

  /** The bounty left on a player's head paid to them (the winner at the end; everyone still in at a cancellation). */
  private orderOwnBounty(entrant: Entrant, reason: 'own' | 'cancel'): void {
    const bounty = entrant.bounty ?? 0;
    if (bounty <= 0) return;
    entrant.bounty = 0;
    this.orderBounty(
      entrant,
      bounty,
      `tournament:${this.config.tournamentId}:bounty:${entrant.userId}:${reason}`,
    );
  }

  /** A busted player back in (a re-entry or a rebuy): a starting stack at a late entrant's seat. */
  private async comeBack(entrant: Entrant): Promise<void> {
    entrant.busted = false;
    entrant.stack = this.config.startingStack;
    entrant.place = null;
    this.pendingBusts = this.pendingBusts
      .map((group) => group.filter((b) => b.userId !== entrant.userId))
      .filter((group) => group.length > 0);
    await this.seatLate(entrant);
    await this.save();
    this.releaseWaiting();
  }

  /**
   * TDA rule 9 (the engine's lateEntrySeat): a random allowed seat of the table with the fewest
   * players; a new table when none has one (balancing fills it).
   */
  private async seatLate(entrant: Entrant): Promise<void> {
    const pick = lateEntrySeat(this.tableLayout(), (count) => this.shuffle([...Array(count).keys()])[0]!);
    if (pick) return this.seatMover(entrant.userId, Number(pick.tableId), pick.seat);
    const number = Math.max(0, ...this.tables.values()) + 1;
    const tableId = await this.openTable(number, [entrant]);
    this.waiting.add(tableId);
  }

  /** Chips bought: onto the stack now when the player's table is between hands, else after its hand. */
  private async addChips(entrant: Entrant, chips: number): Promise<void> {
    if (entrant.tableId !== null && this.waiting.has(entrant.tableId)) {
      entrant.stack += chips;
      this.ports.tables.addChips(entrant.tableId, entrant.userId, chips);
    } else {
      this.pendingChips.set(entrant.userId, (this.pendingChips.get(entrant.userId) ?? 0) + chips);
    }
    await this.save();
  }

  // ---- the run -------------------------------------------------------------------------------

  /**
   * A table settled a hand: stacks, eliminations, then moves; the table waits to be released. The
   * reports that come in while the director is busy (hundreds of tables) are taken in one step, each
   * in its order, then the tables are arranged and the snapshot saved once for all of them.
   */
  handFinished(report: HandReport): Promise<void> {
    this.handsDue.push(report);
    this.handsStep ??= this.run(async () => {
      this.handsStep = null;
      const reports = this.handsDue;
      this.handsDue = [];
      let next: 'none' | 'save' | 'arrange' = 'none';
      for (const due of reports) {
        const taken = await this.takeHand(due);
        if (taken === 'save' && next === 'none') next = 'save';
        if (taken !== 'arrange') continue;
        next = 'arrange';
        // The next report is taken in as it would be after this one's step: on the bubble, hand-for-hand.
        this.updateHandForHand();
      }
      if (next === 'arrange') await this.betweenHands();
      else if (next === 'save') await this.save();
    });
    return this.handsStep;
  }

  /** Hand reports waiting for the director's next step, and that step (queued, not begun). */
  private handsDue: HandReport[] = [];
  private handsStep: Promise<void> | null = null;

  /** One settled hand taken in; what it leaves to do: arrange the tables, only save, or nothing. */
  private async takeHand(report: HandReport): Promise<'none' | 'save' | 'arrange'> {
    if (!this.tables.has(report.tableId) || (this.status !== 'running' && this.status !== 'break'))
      return 'none';
    // A report the director took in already (a resumed table catching up) changes nothing.
    if (report.handNumber <= (this.lastHands.get(report.tableId)?.handNumber ?? 0)) return 'none';
    this.lastHands.set(report.tableId, {
      bigBlindSeat: this.ports.tables.lastBigBlindSeat(report.tableId),
      handNumber: report.handNumber,
    });
    const busts = this.takeStacks(report);
    this.knockouts(report, busts);
    this.waiting.add(report.tableId);
    if (this.poolOpen) {
      this.setAside(busts);
    } else if (this.handForHand) {
      this.roundBusts.push(...busts);
      if (this.waiting.size < this.tables.size) return 'save';
      const round = this.roundBusts;
      this.roundBusts = [];
      await this.eliminate(round);
    } else {
      await this.eliminate(busts);
    }
    return 'arrange';
  }

  /**
   * A settled hand's stacks into the entrants, with the chips bought during it (a player who busted in
   * it but had rebought is seated again with them); the players it busted, with their stacks when it began.
   */
  private takeStacks(report: HandReport): Array<{ userId: number; startStack: number }> {
    const busts: Array<{ userId: number; startStack: number }> = [];
    for (const [userId, end] of report.endStacks) {
      const entrant = this.entrants.get(userId);
      if (!entrant || entrant.place !== null || entrant.busted) continue;
      const bought = this.pendingChips.get(userId) ?? 0;
      this.pendingChips.delete(userId);
      entrant.stack = end + bought;
      if (bought > 0 && this.tables.has(report.tableId)) {
        // The table took a busted player off already: they sit down again in the same seat.
        if (end === 0)
          this.ports.tables.seatPlayer(report.tableId, {
            userId,
            isBot: entrant.isBot,
            seat: entrant.seat!,
            stack: entrant.stack,
          });
        else this.ports.tables.addChips(report.tableId, userId, bought);
      }
      if (entrant.stack === 0) busts.push({ userId, startStack: report.startStacks.get(userId) ?? 0 });
    }
    return busts;
  }

  /** Busts while the pool is open: out of their seats, no place yet (a re-entry or a rebuy may bring them back). */
  private setAside(busts: Array<{ userId: number; startStack: number }>): void {
    if (busts.length === 0) return;
    for (const bust of busts) {
      const entrant = this.entrants.get(bust.userId)!;
      entrant.busted = true;
      entrant.stack = 0;
      if (entrant.tableId !== null && this.tables.has(entrant.tableId))
        this.ports.tables.removePlayer(entrant.tableId, entrant.userId);
      entrant.tableId = null;
      entrant.seat = null;
    }
    this.pendingBusts.push(busts.map((b) => ({ ...b })));
  }

  /**
   * The pool closes (late registration, rebuys and the add-on are over): the players who busted while
   * it was open and did not come back take the places below everyone still in, the later bust the
   * better place (busted in one hand: by their stacks when it began), with the prizes of the final pool.
   */
  private async closePool(): Promise<void> {
    let left = this.remaining().length;
    for (const group of [...this.pendingBusts].reverse()) {
      left += group.length;
      await this.eliminate(group, left);
    }
    this.pendingBusts = [];
  }

  /** After the busts of a hand (or a round) are ranked: the end, or moves, then the tables deal on. */
  private async betweenHands(): Promise<void> {
    if (this.stillIn().length <= 1 && !this.poolOpen) return this.finish();
    await this.arrangeTables();
    this.updateHandForHand();
    await this.save();
    await this.settle();
    this.deal.betweenHands();
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
          this.knockouts(missed, busts);
          if (this.handForHand) this.roundBusts.push(...busts);
          else await this.eliminate(busts);
        }
      }
      const seatsAt = new Map<number, SeatAssignment[]>();
      for (const e of this.stillIn())
        if (e.tableId !== null)
          seatsAt
            .set(e.tableId, seatsAt.get(e.tableId) ?? [])
            .get(e.tableId)!
            .push({ userId: e.userId, isBot: e.isBot, seat: e.seat!, stack: e.stack });
      for (const [tableId, tableNumber] of this.tables) {
        const seats = seatsAt.get(tableId) ?? [];
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
      if (!this.poolOpen && this.pendingBusts.length > 0) await this.closePool();
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
      // No knockout yet: every bounty is still whole on its head, so the buy-ins go back whole.
      const knockouts = this.players().some((e) => (e.knockedOut ?? 0) > 0);
      if (paidOut === 0) {
        for (const e of this.entrants.values()) {
          if (!knockouts) {
            this.moneyOrders.push(this.refundOrder(e, `${this.entryKey(e.userId)}:cancel`));
            continue;
          }
          // Bounties already won stand: the prize-pool part of every buy-in back, and each head's bounty.
          this.moneyOrders.push(
            this.refundOrder(e, `${this.entryKey(e.userId)}:cancel`, this.config.buyIn - this.bountyPart),
          );
          this.orderOwnBounty(e, 'cancel');
        }
        this.pendingChips.clear();
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
          entrant.prize = (entrant.dealt ?? 0) + floor + shares[i]!;
          this.orderPrize(entrant);
          this.orderOwnBounty(entrant, 'cancel');
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

  // ---- the final-table deal (finalTableDeal.ts) -----------------------------------------------

  /** A player at the final table asks for a deal (`asking` false: takes the ask back). */
  askDeal(userId: number, asking = true): Promise<void> {
    return this.deal.ask(userId, asking);
  }

  /** A player accepts one of the deal's proposals, or declines (which cancels it for everyone). */
  answerDeal(userId: number, choice: DealChoice | 'decline'): Promise<void> {
    return this.deal.answer(userId, choice);
  }

  /**
   * Who may deal now: every player still in, seated at the one (final) table, all people (bots never
   * ask), prizes left to share, the pool closed, no deal made yet; with the prizes of places 1..n.
   */
  private dealField(): DealField | null {
    if (this.status !== 'running' || this.poolOpen || this.dealMade || this.tables.size !== 1) return null;
    const left = this.remaining();
    if (left.length < 2 || left.some((e) => e.isBot || e.tableId === null || e.stack <= 0)) return null;
    const payouts = this.payouts;
    const prizes = left.map((_, k) => prizeForPlace(payouts, k + 1));
    if (prizes.every((p) => p === 0)) return null;
    const players = left.sort((a, b) => a.seat! - b.seat!).map((e) => ({ userId: e.userId, stack: e.stack }));
    return { players, prizes };
  }

  /** The level's time left (standing still while a deal's proposal is up). */
  private levelRemainingMs(): number {
    return this.levelPausedMs ?? Math.max(0, this.levelEndsAt - this.ports.clock.now());
  }

  private pauseLevelClock(): void {
    this.levelPausedMs = this.levelRemainingMs();
    this.ports.clock.clearTimeout(this.levelTimer);
    this.levelTimer = null;
  }

  /** No deal, or a deal with a part kept: the level clock goes on with the time it had, the table deals. */
  private async resumeAfterDeal(): Promise<void> {
    const paused = this.levelPausedMs;
    this.levelPausedMs = null;
    if (paused !== null) this.startLevel(this.levelIndex, paused);
    await this.save();
    this.releaseWaiting();
  }

  /**
   * Everyone accepted the same proposal: its amounts are prizes paid now, in one ledger transaction
   * (written ahead like every prize). With a part kept, play goes on for it (the places of the deal's
   * players pay only that, to the winner); without, the tournament ends with places by stack.
   */
  private async applyDeal(offer: DealOffer, choice: DealChoice): Promise<void> {
    const payments = offer.players.map((p) => ({
      entrant: this.entrants.get(p.userId)!,
      amount: choice === 'icm' ? p.icm : p.chipChop,
    }));
    this.orderOverlay();
    for (const { entrant, amount } of payments) {
      entrant.dealt = amount;
      entrant.prize = amount;
    }
    this.moneyOrders.push({
      kind: 'deal',
      payments: payments.map(({ entrant, amount }) => ({
        userId: entrant.userId,
        isBot: entrant.isBot,
        amount,
      })),
      choice,
      kept: offer.kept,
      key: `tournament:${this.config.tournamentId}:deal`,
    });
    this.dealMade = { choice, players: offer.players.length, kept: offer.kept };
    if (offer.kept > 0) {
      await this.save();
      await this.settle();
      return this.resumeAfterDeal();
    }
    // Nothing kept: places by stack (the bigger stack higher; equal stacks by seat), prizes as dealt.
    const ranked = this.remaining().sort((a, b) => b.stack - a.stack || a.seat! - b.seat!);
    for (const [i, e] of ranked.entries()) {
      const entrant = this.entrants.get(e.userId)!;
      entrant.place = i + 1;
      if (entrant.tableId !== null && this.tables.has(entrant.tableId))
        this.ports.tables.removePlayer(entrant.tableId, entrant.userId);
      this.orderOwnBounty(entrant, 'own');
    }
    this.levelPausedMs = null;
    await this.end();
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
    await this.openTables(groups);
    this.startLevel(0, (this.config.levels[0]?.seconds ?? 0) * 1000);
    this.startClockSaves();
    this.updateHandForHand();
    await this.save();
    for (const tableId of this.tables.keys()) this.ports.tables.release(tableId);
  }

  private async openTable(tableNumber: number, players: Entrant[]): Promise<number> {
    const assignments = this.seatDraw(players);
    const tableId = await this.ports.tables.open(
      this.config.tournamentId,
      tableNumber,
      assignments,
      this.level,
    );
    this.tableOpened(tableId, tableNumber, assignments);
    return tableId;
  }

  /** The players of a new table on seats drawn at random. */
  private seatDraw(players: Entrant[]): SeatAssignment[] {
    const seats = this.shuffle(Array.from({ length: this.config.tableSize }, (_, s) => s)).slice(
      0,
      players.length,
    );
    return players.map((e, i) => ({ userId: e.userId, isBot: e.isBot, seat: seats[i]!, stack: e.stack }));
  }

  private tableOpened(tableId: number, tableNumber: number, assignments: SeatAssignment[]): void {
    this.tables.set(tableId, tableNumber);
    for (const a of assignments) {
      const e = this.entrants.get(a.userId)!;
      e.tableId = tableId;
      e.seat = a.seat;
    }
  }

  /**
   * The start's tables (1..n), opened OPEN_AT_ONCE at a time: each one is a table row and a runtime
   * seating its players (a few database round trips), so a field of 10,000 (1,112 tables) is seated
   * in a fraction of the time one after another would take. Recorded in table-number order.
   */
  private async openTables(groups: Entrant[][]): Promise<void> {
    const drawn = groups.map((group) => this.seatDraw(group));
    for (let from = 0; from < drawn.length; from += OPEN_AT_ONCE) {
      const batch = drawn.slice(from, from + OPEN_AT_ONCE);
      const ids = await Promise.all(
        batch.map((assignments, i) =>
          this.ports.tables.open(this.config.tournamentId, from + i + 1, assignments, this.level),
        ),
      );
      ids.forEach((tableId, i) => this.tableOpened(tableId, from + i + 1, batch[i]!));
    }
  }

  /**
   * Places and prizes for the players busted in one hand (the engine's rule: stacks when it began; ties
   * share). `playersLeft`: the players in when that hand began (the busted ones included).
   */
  private async eliminate(
    busts: Array<{ userId: number; startStack: number }>,
    playersLeft = this.stillIn().length,
  ): Promise<void> {
    if (busts.length === 0) return;
    const finishes = finishingPlaces(
      busts.map((b) => ({ playerId: String(b.userId), startingStack: b.startStack })),
      playersLeft,
      this.payouts,
    );
    for (const finish of finishes) {
      const entrant = this.entrants.get(Number(finish.playerId))!;
      entrant.busted = false;
      entrant.place = finish.place;
      entrant.prize = finish.prize + (entrant.dealt ?? 0);
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
    // A final-table deal paid part of it already (under its own key).
    const amount = entrant.prize - (entrant.dealt ?? 0);
    if (amount <= 0) return;
    this.orderOverlay();
    if (this.config.satellite) {
      this.moneyOrders.push(...satellitePrizeOrders(this.config, entrant));
      return;
    }
    this.moneyOrders.push({
      kind: 'pay',
      userId: entrant.userId,
      isBot: entrant.isBot,
      amount,
      key: `tournament:${this.config.tournamentId}:prize:${entrant.userId}`,
    });
  }

  /**
   * The guarantee's shortfall from the house's guarantee account into the pool, once, before the first
   * prize is paid (the pool is final then; a tournament cancelled before the money pays no overlay).
   */
  private orderOverlay(): void {
    const overlay = this.prizePool - this.collected;
    if (overlay <= 0 || this.overlayOrdered > 0) return;
    this.overlayOrdered = overlay;
    this.moneyOrders.push({
      kind: 'overlay',
      amount: overlay,
      key: `tournament:${this.config.tournamentId}:overlay`,
    });
  }

  /** Every buy-in (or `buyIn` of each: its prize-pool part) and fee the entrant paid (entries, re-entries, rebuys, the add-on) back. */
  private refundOrder(entrant: Entrant, key: string, buyIn = this.config.buyIn): MoneyOrder {
    const buyIns = buyInsOf(entrant);
    return {
      kind: 'refund',
      userId: entrant.userId,
      isBot: entrant.isBot,
      buyIn: buyIn * buyIns,
      fee: this.config.fee * buyIns,
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
      if (order.kind === 'overlay') {
        await this.ports.bank.overlay(this.config.tournamentId, order.amount, order.key);
        continue;
      }
      if (order.kind === 'deal') {
        const payments = order.payments.map((p) => ({
          who: { userId: p.userId, isBot: p.isBot },
          amount: p.amount,
        }));
        await this.ports.bank.deal(this.config.tournamentId, payments, order.key, {
          choice: order.choice,
          kept: order.kept,
        });
        continue;
      }
      const who = { userId: order.userId, isBot: order.isBot };
      if (order.kind === 'ticket' || order.kind === 'ticket-back')
        await settleTicketOrder(this.ports.satellite, this.config.tournamentId, order);
      else if (order.kind === 'bounty')
        await this.ports.bank.bounty(this.config.tournamentId, who, order.amount, order.key);
      else if (order.kind === 'pay')
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
    const left = this.stillIn();
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
    // The players by table in one pass over the field (not one pass per table).
    const seated = new Map<number, Array<{ playerId: string; seat: number }>>(ids.map((id) => [id, []]));
    for (const e of this.stillIn())
      if (e.tableId !== null) seated.get(e.tableId)?.push({ playerId: String(e.userId), seat: e.seat! });
    return ids.map((tableId) => ({
      tableId: String(tableId),
      seatCount: this.config.tableSize,
      players: seated.get(tableId)!,
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
    this.handForHand = !this.poolOpen && isHandForHand(this.stillIn().length, paid, this.tables.size);
  }

  /**
   * Releases the tables that wait, unless every table must finish its hand first: on the bubble
   * (hand-for-hand) and before the final table's redraw.
   */
  private releaseWaiting(): void {
    if (this.status === 'break' || this.deal.holds) return;
    const gather =
      this.handForHand || (this.tables.size > 1 && this.stillIn().length <= this.config.tableSize);
    if (gather && this.waiting.size < this.tables.size) return;
    const seated = new Map<number, number>();
    for (const e of this.stillIn())
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
      entrant.prize = prizeForPlace(this.payouts, 1) + (entrant.dealt ?? 0);
      if (entrant.tableId !== null) this.ports.tables.removePlayer(entrant.tableId, entrant.userId);
      this.orderPrize(entrant);
      this.orderOwnBounty(entrant, 'own');
    }
    await this.end();
  }

  /** The tournament is over: clocks stop, tables close, the money decided is moved. */
  private async end(): Promise<void> {
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
    const wasOpen = this.poolOpen;
    // The next level starts when this one was due to end, not when a busy process got round to it: a
    // timer that fired late (or waited in the director's queue) must not lengthen every level after it.
    const late = Math.max(0, this.ports.clock.now() - this.levelEndsAt);
    this.startLevel(next, Math.max(0, this.config.levels[next]!.seconds * 1000 - late));
    if (wasOpen && !this.poolOpen) {
      await this.closePool();
      return this.betweenHands();
    }
    await this.save();
    this.releaseWaiting();
  }

  private stopClocks(): void {
    this.deal.stop();
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
        void this.run(() => saveClock(this.config.tournamentId, this.levelIndex, this.levelRemainingMs()))
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
    this.pendingBusts = (snapshot.pendingBusts ?? []).map((group) => group.map((b) => ({ ...b })));
    for (const [userId, chips] of snapshot.pendingChips ?? []) this.pendingChips.set(userId, chips);
    this.overlayOrdered = snapshot.overlay ?? 0;
    // A deal's proposal cut short by a stop is gone (levelRemainingMs is the time the paused level had).
    this.dealMade = snapshot.deal ? { ...snapshot.deal } : null;
  }

  private entryKey(userId: number): string {
    return `tournament:${this.config.tournamentId}:entry:${userId}:${this.entryCounts.get(userId) ?? 1}`;
  }

  private savedStatus: TournamentStatus | null = null;

  private async save(): Promise<void> {
    await this.ports.store.save(this.snapshot());
    if (this.savedStatus !== this.status) {
      const first = this.savedStatus === null;
      this.savedStatus = this.status;
      if (!first || this.status !== 'registering') await this.ports.statusChanged?.(this.status);
    }
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

function newEntrant(userId: number, isBot: boolean): Entrant {
  return { userId, isBot, stack: 0, tableId: null, seat: null, place: null, prize: 0, entries: 1 };
}

/** The buy-ins an entrant paid into the pool: entries (re-entries included), rebuys and the add-on. */
export function buyInsOf(entrant: Entrant): number {
  return (entrant.entries ?? 1) + (entrant.rebuys ?? 0) + (entrant.addOn ? 1 : 0);
}

/** The part of each buy-in that becomes bounty (progressive knockout): `bountyPercent` of it, rounded down. */
export function bountyPartOf(config: Pick<TournamentConfig, 'buyIn' | 'bountyPercent'>): number {
  return Math.floor((config.buyIn * (config.bountyPercent ?? 0)) / 100);
}

/**
 * The level (index) at whose start the prize pool closes: late registration, rebuys and the add-on are
 * over (at most the last level: a pool never stays open for good).
 */
export function poolClosingLevel(config: TournamentConfig): number {
  const rebuyLevels = config.rebuyLevels ?? 0;
  const addOnLevel = config.addOn && rebuyLevels > 0 ? rebuyLevels + 1 : 0;
  const closing = Math.max(config.lateRegLevels ?? 0, rebuyLevels, addOnLevel);
  return Math.min(closing, Math.max(0, config.levels.length - 1));
}

function prizeForPlace(payouts: readonly Payout[], place: number): number {
  return payouts.find((p) => p.place === place)?.amount ?? 0;
}
