// A TournamentBank in memory for unit tests of the director: the movements the ledger will make
// (balance -> prize pool and house fee; pool -> prizes and bounties; refunds), each once per key, accounts of
// players and of the pool never below zero, books that total zero.
import type { SeatHolder, TournamentBank } from './ports.js';
import type { HeldTicket, TicketBank } from './satellites.js';

export class InMemoryTournamentBank implements TournamentBank, TicketBank {
  private readonly balances = new Map<string, number>();
  private readonly keys = new Set<string>();
  readonly payments: Array<{ userId: number; amount: number; key: string }> = [];
  /** Final-table deals made (one transaction each). */
  readonly deals: Array<{ key: string; choice: 'icm' | 'chip-chop'; kept: number; total: number }> = [];
  readonly bounties: Array<{ userId: number; amount: number; key: string }> = [];
  /** Satellite tickets, each with its status (what the ledger's tournament_tickets rows keep). */
  readonly tickets: Array<HeldTicket & { status: 'held' | 'used' | 'refunded' }> = [];
  /**
   * Players under a time-out or self-exclusion: their entries are refused, paid from the balance or with
   * a ticket, as the ledger's guard refuses them (player protection).
   */
  readonly excluded = new Set<number>();

  deposit(userId: number, amount: number): void {
    this.move('outside', `player:${userId}`, amount);
  }

  available(userId: number): number {
    return this.balances.get(`player:${userId}`) ?? 0;
  }

  pool(tournamentId: number): number {
    return this.balances.get(`pool:${tournamentId}`) ?? 0;
  }

  fees(): number {
    return this.balances.get('house:fees') ?? 0;
  }

  /** The sum over every account: always 0. */
  total(): number {
    let sum = 0;
    for (const value of this.balances.values()) sum += value;
    return sum;
  }

  async enter(
    tournamentId: number,
    who: SeatHolder,
    buyIn: number,
    fee: number,
    key: string,
  ): Promise<boolean> {
    if (this.keys.has(key)) return true;
    this.refuseExcluded(who);
    const from = this.holder(who);
    if (!who.isBot && this.available(who.userId) < buyIn + fee) return false;
    this.keys.add(key);
    this.move(from, `pool:${tournamentId}`, buyIn);
    this.move(from, 'house:fees', fee);
    return true;
  }

  async refund(
    tournamentId: number,
    who: SeatHolder,
    buyIn: number,
    fee: number,
    key: string,
  ): Promise<void> {
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.move(`pool:${tournamentId}`, this.holder(who), buyIn);
    this.move('house:fees', this.holder(who), fee);
  }

  async pay(tournamentId: number, who: SeatHolder, amount: number, key: string): Promise<void> {
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.move(`pool:${tournamentId}`, this.holder(who), amount);
    this.payments.push({ userId: who.userId, amount, key });
  }

  async bounty(tournamentId: number, who: SeatHolder, amount: number, key: string): Promise<void> {
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.move(`pool:${tournamentId}`, this.holder(who), amount);
    this.bounties.push({ userId: who.userId, amount, key });
  }

  /** A final-table deal: every payment or none (one key for all). */
  async deal(
    tournamentId: number,
    payments: ReadonlyArray<{ who: SeatHolder; amount: number }>,
    key: string,
    terms: { choice: 'icm' | 'chip-chop'; kept: number },
  ): Promise<void> {
    if (this.keys.has(key)) return;
    const total = payments.reduce((sum, p) => sum + p.amount, 0);
    if (total > (this.balances.get(`pool:${tournamentId}`) ?? 0))
      throw new Error(`Insufficient funds in pool:${tournamentId}`);
    this.keys.add(key);
    for (const { who, amount } of payments) {
      this.move(`pool:${tournamentId}`, this.holder(who), amount);
      this.payments.push({ userId: who.userId, amount, key });
    }
    this.deals.push({ key, ...terms, total });
  }

  async overlay(tournamentId: number, amount: number, key: string): Promise<void> {
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.move('house:guarantee', `pool:${tournamentId}`, amount);
  }

  /** What the house's guarantee account has paid in overlays (its balance, negated). */
  overlayPaid(): number {
    return 0 - (this.balances.get('house:guarantee') ?? 0);
  }

  /** A player's ticket account for a target: the value of the tickets they hold for it. */
  ticketBalance(userId: number, targetId: number): number {
    return this.balances.get(`ticket:${userId}:${targetId}`) ?? 0;
  }

  async awardTicket(
    satelliteId: number,
    who: SeatHolder,
    targetId: number,
    value: number,
    key: string,
  ): Promise<void> {
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.move(`pool:${satelliteId}`, `ticket:${who.userId}:${targetId}`, value);
    this.tickets.push({ key, ...who, satelliteId, targetId, value, status: 'held' });
  }

  async enterWithTicket(
    targetId: number,
    who: SeatHolder,
    buyIn: number,
    fee: number,
    key: string,
  ): Promise<boolean> {
    if (this.keys.has(key)) return true;
    this.refuseExcluded(who);
    const ticket = this.tickets.find(
      (t) => t.userId === who.userId && t.targetId === targetId && t.status === 'held',
    );
    if (!ticket || this.ticketBalance(who.userId, targetId) < buyIn + fee) return false;
    this.keys.add(key);
    this.move(`ticket:${who.userId}:${targetId}`, `pool:${targetId}`, buyIn);
    this.move(`ticket:${who.userId}:${targetId}`, 'house:fees', fee);
    ticket.status = 'used';
    return true;
  }

  async returnTicket(
    targetId: number,
    who: SeatHolder,
    buyIn: number,
    fee: number,
    key: string,
  ): Promise<void> {
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.move(`pool:${targetId}`, `ticket:${who.userId}:${targetId}`, buyIn);
    this.move('house:fees', `ticket:${who.userId}:${targetId}`, fee);
    const used = this.tickets.find(
      (t) => t.userId === who.userId && t.targetId === targetId && t.status === 'used',
    );
    if (used) used.status = 'held';
  }

  async refundTicket(ticket: HeldTicket, key: string, _fencedBy?: number): Promise<void> {
    if (this.keys.has(key)) return;
    const held = this.tickets.find((t) => t.key === ticket.key && t.status === 'held');
    if (!held) return;
    this.keys.add(key);
    this.move(`ticket:${ticket.userId}:${ticket.targetId}`, this.holder(ticket), ticket.value);
    held.status = 'refunded';
  }

  async heldTickets(targetId: number): Promise<HeldTicket[]> {
    return this.tickets
      .filter((t) => t.targetId === targetId && t.status === 'held')
      .map(({ status: _status, ...ticket }) => ticket);
  }

  private refuseExcluded(who: SeatHolder): void {
    if (this.excluded.has(who.userId)) throw new PlayerExcluded();
  }

  private holder(who: SeatHolder): string {
    return who.isBot ? 'house:bots' : `player:${who.userId}`;
  }

  private move(from: string, to: string, amount: number): void {
    if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`bad amount ${amount}`);
    const left = (this.balances.get(from) ?? 0) - amount;
    if (left < 0 && (from.startsWith('player:') || from.startsWith('pool:') || from.startsWith('ticket:'))) {
      throw new Error(`Insufficient funds in ${from}`);
    }
    this.balances.set(from, left);
    this.balances.set(to, (this.balances.get(to) ?? 0) + amount);
  }
}

/** The in-memory bank's refusal of an excluded player's entry (the ledger's is DomainError `excluded`). */
export class PlayerExcluded extends Error {
  readonly code = 'excluded';
}
