import { describe, expect, it } from 'vitest';
import {
  AuditItemSchema,
  AdminOutcomeQuerySchema,
  AuditQuerySchema,
  CreateAdjustmentRequestSchema,
  CreateDepositRequestSchema,
  ReverseDepositRequestSchema,
  CreateTableRequestSchema,
  DataQuerySchema,
  LedgerCsvQuerySchema,
  UpdateTableRequestSchema,
} from './admin.js';
import { AUDIT_SUMMARY_CODES, AUDIT_SUMMARY_WORDS } from './audit.js';

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

describe('admin money and audit schemas (issue 9)', () => {
  it('an admin amount is a whole number of tugrik, at least 1, with a message for each wrong kind', () => {
    for (const amount of [0, -5, 1.5, '100', null, Number.NaN]) {
      const parsed = CreateDepositRequestSchema.safeParse({ userId: 1, amount });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0].message).toMatch(/^Amount /);
    }
    expect(CreateDepositRequestSchema.parse({ userId: 1, amount: 999_999_999_999 }).amount).toBe(
      999_999_999_999,
    );
  });

  it('a reversal and an adjustment need a reason', () => {
    expect(ReverseDepositRequestSchema.safeParse({ reason: '  ' }).success).toBe(false);
    expect(ReverseDepositRequestSchema.parse({ reason: 'bounced' })).toEqual({ reason: 'bounced' });
    expect(
      CreateAdjustmentRequestSchema.safeParse({ userId: 1, direction: 'steal', amount: 5, reason: 'x' })
        .success,
    ).toBe(false);
  });

  it('the audit query takes a limit up to 500, a row id, an admin id, an action and a target', () => {
    expect(
      AuditQuerySchema.parse({
        limit: '20',
        before: '99',
        actor: '3',
        action: 'deposit.approve',
        target: 'user:12',
      }),
    ).toEqual({ limit: 20, before: 99, actor: 3, action: 'deposit.approve', target: 'user:12' });
    for (const query of [
      { limit: '0' },
      { limit: '501' },
      { before: '-1' },
      { action: 'x' },
      { target: 'a b' },
    ]) {
      expect(AuditQuerySchema.safeParse(query).success).toBe(false);
    }
  });

  it('an audit row carries its summary code and parameters, or a null code on an old row (issue 23)', () => {
    const row = {
      id: 7,
      at: '2026-11-26T12:00:00.000Z',
      actorId: 1,
      actorName: 'admin',
      ip: '127.0.0.1',
      action: 'simulation.start',
      targetType: 'table',
      targetId: '3',
      summary: 'simulation off -> on',
      summaryCode: 'table.simulation',
      summaryParams: { from: 'off', to: 'on' },
    };
    expect(AuditItemSchema.parse(row)).toEqual(row);
    expect(AuditItemSchema.parse({ ...row, summaryCode: null, summaryParams: {} }).summaryCode).toBeNull();
    expect(AuditItemSchema.safeParse({ ...row, summaryParams: { from: true } }).success).toBe(false);
    expect(AuditItemSchema.safeParse({ ...row, summaryCode: undefined }).success).toBe(false);
    // Every code names its parameters once, and the words are a vocabulary without repeats.
    for (const params of Object.values(AUDIT_SUMMARY_CODES)) {
      expect(new Set(params).size).toBe(params.length);
    }
    expect(new Set(AUDIT_SUMMARY_WORDS).size).toBe(AUDIT_SUMMARY_WORDS.length);
    // i18next reads `count` as a plural count: no code names a parameter so.
    expect(Object.values(AUDIT_SUMMARY_CODES).flat()).not.toContain('count');
  });
});
