import { describe, expect, it } from 'vitest';
import { NEW_TABLE, tableStakesProblems } from './TableForm';

describe('a table form', () => {
  it('accepts the new-table defaults', () => {
    expect(tableStakesProblems(NEW_TABLE)).toEqual({});
  });

  it('refuses a big blind under the small blind, a buy-in under the big blind, and a max under the min', () => {
    expect(tableStakesProblems({ smallBlind: 200, bigBlind: 100 })).toEqual({
      bigBlind: 'admin.tables.errors.bigBelowSmall',
    });
    expect(tableStakesProblems({ bigBlind: 200, minBuyIn: 199 })).toEqual({
      minBuyIn: 'admin.tables.errors.buyInBelowBlind',
    });
    expect(tableStakesProblems({ minBuyIn: 5000, maxBuyIn: 4000 })).toEqual({
      maxBuyIn: 'admin.tables.errors.maxBelowMin',
    });
  });

  it('allows equal blinds and equal buy-in limits', () => {
    expect(tableStakesProblems({ smallBlind: 100, bigBlind: 100, minBuyIn: 100, maxBuyIn: 100 })).toEqual({});
  });
});
