// A TournamentBank in memory for unit tests of the director: the movements the ledger will make
// (balance -> prize pool and house fee; pool -> prizes and bounties; refunds), each once per key, accounts of
// players and of the pool never below zero, books that total zero.
import type { SeatHolder, TournamentBank } from './ports.js';

export class InMemoryTournamentBank implements TournamentBank {
  private readonly balances = new Map<string, number>();
  private readonly keys = new Set<string>();
  readonly payments: Array<{ userId: number; amount: number; key: string }> = [];
  readonly bounties: Array<{ userId: number; amount: number; key: string }> = [];

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

  async overlay(tournamentId: number, amount: number, key: string): Promise<void> {
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.move('house:guarantee', `pool:${tournamentId}`, amount);
  }

  /** What the house's guarantee account has paid in overlays (its balance, negated). */
  overlayPaid(): number {
    return 0 - (this.balances.get('house:guarantee') ?? 0);
  }

  private holder(who: SeatHolder): string {
    return who.isBot ? 'house:bots' : `player:${who.userId}`;
  }

  private move(from: string, to: string, amount: number): void {
    if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`bad amount ${amount}`);
    const left = (this.balances.get(from) ?? 0) - amount;
    if (left < 0 && (from.startsWith('player:') || from.startsWith('pool:'))) {
      throw new Error(`Insufficient funds in ${from}`);
    }
    this.balances.set(from, left);
    this.balances.set(to, (this.balances.get(to) ?? 0) + amount);
  }
}
