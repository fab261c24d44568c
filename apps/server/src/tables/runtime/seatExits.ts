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
}

export const idleTimer = (seat: Seat) => `idle:${seat.seat}`;
