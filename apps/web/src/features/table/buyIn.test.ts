import { describe, expect, it } from 'vitest';
import { buyInProblem, buyInRange, defaultAmount } from './buyIn';

const table = { minBuyIn: 400, maxBuyIn: 4000 };

describe('seat dialog amounts', () => {
  it('taking a seat: the buy-in range, capped by the balance', () => {
    expect(buyInRange('sit', { ...table, balance: 125_000 })).toEqual({ min: 400, max: 4000, blocked: null });
    expect(buyInRange('sit', { ...table, balance: 1000 })).toEqual({ min: 400, max: 1000, blocked: null });
    expect(buyInRange('sit', { ...table, balance: 399 }).blocked).toBe('balanceTooLow');
  });

  it('recharge: at least 1 ₮ and never past the table maximum counting chips at the seat and a waiting recharge', () => {
    expect(buyInRange('recharge', { ...table, balance: 125_000, stack: 1500 })).toEqual({
      min: 1,
      max: 2500,
      blocked: null,
    });
    expect(
      buyInRange('recharge', { ...table, balance: 125_000, stack: 1500, pendingRecharge: 2000 }).max,
    ).toBe(500);
    expect(buyInRange('recharge', { ...table, balance: 125_000, stack: 4000 }).blocked).toBe('atTableMax');
    expect(buyInRange('recharge', { ...table, balance: 0, stack: 100 }).blocked).toBe('balanceTooLow');
  });

  it('offers the most allowed by default', () => {
    expect(defaultAmount(buyInRange('sit', { ...table, balance: 1000 }))).toBe(1000);
  });

  it('checks the typed amount: required, whole, inside the range', () => {
    const range = buyInRange('sit', { ...table, balance: 125_000 });
    expect(buyInProblem('', range)).toBe('required');
    expect(buyInProblem('12.5', range)).toBe('notWhole');
    expect(buyInProblem('abc', range)).toBe('notWhole');
    expect(buyInProblem('399', range)).toBe('tooLow');
    expect(buyInProblem('4001', range)).toBe('tooHigh');
    expect(buyInProblem('400', range)).toBeNull();
    expect(buyInProblem('500', buyInRange('sit', { ...table, balance: 100 }))).toBe('balanceTooLow');
  });
});
