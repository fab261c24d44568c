import { describe, expect, it } from 'vitest';
import {
  CreateDepositRequestSchema,
  CreateTableRequestSchema,
  CreateWithdrawalRequestSchema,
  GlobalClientMessageSchema,
  IdQuerySchema,
  MAX_AMOUNT,
  PROTOCOL_VERSION,
  RegisterRequestSchema,
  UpdateMeRequestSchema,
} from './index.js';

describe('protocol package', () => {
  it('exports its version', () => {
    expect(PROTOCOL_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('money in requests', () => {
  it('accepts whole positive tugrik amounts', () => {
    expect(CreateWithdrawalRequestSchema.safeParse({ amount: 5000 }).success).toBe(true);
  });
  it.each([0, -1, 1.5, Number.NaN, MAX_AMOUNT + 1, 2 ** 60, '100', null])(
    'refuses the amount %s',
    (amount) => {
      expect(CreateWithdrawalRequestSchema.safeParse({ amount }).success).toBe(false);
    },
  );
  it('a deposit needs a user id and a positive amount', () => {
    expect(CreateDepositRequestSchema.safeParse({ userId: 3, amount: 100 }).success).toBe(true);
    expect(CreateDepositRequestSchema.safeParse({ userId: 0, amount: 100 }).success).toBe(false);
  });
});

describe('registration', () => {
  const good = {
    email: 'bat@example.mn',
    username: 'bat_erdene',
    password: 'correct horse',
    repeatPassword: 'correct horse',
    acceptTerms: true,
    bank: 'Khan Bank',
    accountNumber: '5000123456',
  };
  it('accepts a complete form', () => {
    expect(RegisterRequestSchema.safeParse(good).success).toBe(true);
  });
  it('reports mismatched passwords on the repeated field', () => {
    const result = RegisterRequestSchema.safeParse({ ...good, repeatPassword: 'other' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['repeatPassword']);
  });
  it('refuses a malformed email and a short username', () => {
    expect(RegisterRequestSchema.safeParse({ ...good, email: 'nope' }).success).toBe(false);
    expect(RegisterRequestSchema.safeParse({ ...good, username: 'ab' }).success).toBe(false);
  });
});

describe('profile changes', () => {
  it('a new password needs the current one', () => {
    expect(UpdateMeRequestSchema.safeParse({ newPassword: 'abcdefgh1' }).success).toBe(false);
    expect(
      UpdateMeRequestSchema.safeParse({ newPassword: 'abcdefgh1', currentPassword: 'old-password' }).success,
    ).toBe(true);
  });
});

describe('tables', () => {
  it('refuses a minimum buy-in below the big blind', () => {
    const table = {
      name: 'T',
      variant: 'holdem',
      smallBlind: 100,
      bigBlind: 200,
      minBuyIn: 100,
      maxBuyIn: 20000,
      maxPlayers: 6,
    };
    expect(CreateTableRequestSchema.safeParse(table).success).toBe(false);
    expect(CreateTableRequestSchema.safeParse({ ...table, minBuyIn: 8000 }).success).toBe(true);
  });
});

describe('query ids and realtime', () => {
  it('parses digit strings and refuses anything else', () => {
    expect(IdQuerySchema.parse('42')).toBe(42);
    for (const bad of ['0', '-1', '1.5', 'abc', '99999999999999999999', '2147483648', ''])
      expect(IdQuerySchema.safeParse(bad).success).toBe(false);
  });
  it('knows the AUTH message of the global channel', () => {
    expect(GlobalClientMessageSchema.safeParse({ type: 'AUTH', token: 'abc' }).success).toBe(true);
    expect(GlobalClientMessageSchema.safeParse({ type: 'HELLO' }).success).toBe(false);
  });
});
