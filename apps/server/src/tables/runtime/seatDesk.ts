// The seat commands of one table: sit (buy-in), recharge, sit out and in, leave, act, and what
// admins and account changes do to a seat (kick, remove). Rules come from seatRules.ts; money
// moves through the TableBank; standing up and sitting out are seatExits.ts; everything runs inside
// the table's queue.
import { applyAction } from '@tenger/engine';
import {
  DEFAULT_RATHOLE_MINUTES,
  type ActionMessage,
  type SeatOptions,
  type TableRejectCode,
} from '@tenger/protocol';
import { spendBank } from './actionClock.js';
import type { Dealer } from './dealer.js';
import { inRunningHand } from './runningHand.js';
import * as rules from './seatRules.js';
import { ok, reject, type LeaveReason, type Reply, type Seat } from './seatRules.js';
import { idleTimer, type SeatExits } from './seatExits.js';
import type { TableState } from './tableState.js';

export class SeatDesk {
  constructor(
    private readonly t: TableState,
    private readonly dealer: Dealer,
    private readonly exits: SeatExits,
  ) {}

  async sit(userId: number, seatIndex: number, amount: number, postNow = false): Promise<Reply> {
    const t = this.t;
    const settings = await t.deps.settings.get();
    const windowMs = (settings.table?.ratholeMinutes ?? DEFAULT_RATHOLE_MINUTES) * 60_000;
    const departure = await t.deps.store.lastDeparture(t.tableId, userId);
    const minimum = rules.buyInMinimum(t.table, departure, t.room.now(), windowMs);
    const allowed = rules.checkSit({
      table: t.table,
      closed: t.deleted,
      seats: t.seats,
      userId,
      seat: seatIndex,
      amount,
      minimum,
    });
    if (!allowed.ok) return allowed;
    const held = t.waitlist.maySit(userId, seatIndex);
    if (!held.ok) return held;
    const profile = await t.deps.profile(userId);
    const player = rules.checkPlayer(profile, settings.maintenance);
    if (!player.ok || !profile) return player;
    if (!(await t.deps.bank.toSeat(profile, t.tableId, amount, 'buy_in')))
      return reject('insufficient_funds', 'Your balance is too low');
    const connected = profile.isBot || t.viewers.isConnected(userId);
    const seat = rules.newSeat(profile, seatIndex, amount, t.timeBankMaxMs, connected);
    seat.postNow = postNow;
    t.seats.set(seatIndex, seat);
    t.departures.delete(userId);
    t.emit({ type: 'seat-taken', seat: t.presentSeat(seat) });
    t.seatsChanged();
    t.waitlist.seated(userId);
    this.dealer.scheduleNextHand();
    return ok;
  }

  async recharge(seat: Seat | undefined, amount: number): Promise<Reply> {
    const t = this.t;
    const allowed = rules.checkRecharge(seat, amount, t.table);
    if (!allowed.ok || !seat) return allowed;
    if (!(await t.deps.bank.toSeat(seat, t.tableId, amount, 'recharge')))
      return reject('insufficient_funds', 'Your balance is too low');
    if (seat.bustOfferDeadline !== undefined) {
      seat.stack += amount;
      this.exits.acceptChips(seat);
      this.dealer.scheduleNextHand();
    } else if (inRunningHand(t.hand, seat)) {
      seat.pendingRecharge += amount;
      t.emit({ type: 'seat-updated', seat: t.presentSeat(seat) });
    } else {
      seat.stack += amount;
      t.emit({ type: 'stack-changed', seat: seat.seat, stack: seat.stack, reason: 'recharge' });
      this.dealer.scheduleNextHand();
    }
    t.seatsChanged(false);
    return ok;
  }

  sitOut(seat: Seat | undefined): Reply {
    if (!seat) return reject('not_seated', 'You are not seated at this table');
    if (!seat.sittingOut) this.exits.markSittingOut(seat);
    return ok;
  }

  sitIn(seat: Seat | undefined): Reply {
    if (!seat) return reject('not_seated', 'You are not seated at this table');
    if (seat.leaveAfterHand) return reject('in_hand', 'You are leaving this table');
    if (seat.bustOfferDeadline !== undefined)
      return reject('bad_amount', 'Add chips to play again: your stack is empty');
    if (!seat.sittingOut) return ok;
    seat.sittingOut = false;
    seat.owesBigBlind = true;
    seat.consecutiveTimeouts = 0;
    this.t.room.cancel(idleTimer(seat));
    this.t.emit({ type: 'sat-in', seat: seat.seat });
    this.dealer.scheduleNextHand();
    return ok;
  }

  /**
   * Leaves now, or after the running hand when dealt into it. A player who leaves their own hand
   * folds: now when it is their turn, else the moment the turn comes (no clock runs for them).
   */
  async leave(seat: Seat | undefined, asked: LeaveReason): Promise<Reply> {
    if (!seat) return reject('not_seated', 'You are not seated at this table');
    // Declining the offer to add chips: stood up as the offer's end would (busted).
    const reason = seat.bustOfferDeadline !== undefined && asked === 'left' ? 'busted' : asked;
    const hand = this.t.hand;
    if (!this.exits.leaveAfterHand(seat, reason)) await this.exits.standUp(seat, reason);
    else if (reason === 'left' && hand?.state.toAct === seat.seat) this.dealer.forfeit(hand);
    return ok;
  }

  act(seat: Seat | undefined, message: ActionMessage): Reply {
    if (!seat) return reject('not_seated', 'You are not seated at this table');
    const hand = this.t.hand;
    if (!hand || hand.state.phase === 'complete') return reject('stale', 'No hand is running');
    if (message.handNumber !== hand.state.config.handNumber) return reject('stale', 'That hand is over');
    if (!inRunningHand(hand, seat)) return reject('not_your_turn', 'You are not in this hand');
    if (message.stateId !== undefined && message.stateId !== hand.state.actionCount)
      return reject('stale', 'The hand has moved on; look again');
    if (hand.state.toAct !== seat.seat) return reject('not_your_turn', 'It is not your turn');
    const used = this.t.actionClock.bankUsed();
    const clock = this.t.actionClock.current;
    const tookMs = clock && clock.seat === seat.seat ? this.t.actionClock.elapsed() : null;
    const result = applyAction(hand.state, {
      seat: seat.seat,
      type: message.action,
      ...(message.amount !== undefined ? { amount: message.amount } : {}),
    });
    if ('error' in result) return reject(engineRejectCode(result.error.code), result.error.message);
    spendBank(seat, used);
    if (tookMs !== null) (hand.decisions ??= []).push({ seat: seat.seat, ms: tookMs });
    this.dealer.advance(hand, result.state, result.events);
    return ok;
  }

  /** The seated player's standing choices; each one given replaces the last. */
  setOptions(seat: Seat | undefined, options: SeatOptions): Reply {
    if (!seat) return reject('not_seated', 'You are not seated at this table');
    const max = this.t.table.maxBuyIn;
    if (options.autoTopUp != null && (options.autoTopUp < this.t.table.minBuyIn || options.autoTopUp > max))
      return reject('bad_amount', `Top up to between ${this.t.table.minBuyIn} and ${max}`);
    const given = Object.entries(options).filter(([, value]) => value !== undefined);
    seat.options = { ...seat.options, ...Object.fromEntries(given) };
    return ok;
  }

  /** SHOW / MUCK after the hand (dealer.choose). */
  choose(seat: Seat | undefined, show: boolean, cards?: readonly string[]): Reply {
    if (!seat) return reject('not_seated', 'You are not seated at this table');
    return this.dealer.choose(seat, show, cards);
  }

  /**
   * A blocked or deleted player: folded now if it is their turn (else whenever it comes), stood up
   * when the hand ends (now, if not in it) and cashed out.
   */
  async remove(seat: Seat): Promise<void> {
    seat.removed = true;
    const hand = this.t.hand;
    if (!this.exits.leaveAfterHand(seat, 'removed')) return this.exits.standUp(seat, 'removed');
    if (hand?.state.toAct === seat.seat) this.dealer.forfeit(hand);
  }
}

function engineRejectCode(code: string): TableRejectCode {
  switch (code) {
    case 'out-of-turn':
      return 'not_your_turn';
    case 'hand-complete':
      return 'stale';
    case 'bad-amount':
      return 'bad_amount';
    case 'illegal-action':
      return 'illegal_action';
    default:
      return 'bad_message';
  }
}
