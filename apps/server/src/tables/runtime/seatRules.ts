// Seat decisions: who may sit, recharge, sit in or leave, and what a returning player must bring.
// Pure functions over a table's seats; the runtime applies what they decide.
import type { TableRejectCode } from '@tenger/protocol';
import type { TableRow } from '../tableCatalogue.js';
import type { Departure, UserProfile } from './players.js';

export type LeaveReason = 'left' | 'kicked' | 'idle' | 'busted' | 'closed' | 'removed' | 'moved';

export interface Seat {
  seat: number;
  userId: number;
  username: string;
  isBot: boolean;
  /** Chips at the table between hands; equals the seat's ledger account (minus a pending recharge). */
  stack: number;
  sittingOut: boolean;
  /** A newcomer (or back from sitting out): waits for the big blind, or posts one at once (`postNow`). */
  owesBigBlind: boolean;
  /** Chose "Post now" when sitting down: dealt in at once with an out-of-position big blind. */
  postNow: boolean;
  /** Standing choices (SEAT_OPTIONS). */
  options: SeatOptionValues;
  leaveAfterHand: LeaveReason | null;
  /** An administrator's reason for a kick, told to the player when the seat is freed. */
  kickReason?: string;
  /** Blocked or deleted: folds whenever the turn comes, stands up when the hand ends. */
  removed: boolean;
  /** Chips already moved to the seat account, added to the stack when the hand ends. */
  pendingRecharge: number;
  timeBankMs: number;
  consecutiveTimeouts: number;
  /** Last connection state announced to viewers. */
  connected: boolean;
  /**
   * Busted at a cash table (stack 0 after a hand): the seat is kept, sitting out, until this clock
   * time for the player to add chips (seatExits.offerChips); absent otherwise.
   */
  bustOfferDeadline?: number;
}

export interface SeatOptionValues {
  autoMuck: boolean;
  sitOutNextHand: boolean;
  sitOutNextBigBlind: boolean;
  /** Top up to this stack between hands when below it; null: off. */
  autoTopUp: number | null;
}
export const DEFAULT_SEAT_OPTIONS: SeatOptionValues = {
  autoMuck: true,
  sitOutNextHand: false,
  sitOutNextBigBlind: false,
  autoTopUp: null,
};

export type Reply = { ok: true } | { ok: false; code: TableRejectCode; message: string };
export const ok: Reply = { ok: true };
export const reject = (code: TableRejectCode, message: string): Reply => ({ ok: false, code, message });

export interface SitRequest {
  table: TableRow;
  closed: boolean;
  seats: ReadonlyMap<number, Seat>;
  userId: number;
  seat: number;
  amount: number;
  /** The least this player may bring (the table minimum, or more when returning soon). */
  minimum: number;
}

/** Whether the seat and amount can be taken, before anyone's money is looked at. */
export function checkSit(r: SitRequest): Reply {
  if (r.closed || r.table.closed) return reject('table_closed', 'This table is closed to new players');
  if (r.seat >= r.table.maxPlayers) return reject('bad_seat', `Seats are 0 to ${r.table.maxPlayers - 1}`);
  if (seatOf(r.seats, r.userId)) return reject('already_seated', 'You already have a seat at this table');
  if (r.seats.has(r.seat)) return reject('seat_taken', 'That seat is taken');
  if (r.amount < r.minimum && r.minimum > r.table.minBuyIn && r.amount >= r.table.minBuyIn) {
    return reject(
      'rathole',
      `You left this table a short while ago with ${r.minimum}: sit down with at least ${r.minimum}`,
    );
  }
  if (r.amount < r.minimum || r.amount > r.table.maxBuyIn) {
    return reject('bad_amount', `Buy in between ${r.minimum} and ${r.table.maxBuyIn}`);
  }
  return ok;
}

/** Whether this account may sit now: active, and an administrator during maintenance. */
export function checkPlayer(profile: UserProfile | null, maintenance: { enabled: boolean }): Reply {
  if (!profile?.active) return reject('unauthorized', 'This account cannot play');
  if (maintenance.enabled && profile.role !== 'ADMIN') {
    return reject('maintenance', 'The site is under maintenance: only administrators may sit down');
  }
  return ok;
}

/**
 * The least a player may bring: a player who left this table less than `windowMs` ago brings at
 * least the stack they left with ("no ratholing"), never more than the table maximum.
 */
export function buyInMinimum(
  table: Pick<TableRow, 'minBuyIn' | 'maxBuyIn'>,
  departure: Departure | null,
  now: number,
  windowMs: number,
): number {
  if (!departure || now - departure.at >= windowMs) return table.minBuyIn;
  return Math.max(table.minBuyIn, Math.min(departure.stack, table.maxBuyIn));
}

export function checkRecharge(
  seat: Seat | undefined,
  amount: number,
  table: Pick<TableRow, 'minBuyIn' | 'maxBuyIn'>,
): Reply {
  const maxBuyIn = table.maxBuyIn;
  if (!seat) return reject('not_seated', 'You are not seated at this table');
  if (seat.leaveAfterHand) return reject('in_hand', 'You are leaving this table');
  if (seat.bustOfferDeadline !== undefined && amount < table.minBuyIn) {
    return reject('bad_amount', `Add at least ${table.minBuyIn} to keep your seat`);
  }
  if (seat.stack + seat.pendingRecharge + amount > maxBuyIn) {
    return reject('above_max', `Chips at the table may not exceed ${maxBuyIn}`);
  }
  return ok;
}

/**
 * A recharge waiting for the hand lands only as far as the stack after the hand leaves room under
 * the table maximum; the rest goes back to the balance.
 */
export function rechargeLanding(
  stack: number,
  pending: number,
  maxBuyIn: number,
): { add: number; refund: number } {
  const add = Math.max(0, Math.min(pending, maxBuyIn - stack));
  return { add, refund: pending - add };
}

/** The seats that are dealt into the next hand, in seat order. */
export function dealable(seats: Iterable<Seat>): Seat[] {
  return [...seats]
    .filter((s) => !s.sittingOut && s.stack > 0 && !s.leaveAfterHand && !s.removed)
    .sort((a, b) => a.seat - b.seat);
}

/** The next dealt-in seat clockwise after `after` (the first one when there is no button yet). */
export function nextSeatAfter(players: readonly Seat[], after: number | null): number {
  if (after === null) return players[0].seat;
  return (players.find((s) => s.seat > after) ?? players[0]).seat;
}

export function seatOf(seats: ReadonlyMap<number, Seat>, userId: number): Seat | undefined {
  for (const seat of seats.values()) if (seat.userId === userId) return seat;
  return undefined;
}

export function freeSeats(seats: ReadonlyMap<number, Seat>, maxPlayers: number): number[] {
  const free: number[] = [];
  for (let s = 0; s < maxPlayers; s++) if (!seats.has(s)) free.push(s);
  return free;
}

export function newSeat(
  profile: UserProfile,
  seat: number,
  amount: number,
  timeBankMs: number,
  connected: boolean,
): Seat {
  return {
    seat,
    userId: profile.userId,
    username: profile.username,
    isBot: profile.isBot,
    stack: amount,
    sittingOut: false,
    owesBigBlind: true,
    postNow: false,
    options: { ...DEFAULT_SEAT_OPTIONS },
    leaveAfterHand: null,
    removed: false,
    pendingRecharge: 0,
    timeBankMs,
    consecutiveTimeouts: 0,
    connected,
  };
}
