// The hand loop of one table: deal when two can play, run the action clock for each turn, act
// for a player who runs out of time (or was removed), settle the finished hand, then tidy the
// seats and deal again. Everything runs inside the table's queue (TableState.enqueue).
import {
  applyAction,
  awaitingRunout,
  handRecord,
  legalActions,
  parseCards,
  runOutStreet,
  showAfterHand,
  type HandEvent,
  type HandState,
} from '@tenger/engine';
import { refillBank, timedOut } from './actionClock.js';
import { dealHand, type Deal, type RunningHand } from './runningHand.js';
import { nextLineup } from './lineup.js';
import {
  dealable,
  ok,
  reject,
  rechargeLanding,
  type LeaveReason,
  type Reply,
  type Seat,
} from './seatRules.js';
import { showChoices } from './showChoice.js';
import { handSettlement } from './settlement.js';
import type { TableState } from './tableState.js';
import type { TournamentTableMode } from './tournamentMode.js';
import { DomainError } from '../../errors.js';

/** A player's own protection refusing money to the table (protection/playerProtection.ts). */
const PLAYER_REFUSALS: ReadonlySet<string> = new Set(['loss_limit', 'session_limit', 'excluded']);

/** What the dealer needs from the seat desk. */
export interface SeatHooks {
  standUp(seat: Seat, reason: LeaveReason): Promise<void>;
  markSittingOut(seat: Seat): void;
  /** A cash-table seat with an empty stack after a hand: kept for a while with an offer to add chips. */
  offerChips(seat: Seat): Promise<void>;
}

const NEXT_HAND = 'next-hand';
const SETTLE_RETRY = 'settle-retry';
/** A settlement that failed is tried again after this, doubling each time up to the maximum. */
const SETTLE_RETRY_MS = 1_000;
const SETTLE_RETRY_MAX_MS = 30_000;
const RUNOUT = 'runout';
const SHOW_WINDOW = 'show-window';
/**
 * A deal that failed (the database away) is tried again after this, doubling up to the maximum: a table
 * deals again within seconds of the database's return, and never hammers it while it is away.
 */
const DEAL_RETRY_MS = 1_000;
const DEAL_RETRY_MAX_MS = 5_000;
/** The least pause before the next deal, whatever a show window took (never more than the pause itself). */
const MIN_NEXT_HAND_DELAY_MS = 500;

export const dealtHand = (hand: RunningHand) => ({
  handId: hand.handId,
  handNumber: hand.state.config.handNumber,
  seedCommitment: hand.deck.committed.deckCommitment,
  startedAt: hand.startedAt,
});

export class Dealer {
  /** Failed settlement attempts of the finished hand in a row (0 once it settles). */
  private settleFailures = 0;
  /** Failed attempts to deal in a row (0 once a deal gets through or nothing is to be dealt). */
  private dealFailures = 0;

  constructor(
    private readonly t: TableState,
    private readonly seats: SeatHooks,
  ) {}

  /** Deals after the pause between hands, when at least two can play. */
  scheduleNextHand(): void {
    const t = this.t;
    if (t.stopped || t.deleted || t.draining || t.hand || t.room.has(NEXT_HAND)) return;
    if (t.deps.tournament && !t.deps.tournament.mayDeal) return;
    if (!t.deps.tournament && dealable(t.seats.values()).length < 2) return;
    this.commitNextDeck();
    const pause = t.deps.timing.nextHandDelayMs;
    const delay = Math.max(Math.min(MIN_NEXT_HAND_DELAY_MS, pause), pause - t.pauseCredit);
    t.pauseCredit = 0;
    t.room.after(NEXT_HAND, delay, () => t.queued(() => this.dealOrRetry(), 'could not start a hand'));
  }

  /** Deals; when that fails (its writes did not commit), tries again after a growing pause until it can. */
  private async dealOrRetry(): Promise<void> {
    const t = this.t;
    try {
      await this.startHand();
      this.dealFailures = 0;
    } catch (error) {
      const attempt = ++this.dealFailures;
      const delay = Math.min(DEAL_RETRY_MAX_MS, DEAL_RETRY_MS * 2 ** (attempt - 1));
      t.deps.logger.error(
        { err: error, tableId: t.tableId, attempt, retryInMs: delay },
        'could not start a hand: retrying',
      );
      if (!t.stopped && !t.room.has(NEXT_HAND))
        t.room.after(NEXT_HAND, delay, () => t.queued(() => this.dealOrRetry(), 'could not start a hand'));
    }
  }

  /**
   * Commits the next hand's deck and publishes its root at once, so the players' seeds arrive
   * during the pause before the deal (the deal itself waits for nothing).
   */
  commitNextDeck(): void {
    const t = this.t;
    if (t.nextDeal.commit()) t.emit({ type: 'deck-committed', deckCommitment: t.nextDeal.deckCommitment! });
  }

  /** A new state of the running hand: publish its events, then run the clock or settle. */
  advance(hand: RunningHand, state: HandState, events: HandEvent[]): void {
    const t = this.t;
    t.actionClock.stop();
    hand.state = state;
    for (const event of events) t.record({ kind: 'hand', event, hand: hand.context });
    // Settlement runs as its own queued step so the command that ended the hand is acked first.
    if (state.phase === 'complete') t.queued(() => this.openShowWindow(hand), 'could not finish a hand');
    else if (state.toAct !== null) this.startClock(hand, state.toAct);
    else if (awaitingRunout(state) && t.runoutPauseMs <= 0) this.runOut(hand);
    else if (awaitingRunout(state))
      t.room.after(RUNOUT, t.runoutPauseMs, () => t.queued(() => this.runOut(hand), 'runout failed'));
  }

  /** One more street of an all-in runout (the hands are already face up). */
  private runOut(hand: RunningHand): void {
    if (this.t.hand !== hand) return;
    const result = runOutStreet(hand.state);
    if ('error' in result) return;
    this.advance(hand, result.state, result.events);
  }

  /**
   * The hand is over: players with a choice (showChoice.ts) may show until the window closes, then
   * the hand is settled with what was shown. With nobody to ask it is settled at once.
   */
  private async openShowWindow(hand: RunningHand): Promise<void> {
    const t = this.t;
    if (t.stopped || t.hand !== hand) return;
    const choices = showChoices(hand.state, t.seats, hand.owners);
    if (choices.size === 0 || t.deps.timing.showWindowMs <= 0) return this.finishHand(hand);
    hand.choices = choices;
    hand.choicesOpenedAt = t.room.now();
    const deadline = t.room.now() + t.deps.timing.showWindowMs;
    const handNumber = hand.state.config.handNumber;
    for (const [seat, kind] of choices) t.emit({ type: 'show-choice', seat, handNumber, kind, deadline });
    t.room.after(SHOW_WINDOW, t.deps.timing.showWindowMs, () =>
      t.queued(() => this.closeShowWindow(hand), 'could not finish a hand'),
    );
  }

  /** SHOW or MUCK from a player with a choice. */
  choose(seat: Seat, show: boolean, cards?: readonly string[]): Reply {
    const hand = this.t.hand;
    const kind = hand?.choices?.get(seat.seat);
    if (!hand || !kind || hand.owners.get(seat.seat)?.userId !== seat.userId)
      return reject('stale', 'There is nothing to show now');
    if (show) {
      let parsed;
      try {
        parsed = cards ? parseCards(cards.join('')) : undefined;
      } catch {
        return reject('illegal_action', 'Not cards');
      }
      const result = showAfterHand(hand.state, seat.seat, parsed);
      if ('error' in result) return reject('illegal_action', result.error.message);
      this.showed(hand, result.state, result.events);
    }
    hand.choices!.delete(seat.seat);
    if (hand.choices!.size === 0) {
      this.t.room.cancel(SHOW_WINDOW);
      this.t.queued(() => this.closeShowWindow(hand), 'could not finish a hand');
    }
    return ok;
  }

  /** Time is up: a loser who did not choose shows (their auto-muck is off); a winner keeps the cards hidden. */
  private async closeShowWindow(hand: RunningHand): Promise<void> {
    const t = this.t;
    if (t.stopped || t.hand !== hand || !hand.choices) return;
    for (const [seat, kind] of hand.choices) {
      if (kind !== 'loser') continue;
      const result = showAfterHand(hand.state, seat);
      if (!('error' in result)) this.showed(hand, result.state, result.events);
    }
    hand.choices = null;
    t.pauseCredit = t.room.now() - (hand.choicesOpenedAt ?? t.room.now());
    t.emit({ type: 'show-choice-closed', handNumber: hand.state.config.handNumber });
    await this.finishHand(hand);
  }

  private showed(hand: RunningHand, state: HandState, events: HandEvent[]): void {
    hand.state = state;
    for (const event of events) this.t.record({ kind: 'hand', event, hand: hand.context });
  }

  /** The player to act was removed (blocked, deleted): they fold at once. */
  forfeit(hand: RunningHand): void {
    const seat = hand.state.toAct!;
    const folded = applyAction(hand.state, { seat, type: 'fold' });
    const result = 'error' in folded ? applyAction(hand.state, { seat, type: 'check' }) : folded;
    if ('error' in result) {
      this.t.deps.logger.error(
        { tableId: this.t.tableId, error: result.error },
        'a removed player could not fold',
      );
      return;
    }
    this.advance(hand, result.state, result.events);
  }

  private async startHand(): Promise<void> {
    const t = this.t;
    if (t.stopped || t.deleted || t.draining || t.hand || !t.holdsLease()) return;
    // A tournament table's stacks are chips, not money: there are no seat accounts to match.
    if (t.reconcileBeforeDeal && !t.deps.tournament) {
      await this.reconcileSeats();
      t.reconcileBeforeDeal = false;
      if (dealable(t.seats.values()).length < 2) return;
    }
    // A hand that ended without settling (voided) left an edit waiting.
    t.applyPendingTable();
    await t.refreshSettings();
    const tournament = t.deps.tournament;
    if (tournament) return this.startTournamentHand(tournament);
    const lineup = nextLineup(t.seats.values(), t.button);
    for (const seat of lineup.sitOut) {
      seat.options.sitOutNextHand = false;
      seat.options.sitOutNextBigBlind = false;
      this.seats.markSittingOut(seat);
    }
    if (!lineup.ok) return;
    t.button = lineup.button;
    await this.deal(lineup.players);
  }

  /**
   * A tournament hand (tournamentMode.ts): everyone with chips, the engine's moving button, the
   * level's blinds and ante; the release is taken, the next hand waits for another.
   */
  private async startTournamentHand(tournament: TournamentTableMode): Promise<void> {
    const t = this.t;
    if (!tournament.mayDeal) return;
    const lineup = tournament.lineup(t.seats.values());
    if (!lineup) return;
    tournament.released = false;
    t.button = lineup.button;
    const { smallBlind, bigBlind, ante, anteKind } = tournament.level;
    try {
      if (await this.deal(lineup.players, { smallBlind, bigBlind, ante, anteKind }))
        tournament.lastBigBlindSeat = lineup.bigBlindSeat;
    } catch (error) {
      // Nothing was dealt (its writes did not commit): the release still stands, so dealOrRetry's next
      // attempt deals (else the table would wait for a release the director already gave).
      tournament.released = true;
      throw error;
    }
  }

  private async deal(players: Seat[], stakes?: Deal['stakes']): Promise<boolean> {
    const t = this.t;
    const dealt = dealHand({
      table: t.table,
      players,
      button: t.button!,
      handNumber: t.lastHandNumber + 1,
      nextDeal: t.nextDeal,
      settings: await t.deps.settings.get(),
      startedAt: new Date(t.room.now()),
      ...(stakes ? { stakes } : {}),
    });
    if ('error' in dealt) {
      t.deps.logger.error({ tableId: t.tableId, error: dealt.error }, 'the engine refused a hand');
      return false;
    }
    // The number is used from here on, whatever becomes of the hand (a crash voids it, never re-deals it).
    await t.deps.store.handStarted(t.tableId, dealtHand(dealt.hand));
    t.lastHandNumber++;
    for (const s of players) {
      s.owesBigBlind = false;
      s.postNow = false;
    }
    t.shownHand = null;
    t.hand = dealt.hand;
    this.advance(dealt.hand, dealt.hand.state, dealt.events);
    return true;
  }

  /**
   * After a restart or a takeover, before the first deal: every seat's stack becomes what its seat
   * account holds (the ledger is the truth). A stack above its account (a stale owner moved money out
   * after the seats were read) is cut down to it, and a seat whose account is empty stands up with
   * nothing to cash out; a stack below its account is raised to it. Each correction is logged and
   * written to the audit log (the system's row: nobody asked for it).
   */
  private async reconcileSeats(): Promise<void> {
    const t = this.t;
    const accounts = await t.deps.bank.seatAccounts(t.tableId);
    for (const seat of [...t.seats.values()]) {
      const account = accounts.get(seat.userId) ?? 0;
      const stack = seat.stack + seat.pendingRecharge;
      if (account === stack) continue;
      t.deps.logger.warn(
        { tableId: t.tableId, userId: seat.userId, seat: seat.seat, stack, account },
        'a seat did not match its seat account: its stack is now the account',
      );
      await t.deps
        .audit?.({
          actorId: null,
          actorName: 'system',
          ip: '',
          action: 'table.reconcile',
          targetType: 'user',
          targetId: seat.userId,
          summary: `table #${t.tableId} seat ${seat.seat + 1}: stack ${stack} -> ${account}, its seat account${account === 0 ? ' (stood up)' : ''}`,
          coded:
            account === 0
              ? {
                  code: 'table.reconcile_stood_up',
                  params: { tableId: t.tableId, seat: seat.seat + 1, stack },
                }
              : {
                  code: 'table.reconcile',
                  params: { tableId: t.tableId, seat: seat.seat + 1, stack, seatAccount: account },
                },
        })
        .catch((error: unknown) =>
          t.deps.logger.error({ err: error, tableId: t.tableId }, 'could not audit a seat reconciliation'),
        );
      seat.pendingRecharge = 0;
      seat.stack = account;
      if (account === 0) await this.seats.standUp(seat, 'busted');
      else t.emit({ type: 'seat-updated', seat: t.presentSeat(seat) });
    }
  }

  private startClock(hand: RunningHand, seatIndex: number): void {
    const t = this.t;
    const seat = t.seats.get(seatIndex);
    if (seat?.removed || seat?.leaveAfterHand === 'left') return this.forfeit(hand);
    const bank = seat?.timeBankMs ?? 0;
    const actionCount = hand.state.actionCount;
    const { deadline } = t.actionClock.start(seatIndex, t.actionTimeMs, bank, () =>
      t.queued(() => this.timeout(hand, actionCount), 'timeout failed'),
    );
    const handNumber = hand.state.config.handNumber;
    t.emit({ type: 'clock', seat: seatIndex, handNumber, deadline, timeBankMs: bank });
  }

  /** Out of time: check when free, else fold; too many timeouts in a row sit the player out. */
  private timeout(hand: RunningHand, actionCount: number): void {
    const t = this.t;
    if (t.hand !== hand || hand.state.actionCount !== actionCount || hand.state.toAct === null) return;
    const seatIndex = hand.state.toAct;
    const type = legalActions(hand.state)?.actions.some((a) => a.type === 'check') ? 'check' : 'fold';
    const result = applyAction(hand.state, { seat: seatIndex, type });
    if ('error' in result) {
      t.deps.logger.error({ tableId: t.tableId, error: result.error }, 'timeout action refused');
      return;
    }
    const seat = t.seats.get(seatIndex);
    t.emit({ type: 'timed-out', seat: seatIndex, action: type });
    if (seat && timedOut(seat, t.deps.timing.timeoutsToSitOut)) this.seats.markSittingOut(seat);
    this.advance(hand, result.state, result.events);
  }

  private async finishHand(hand: RunningHand): Promise<void> {
    const t = this.t;
    if (t.stopped || t.hand !== hand) return;
    const input = handSettlement(hand, t.table, await t.deps.settings.get(), new Date(t.room.now()));
    if (!input) return;
    const { record } = input;
    try {
      const settled = await t.deps.bank.settle(input);
      for (const entry of record.seats) {
        const seat = t.seats.get(entry.seat);
        if (seat && entry.dealtIn) seat.stack = entry.finalStack;
      }
      t.handsPlayed++;
      t.rakeTaken += record.rake;
      // Stopped while the settlement committed: the books are right; do nothing more (a crash would not).
      if (t.stopped) return;
      const userOf = (seat: number) => hand.owners.get(seat)!.userId;
      t.emit({
        type: 'hand-result',
        handId: hand.handId,
        handNumber: record.handNumber,
        results: record.seats
          .filter((s) => s.dealtIn)
          .map((s) => ({ seat: s.seat, userId: userOf(s.seat), net: s.net })),
        rake: record.rake,
        jackpotContribution: settled.money.jackpotContribution,
        jackpotPayouts: settled.payouts.map((p) => ({ ...p, userId: userOf(p.seat) })),
        deckCommitment: hand.deck.committed.deckCommitment,
        playerSeeds: hand.deck.playerSeeds.map((s) => ({ ...s })),
      });
      // The jackpot this hand moved reaches this table as it reaches every other: once, from the
      // ledger's announcement after the commit (TableRegistry -> jackpotChanged).
    } catch (error) {
      // Never void a finished hand here: that would erase the winners' pots. While the table is still
      // ours the settlement is tried again (same hand, same idempotency keys) and nothing else is
      // dealt; a table lost to another process is left as it is: its new owner voids the hand as on a
      // crash (recovery.ts), every stack as it began.
      const attempt = ++this.settleFailures;
      const lost = !t.holdsLease();
      t.deps.logger.error(
        { err: error, tableId: t.tableId, handId: hand.handId, attempt, lost },
        lost
          ? 'hand could not be settled: the table is owned elsewhere now'
          : 'hand could not be settled: retrying',
      );
      if (lost) return;
      const delay = Math.min(SETTLE_RETRY_MAX_MS, SETTLE_RETRY_MS * 2 ** (attempt - 1));
      t.room.after(SETTLE_RETRY, delay, () =>
        t.queued(() => this.finishHand(hand), 'could not finish a hand'),
      );
      return;
    }
    this.settleFailures = 0;
    t.hand = null;
    t.shownHand = { state: hand.state, context: hand.context };
    // An edit made during the hand applies now, before the next deal.
    t.applyPendingTable();
    await this.afterHand(hand);
  }

  /**
   * Between hands: time banks refill, recharges land (as far as they fit), leavers stand up, and the
   * busted keep the seat for a while with an offer to add chips (seatExits.offerChips).
   */
  private async afterHand(hand: RunningHand): Promise<void> {
    const t = this.t;
    if (t.deps.tournament) return this.afterTournamentHand(hand, t.deps.tournament);
    for (const seat of [...t.seats.values()]) {
      if (hand.owners.has(seat.seat)) refillBank(seat, t.deps.timing.timeBankRefillMs, t.timeBankMaxMs);
      if (seat.pendingRecharge > 0) await this.landRecharge(seat);
      if (seat.options.autoTopUp !== null && !seat.leaveAfterHand && !seat.removed) await this.topUp(seat);
      if (seat.leaveAfterHand) await this.seats.standUp(seat, seat.leaveAfterHand);
      else if (seat.stack === 0 && seat.bustOfferDeadline === undefined) await this.seats.offerChips(seat);
    }
    t.seatsChanged(false);
    if (t.deleted) return t.emit({ type: 'table-closed' });
    this.scheduleNextHand();
  }

  /**
   * Between tournament hands: no recharge and no top-up; the busted stand up (their chips were never
   * money); the director hears the stacks and decides when the table deals again (release).
   */
  private async afterTournamentHand(hand: RunningHand, tournament: TournamentTableMode): Promise<void> {
    const t = this.t;
    const record = handRecord(hand.state);
    // The stacks as the table holds them now: the record's ends, or (a voided hand) the starts again.
    const stacks = new Map([...t.seats.values()].map((s) => [s.userId, s.stack]));
    for (const seat of [...t.seats.values()]) {
      if (hand.owners.has(seat.seat)) refillBank(seat, t.deps.timing.timeBankRefillMs, t.timeBankMaxMs);
      if (seat.leaveAfterHand) await this.seats.standUp(seat, seat.leaveAfterHand);
      else if (seat.stack === 0) await this.seats.standUp(seat, 'busted');
    }
    t.seatsChanged(false);
    if (!record || t.stopped) return;
    const report = tournament.report(record, (seat) => hand.owners.get(seat)!.userId);
    for (const userId of report.endStacks.keys()) report.endStacks.set(userId, stacks.get(userId) ?? 0);
    tournament.handFinished(report);
  }

  /** Auto top-up: below the chosen stack, chips come from the balance like a recharge (if it has them). */
  private async topUp(seat: Seat): Promise<void> {
    const t = this.t;
    const target = Math.min(seat.options.autoTopUp ?? 0, t.table.maxBuyIn);
    const amount = target - seat.stack;
    // A refusal (the player's own loss or session limit) skips the top-up like a short balance does.
    const paid =
      amount > 0 &&
      (await t.deps.bank.toSeat(seat, t.tableId, amount, 'recharge').catch((error: unknown) => {
        if (error instanceof DomainError && PLAYER_REFUSALS.has(error.code)) return false;
        throw error;
      }));
    if (!paid) return;
    seat.stack += amount;
    t.emit({ type: 'stack-changed', seat: seat.seat, stack: seat.stack, reason: 'recharge' });
  }

  /** A recharge made during the hand adds only what fits under the maximum; the rest goes back. */
  private async landRecharge(seat: Seat): Promise<void> {
    const t = this.t;
    const max = seat.leaveAfterHand ? Number.MAX_SAFE_INTEGER : t.table.maxBuyIn;
    const { add, refund } = rechargeLanding(seat.stack, seat.pendingRecharge, max);
    if (refund > 0) await t.deps.bank.fromSeat(seat, t.tableId, refund, 'recharge_above_max');
    seat.pendingRecharge = 0;
    seat.stack += add;
    if (add > 0) t.emit({ type: 'stack-changed', seat: seat.seat, stack: seat.stack, reason: 'recharge' });
    else t.emit({ type: 'seat-updated', seat: t.presentSeat(seat) });
  }
}
