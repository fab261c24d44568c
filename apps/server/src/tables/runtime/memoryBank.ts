// A TableBank in memory for unit tests of the runtime: the same arithmetic as the ledger (the
// settlement's movements, bad-beat payouts), accounts that may not go negative, books that total zero.
import { accountCode, Accounts, NON_NEGATIVE_KINDS, type AccountRef } from '../../ledger/accounts.js';
import type { Movement } from '../../ledger/ledger.js';
import type { SeatHolder, SettleInput, SettleResult, TableBank } from './ports.js';
import { findBadBeat, handMoney, jackpotPayouts, settlementMovements } from './settlement.js';

export interface BankMove {
  kind: string;
  userId: number;
  amount: number;
  reason?: string;
}

export class InMemoryBank implements TableBank {
  private readonly balances = new Map<string, number>();
  readonly moves: BankMove[] = [];
  readonly settled: SettleInput[] = [];
  /** How many of the next settlements fail (the database went away). */
  failingSettlements = 0;
  private readonly refs = new Map<string, AccountRef>();

  /** Money from outside into a player's balance (or the jackpot pool). */
  deposit(userId: number, amount: number): void {
    this.apply([{ from: Accounts.outsideBank, to: Accounts.available(userId), amount }]);
  }

  fundJackpot(amount: number): void {
    this.apply([{ from: Accounts.outsideBank, to: Accounts.jackpot, amount }]);
  }

  balance(ref: AccountRef): number {
    return this.balances.get(accountCode(ref)) ?? 0;
  }

  available(userId: number): number {
    return this.balance(Accounts.available(userId));
  }

  seat(userId: number, tableId: number): number {
    return this.balance(Accounts.seat(userId, tableId));
  }

  /** The sum over every account: always 0. */
  total(): number {
    let sum = 0;
    for (const value of this.balances.values()) sum += value;
    return sum;
  }

  async toSeat(
    who: SeatHolder,
    tableId: number,
    amount: number,
    kind: 'buy_in' | 'recharge',
  ): Promise<boolean> {
    const from = who.isBot ? Accounts.botBankroll : Accounts.available(who.userId);
    if (!this.apply([{ from, to: Accounts.seat(who.userId, tableId), amount }])) return false;
    this.moves.push({ kind: who.isBot ? 'bot_funding' : kind, userId: who.userId, amount });
    return true;
  }

  async fromSeat(who: SeatHolder, tableId: number, amount: number, reason: string): Promise<void> {
    const to = who.isBot ? Accounts.botBankroll : Accounts.available(who.userId);
    if (!this.apply([{ from: Accounts.seat(who.userId, tableId), to, amount }]))
      throw new Error('insufficient funds in the seat');
    this.moves.push({ kind: who.isBot ? 'bot_return' : 'leave_seat', userId: who.userId, amount, reason });
  }

  async seatAccounts(tableId: number): Promise<Map<number, number>> {
    const accounts = new Map<number, number>();
    for (const [code, value] of this.balances) {
      const ref = this.refs.get(code);
      if (ref?.kind === 'player_seat' && ref.tableId === tableId && value !== 0)
        accounts.set(ref.userId, value);
    }
    return accounts;
  }

  async settle(input: SettleInput): Promise<SettleResult> {
    if (this.failingSettlements > 0) {
      this.failingSettlements--;
      throw new Error('the database went away');
    }
    if (this.settled.some((s) => s.handId === input.handId)) {
      const money = handMoney(input.record, input.contributionPercent);
      return { money, payouts: [], postings: [], jackpot: null };
    }
    const money = handMoney(input.record, input.contributionPercent);
    const seatAccount = (seat: number) => Accounts.seat(input.owners.get(seat)!.userId, input.tableId);
    const movements = settlementMovements(money, seatAccount);
    if (!this.apply(movements)) throw new Error('settlement: a seat would go negative');
    const beat = findBadBeat(input.record);
    const pool = beat ? this.balance(Accounts.jackpot) : 0;
    let payouts: SettleResult['payouts'] = [];
    if (beat && pool > 0) {
      const dealtIn = input.record.seats.filter((s) => s.dealtIn).map((s) => s.seat);
      payouts = jackpotPayouts(pool, beat, dealtIn, input.shares);
      this.apply(
        payouts.map((p) => {
          const owner = input.owners.get(p.seat)!;
          const to = owner.isBot ? Accounts.botBankroll : Accounts.available(owner.userId);
          return { from: Accounts.jackpot, to, amount: p.amount };
        }),
      );
    }
    this.settled.push(input);
    const paid = payouts.reduce((sum, p) => sum + p.amount, 0);
    return { money, payouts, postings: [], jackpot: beat ? pool - paid : null };
  }

  async jackpotAmount(): Promise<number> {
    return this.balance(Accounts.jackpot);
  }

  /** All movements or none; false when a non-negative account would go below zero. */
  private apply(movements: readonly Movement[]): boolean {
    const next = new Map(this.balances);
    for (const m of movements) {
      const from = accountCode(m.from);
      const to = accountCode(m.to);
      this.refs.set(from, m.from);
      this.refs.set(to, m.to);
      next.set(from, (next.get(from) ?? 0) - m.amount);
      next.set(to, (next.get(to) ?? 0) + m.amount);
      if (NON_NEGATIVE_KINDS.has(m.from.kind) && next.get(from)! < 0) return false;
    }
    for (const [code, value] of next) this.balances.set(code, value);
    return true;
  }
}
