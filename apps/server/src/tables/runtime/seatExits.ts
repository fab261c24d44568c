// Standing up and sitting out: what both the seat commands (seatDesk.ts) and the hand loop (dealer.ts)
// do to a seat. It needs neither of them, so each takes it in its constructor.
import type { SeatHooks } from './dealer.js';
import { inRunningHand } from './runningHand.js';
import type { LeaveReason, Seat } from './seatRules.js';
import type { TableState } from './tableState.js';

export class SeatExits implements SeatHooks {
  constructor(private readonly t: TableState) {}

  /** Leaves now, or (dealt into the running hand) when the hand ends. */
  async leave(seat: Seat, reason: LeaveReason): Promise<void> {
    if (!this.leaveAfterHand(seat, reason)) await this.standUp(seat, reason);
  }

  /** A seat dealt into the running hand is marked to leave when it ends (true); otherwise nothing changes. */
  leaveAfterHand(seat: Seat, reason: LeaveReason): boolean {
    const hand = this.t.hand;
    if (!hand || !inRunningHand(hand, seat)) return false;
    seat.leaveAfterHand = reason;
    this.t.emit({ type: 'seat-updated', seat: this.t.presentSeat(seat) });
    return true;
  }

  /** Cashes the seat out to the owner's balance (bots: the bot bankroll) and frees it. */
  async standUp(seat: Seat, reason: LeaveReason): Promise<void> {
    const t = this.t;
    const amount = seat.stack + seat.pendingRecharge;
    if (amount > 0) await t.deps.bank.fromSeat(seat, t.tableId, amount, reason);
    t.room.cancel(idleTimer(seat));
    t.room.cancel(bustTimer(seat));
    t.seats.delete(seat.seat);
    let returnMinimum: number | undefined;
    if (!seat.isBot && amount > 0) {
      const departure = { stack: amount, at: t.room.now() };
      t.departures.set(seat.userId, departure);
      await t.deps.store.recordDeparture(t.tableId, seat.userId, departure);
      returnMinimum = t.buyInMinimums().get(seat.userId);
    }
    const left = { type: 'seat-left', seat: seat.seat, userId: seat.userId, reason } as const;
    t.emit({
      ...left,
      ...(returnMinimum === undefined ? {} : { returnMinBuyIn: returnMinimum }),
      ...(reason === 'kicked' && seat.kickReason ? { note: seat.kickReason } : {}),
    });
    t.seatsChanged();
    t.waitlist.offerNext();
  }

  /** Sits the player out; one who stays out too long is stood up and cashed out. */
  markSittingOut(seat: Seat): void {
    const t = this.t;
    seat.sittingOut = true;
    t.emit({ type: 'sat-out', seat: seat.seat });
    // At a tournament table a player away is dealt in and blinded off, never stood up.
    if (t.deps.tournament) return;
    t.room.after(idleTimer(seat), t.deps.timing.sitOutLimitMs, () =>
      t.queued(async () => {
        if (t.seats.get(seat.seat) === seat && seat.sittingOut) await this.leave(seat, 'idle');
      }, 'idle stand-up failed'),
    );
  }

  /**
   * Busted at a cash table: the seat is kept, sitting out (not dealt in), for BUST_OFFER_MS (timing
   * `bustOfferMs`) while the
   * player may add chips (a RECHARGE of at least the table minimum: seatDesk.recharge); then, or when
   * they leave, they stand up with reason `busted`. Bots and removed players stand up at once.
   */
  async offerChips(seat: Seat): Promise<void> {
    const t = this.t;
    const offerMs = t.deps.timing.bustOfferMs ?? BUST_OFFER_MS;
    if (seat.isBot || seat.removed || t.deleted || t.draining || offerMs <= 0)
      return this.standUp(seat, 'busted');
    t.room.cancel(idleTimer(seat));
    seat.sittingOut = true;
    seat.bustOfferDeadline = t.room.now() + offerMs;
    t.emit({ type: 'seat-updated', seat: t.presentSeat(seat) });
    t.room.after(bustTimer(seat), offerMs, () =>
      t.queued(async () => {
        if (t.seats.get(seat.seat) === seat && seat.bustOfferDeadline !== undefined)
          await this.leave(seat, 'busted');
      }, 'busted stand-up failed'),
    );
  }

  /** Chips came within the offer: the seat plays again from the next hand (no big blind owed). */
  acceptChips(seat: Seat): void {
    const t = this.t;
    t.room.cancel(bustTimer(seat));
    delete seat.bustOfferDeadline;
    seat.sittingOut = false;
    seat.owesBigBlind = false;
    seat.consecutiveTimeouts = 0;
    t.emit({ type: 'stack-changed', seat: seat.seat, stack: seat.stack, reason: 'recharge' });
    t.emit({ type: 'seat-updated', seat: t.presentSeat(seat) });
  }
}

/** How long a busted cash-table player keeps the seat to add chips. */
export const BUST_OFFER_MS = 60_000;

export const idleTimer = (seat: Seat) => `idle:${seat.seat}`;
export const bustTimer = (seat: Seat) => `bust:${seat.seat}`;
