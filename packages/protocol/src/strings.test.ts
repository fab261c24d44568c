import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AdminUserSearchQuerySchema,
  CreateBlockRequestSchema,
  CreateDepositRequestSchema,
  CreateTableRequestSchema,
  GlobalClientMessageSchema,
  LedgerCsvQuerySchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  RejectWithdrawalRequestSchema,
  TableClientMessageSchema,
  UpdateBlockRequestSchema,
  UpdateMeRequestSchema,
  UpdateSettingsRequestSchema,
  UserSearchQuerySchema,
  multiLineText,
  singleLineText,
} from './index.js';

const register = {
  email: 'a@b.mn',
  username: 'player1',
  password: 'password-1',
  repeatPassword: 'password-1',
  acceptTerms: true,
  bank: 'Khan Bank',
  accountNumber: '12345678',
};

/** [what, schema, a valid input, the field that gets the bad text]. */
const FIELDS: Array<[string, z.ZodType, Record<string, unknown>, string]> = [
  ['login username', LoginRequestSchema, { username: 'player1', password: 'secret-1' }, 'username'],
  ['login password', LoginRequestSchema, { username: 'player1', password: 'secret-1' }, 'password'],
  ['register username', RegisterRequestSchema, register, 'username'],
  ['register bank', RegisterRequestSchema, register, 'bank'],
  ['profile email', UpdateMeRequestSchema, { email: 'a@b.mn', currentPassword: 'x' }, 'email'],
  ['player search', UserSearchQuerySchema, { q: 'pla' }, 'q'],
  ['admin search', AdminUserSearchQuerySchema, { q: 'pla' }, 'q'],
  ['deposit note', CreateDepositRequestSchema, { userId: 2, amount: 5, note: 'cash' }, 'note'],
  ['reject reason', RejectWithdrawalRequestSchema, { reason: 'no' }, 'reason'],
  ['block body', UpdateBlockRequestSchema, { en: 'Hi', mn: 'Сайн' }, 'en'],
  [
    'table name',
    CreateTableRequestSchema,
    { name: 'T1', variant: 'holdem', smallBlind: 1, bigBlind: 2, minBuyIn: 40, maxBuyIn: 200, maxPlayers: 6 },
    'name',
  ],
  ['global AUTH token', GlobalClientMessageSchema, { type: 'AUTH', token: 'abc' }, 'token'],
  ['table AUTH token', TableClientMessageSchema, { type: 'AUTH', token: 'abc' }, 'token'],
  ['table requestId', TableClientMessageSchema, { type: 'PING', requestId: 'r1' }, 'requestId'],
];

const CONTROL = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f', '\ud800', '\udfff'];

describe('control characters in client strings', () => {
  it.each(FIELDS)('a valid %s passes', (_what, schema, valid) => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it.each(FIELDS)(
    'NUL or another control character in the %s is refused with a field message',
    (_what, schema, valid, field) => {
      for (const bad of CONTROL) {
        const result = schema.safeParse({ ...valid, [field]: `ab${bad}cd` });
        expect(result.success, JSON.stringify(bad)).toBe(false);
        expect(result.error!.issues.some((i) => i.path[0] === field)).toBe(true);
      }
    },
  );

  it('a one-line field refuses tab and newline; a multi-line field keeps them', () => {
    expect(singleLineText().safeParse('a\tb').success).toBe(false);
    expect(singleLineText().safeParse('a\nb').success).toBe(false);
    expect(multiLineText().safeParse('line one\r\n\tline two').success).toBe(true);
    expect(multiLineText().safeParse('a\u0000b').success).toBe(false);
  });

  it('emoji and Mongolian (surrogate pairs and Cyrillic) are not control characters', () => {
    expect(singleLineText().safeParse('Тэнгэр 💥 poker').success).toBe(true);
  });

  it('settings texts refuse control characters too', () => {
    expect(UpdateSettingsRequestSchema.safeParse({ banks: ['Khan\u0000Bank'] }).success).toBe(false);
    expect(UpdateSettingsRequestSchema.safeParse({ jackpot: { rules: 'a\u0000' } }).success).toBe(false);
    expect(CreateBlockRequestSchema.safeParse({ name: 'x\u0000', block: { en: '', mn: '' } }).success).toBe(
      false,
    );
  });
});

describe('calendar days in queries', () => {
  it.each([
    ['2026-01-01', '9999-12-31'],
    ['0001-01-01', '2026-01-01'],
    ['1999-12-31', '2026-01-01'],
    ['2026-02-30', '2026-03-01'],
  ])('from=%s to=%s is refused', (from, to) => {
    expect(LedgerCsvQuerySchema.safeParse({ from, to }).success).toBe(false);
  });
  it('a normal range passes', () => {
    expect(LedgerCsvQuerySchema.safeParse({ from: '2026-01-01', to: '2026-12-31' }).success).toBe(true);
  });
});
