import { describe, expect, it } from 'vitest';
import {
  AdminOutcomeQuerySchema,
  CreateTableRequestSchema,
  DataQuerySchema,
  LedgerCsvQuerySchema,
  UpdateTableRequestSchema,
} from './admin.js';

describe('admin panel query and body schemas', () => {
  it('the ledger CSV range takes real calendar days, in order', () => {
    expect(LedgerCsvQuerySchema.safeParse({ from: '2026-11-01', to: '2026-11-22' }).success).toBe(true);
    expect(LedgerCsvQuerySchema.safeParse({ from: '2026-11-22', to: '2026-11-22' }).success).toBe(true);
    for (const range of [
      { from: '2026-02-30', to: '2026-03-01' },
      { from: '2026-11-22', to: '2026-11-01' },
      { from: '2026-1-1', to: '2026-11-01' },
      { from: '2026-11-01' },
    ]) {
      expect(LedgerCsvQuerySchema.safeParse(range).success).toBe(false);
    }
  });

  it('days of daily figures are a whole number from 1 to 366', () => {
    expect(DataQuerySchema.parse({})).toEqual({});
    expect(DataQuerySchema.parse({ days: '90' })).toEqual({ days: 90 });
    for (const days of ['0', '367', '1.5', 'x', ''])
      expect(DataQuerySchema.safeParse({ days }).success).toBe(false);
  });

  it("a user's outcome query needs the user id", () => {
    expect(AdminOutcomeQuerySchema.parse({ userId: '7', type: 'gameplay' })).toEqual({
      userId: 7,
      type: 'gameplay',
    });
    expect(AdminOutcomeQuerySchema.safeParse({ type: 'gameplay' }).success).toBe(false);
  });

  it("a table's action time is optional on create, clearable with null on update, and 5–120 whole seconds", () => {
    const table = {
      name: 'T',
      variant: 'holdem',
      smallBlind: 1,
      bigBlind: 2,
      minBuyIn: 2,
      maxBuyIn: 4,
      maxPlayers: 6,
    };
    expect(CreateTableRequestSchema.safeParse(table).success).toBe(true);
    expect(CreateTableRequestSchema.parse({ ...table, actionTimeSeconds: 15 }).actionTimeSeconds).toBe(15);
    expect(UpdateTableRequestSchema.parse({ actionTimeSeconds: null }).actionTimeSeconds).toBeNull();
    for (const actionTimeSeconds of [4, 121, 10.5]) {
      expect(UpdateTableRequestSchema.safeParse({ actionTimeSeconds }).success).toBe(false);
    }
  });
});
