// Satellites (issue 21): a tournament whose prizes are tickets to a target tournament. The director
// keeps its own rules (places, ties, write-ahead money orders); this module turns a satellite's prizes
// into ticket orders, moves tickets through a TicketBank (the ledger in production, memory in unit
// tests), registers a winner into the target when its registration is open, and refunds in cash the
// tickets of a target that was cancelled (or is over). Rules: docs/tournaments.md, "Satellites".
import { satellitePayouts, ticketPrize, type Payout } from '@tenger/engine';
import type { Entrant, MoneyOrder, SeatHolder, TournamentConfig } from './ports.js';

/** A ticket held, used or refunded: what the profile lists. */
export interface HeldTicket {
  /** The award's key (`tournament:{satellite}:ticket:{user}`): the ticket's identity. */
  key: string;
  userId: number;
  isBot: boolean;
  satelliteId: number;
  targetId: number;
  value: number;
}

/** The money of tickets. Every method moves whole tugrik once per key, atomically, or nothing. */
export interface TicketBank {
  /** The satellite's pool -> the player's ticket account for the target (a held ticket). */
  awardTicket(
    satelliteId: number,
    who: SeatHolder,
    targetId: number,
    value: number,
    key: string,
  ): Promise<void>;
  /**
   * The player's ticket account -> the target's pool (buy-in) and the house (fee), like a cash entry;
   * the oldest held ticket becomes used. False when the player holds no ticket for the target.
   */
  enterWithTicket(
    targetId: number,
    who: SeatHolder,
    buyIn: number,
    fee: number,
    key: string,
  ): Promise<boolean>;
  /** An unregistration of a ticket entry: pool and fee back onto the ticket account; the ticket is held again. */
  returnTicket(targetId: number, who: SeatHolder, buyIn: number, fee: number, key: string): Promise<void>;
  /**
   * A held ticket's value in cash: the ticket account -> the balance (bots: their bankroll), under the
   * fence of `fencedBy` (the target's director by default; the satellite's when the target is over already).
   */
  refundTicket(ticket: HeldTicket, key: string, fencedBy?: number): Promise<void>;
  /** The tickets held (not used, not refunded) for a target. */
  heldTickets(targetId: number): Promise<HeldTicket[]>;
}

/** What a director needs for satellites: the ticket bank, and who to tell a ticket was won. */
export interface SatellitePorts {
  bank: TicketBank;
  /** A ticket was won (after it moved): register the winner into the target when it can be (registerWinner). */
  won?: (ticket: HeldTicket) => Promise<void>;
}

/** The award key of a satellite's ticket (one per player per satellite). */
export function ticketKey(satelliteId: number, userId: number): string {
  return `tournament:${satelliteId}:ticket:${userId}`;
}

/** A satellite's payout table (null: not a satellite). */
export function satellitePayoutTable(
  config: TournamentConfig,
  entrants: number,
  pool: number,
): Payout[] | null {
  if (!config.satellite) return null;
  return entrants >= 2 ? satellitePayouts(entrants, pool, config.satellite.ticketValue).payouts : [];
}

/**
 * A satellite's prize as money orders: a ticket when it reaches the ticket's value (plus any rest in
 * cash), else cash (the leftover place). Marks the entrant's `ticketWon`.
 */
export function satellitePrizeOrders(config: TournamentConfig, entrant: Entrant): MoneyOrder[] {
  const satellite = config.satellite!;
  const { ticket, cash } = ticketPrize(entrant.prize, satellite.ticketValue);
  const orders: MoneyOrder[] = [];
  const who = { userId: entrant.userId, isBot: entrant.isBot };
  if (ticket) {
    entrant.ticketWon = true;
    orders.push({
      kind: 'ticket',
      ...who,
      targetId: satellite.targetId,
      amount: satellite.ticketValue,
      key: ticketKey(config.tournamentId, entrant.userId),
    });
  }
  if (cash > 0)
    orders.push({
      kind: 'pay',
      ...who,
      amount: cash,
      key: `tournament:${config.tournamentId}:prize:${entrant.userId}`,
    });
  return orders;
}

/** Moves a ticket order (award, or a ticket entry's return) and tells `won` of an award. */
export async function settleTicketOrder(
  ports: SatellitePorts | undefined,
  tournamentId: number,
  order: Extract<MoneyOrder, { kind: 'ticket' | 'ticket-back' }>,
): Promise<void> {
  if (!ports) throw new Error('a ticket order needs the satellite ports');
  const who = { userId: order.userId, isBot: order.isBot };
  if (order.kind === 'ticket-back') {
    await ports.bank.returnTicket(tournamentId, who, order.buyIn, order.fee, order.key);
    return;
  }
  await ports.bank.awardTicket(tournamentId, who, order.targetId, order.amount, order.key);
  await ports.won?.({
    ...who,
    key: order.key,
    satelliteId: tournamentId,
    targetId: order.targetId,
    value: order.amount,
  });
}

/**
 * A ticket won: the winner is registered into the target at once with it (`register` pays with the
 * ticket). When the target refuses (its registration is not open, or closed; full; already registered)
 * the ticket is kept for later. True when registered.
 */
export async function registerWinner(
  register: (userId: number, isBot: boolean) => Promise<void>,
  ticket: HeldTicket,
): Promise<boolean> {
  try {
    await register(ticket.userId, ticket.isBot);
    return true;
  } catch {
    return false; // the ticket stays held: the player registers with it later
  }
}

/**
 * A target that was cancelled (or is over, so its tickets can no longer be used): every ticket still
 * held for it is refunded in cash, each once (`{award key}:refund`). Returns how many.
 */
export async function refundHeldTickets(bank: TicketBank, targetId: number): Promise<number> {
  const held = await bank.heldTickets(targetId);
  for (const ticket of held) await bank.refundTicket(ticket, `${ticket.key}:refund`);
  return held.length;
}
