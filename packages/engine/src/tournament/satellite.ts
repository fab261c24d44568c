// Satellites: a tournament whose prizes are entries (tickets) to a target tournament. The arithmetic
// with no I/O: how many tickets a prize pool buys, the cash left over and who gets it, and how a
// finishing prize (ties share, as in places.ts) becomes a ticket and cash. Rules: docs/tournaments.md.
import type { Payout } from './payouts.js';

export interface SatellitePayouts {
  /** Tickets won: floor(pool / ticket value), at most one per entrant. */
  tickets: number;
  /** The pool less the tickets' value: paid in cash. */
  leftover: number;
  /** Places 1..tickets win a ticket's value; the leftover goes to the next place (to the winner when every entrant wins a ticket). */
  payouts: Payout[];
}

/**
 * The satellite's payout table: `tickets = min(floor(pool / ticketValue), entrants)`, places 1..tickets
 * are worth one ticket each, and the leftover (pool − tickets × ticketValue) is the prize of place
 * tickets + 1 in cash (with no ticket, the winner takes the whole pool; with a ticket for everyone,
 * the winner adds the leftover). The amounts always sum to the pool and never rise from place to place.
 */
export function satellitePayouts(entrants: number, pool: number, ticketValue: number): SatellitePayouts {
  if (!Number.isSafeInteger(entrants) || entrants < 1)
    throw new RangeError('entrants must be a positive integer');
  if (!Number.isSafeInteger(pool) || pool < 0) throw new RangeError('pool must be a non-negative integer');
  if (!Number.isSafeInteger(ticketValue) || ticketValue < 1)
    throw new RangeError('ticketValue must be a positive integer');
  const tickets = Math.min(Math.floor(pool / ticketValue), entrants);
  const leftover = pool - tickets * ticketValue;
  const payouts: Payout[] = Array.from({ length: tickets }, (_, i) => ({
    place: i + 1,
    amount: ticketValue,
  }));
  if (leftover > 0) {
    if (tickets < entrants) payouts.push({ place: tickets + 1, amount: leftover });
    else payouts[0]!.amount += leftover;
  }
  return { tickets, leftover, payouts };
}

/**
 * A finishing prize of a satellite as a ticket and cash: a prize of at least the ticket's value is one
 * ticket plus the rest in cash; a smaller one (the leftover place, or tied players sharing a ticket
 * and the leftover) is all cash. One ticket per player at most.
 */
export function ticketPrize(prize: number, ticketValue: number): { ticket: boolean; cash: number } {
  if (prize >= ticketValue && ticketValue > 0) return { ticket: true, cash: prize - ticketValue };
  return { ticket: false, cash: prize };
}
