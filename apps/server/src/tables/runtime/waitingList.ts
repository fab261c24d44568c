// A cash table's waiting list, kept in the table runtime's memory (a restart or a takeover empties it:
// players join again). Players join while every seat is taken; when a seat frees, the first in line is
// offered it for WAITLIST_OFFER_MS (nobody else may take that seat meanwhile), then the next.
import type { TableWaitlist } from '@tenger/protocol';
import { freeSeats, ok, reject, seatOf, type Reply } from './seatRules.js';
import type { RoomClock } from './clock.js';
import type { Seat } from './seatRules.js';

/** How long the first in line holds a freed seat. */
export const WAITLIST_OFFER_MS = 30_000;
const OFFER_TIMER = 'waitlist-offer';

/**
 * What the list needs of its table (TableState has it all; named here, not imported, so that the table's
 * state can own its list without an import cycle).
 */
export interface WaitlistTable {
  readonly seats: ReadonlyMap<number, Seat>;
  readonly table: { readonly maxPlayers: number };
  readonly deleted: boolean;
  readonly stopped: boolean;
  readonly deps: { readonly tournament?: unknown };
  readonly room: RoomClock;
  queued(work: () => Promise<void> | void, failure: string): void;
}

export class WaitingList {
  private readonly queue: number[] = [];
  private offer: TableWaitlist['offer'] = null;

  constructor(
    private readonly t: WaitlistTable,
    /** Tells the viewers (TableRuntime: a `table-updated` carrying the list). */
    private readonly changed: () => void,
  ) {}

  view(): TableWaitlist | null {
    if (this.queue.length === 0 && !this.offer) return null;
    return { userIds: [...this.queue], offer: this.offer ? { ...this.offer } : null };
  }

  join(userId: number): Reply {
    const t = this.t;
    if (seatOf(t.seats, userId)) return reject('already_seated', 'You already have a seat at this table');
    if (this.queue.includes(userId)) return ok;
    if (this.open().length > 0) return reject('bad_seat', 'A seat is free: sit down');
    this.queue.push(userId);
    this.changed();
    return ok;
  }

  leave(userId: number): Reply {
    const at = this.queue.indexOf(userId);
    if (at < 0) return ok;
    this.queue.splice(at, 1);
    if (this.offer?.userId === userId) this.endOffer();
    this.changed();
    this.offerNext();
    return ok;
  }

  /** Whether `userId` may take `seat`: not while it is held for someone else. */
  maySit(userId: number, seat: number): Reply {
    if (this.offer && this.offer.seat === seat && this.offer.userId !== userId)
      return reject('seat_taken', 'That seat is held for the next player on the waiting list');
    return ok;
  }

  /** `userId` sat down: off the list (their offer taken), and a seat still free goes to the next. */
  seated(userId: number): void {
    if (!this.queue.includes(userId)) return;
    this.leave(userId);
  }

  /** A seat may have freed: the first in line is offered one (when nobody holds an offer). */
  offerNext(): void {
    const t = this.t;
    if (this.offer || this.queue.length === 0 || t.deleted || t.stopped || t.deps.tournament) return;
    const seat = this.open()[0];
    if (seat === undefined) return;
    const userId = this.queue[0]!;
    this.offer = { userId, seat, deadline: t.room.now() + WAITLIST_OFFER_MS };
    t.room.after(OFFER_TIMER, WAITLIST_OFFER_MS, () =>
      t.queued(async () => {
        if (this.offer?.userId !== userId) return;
        // Not taken in time: off the list, the seat goes to the next.
        this.leave(userId);
      }, 'waiting list offer failed'),
    );
    this.changed();
  }

  private endOffer(): void {
    this.offer = null;
    this.t.room.cancel(OFFER_TIMER);
  }

  /** Free seats nobody holds. */
  private open(): number[] {
    return freeSeats(this.t.seats, this.t.table.maxPlayers).filter((s) => s !== this.offer?.seat);
  }
}
