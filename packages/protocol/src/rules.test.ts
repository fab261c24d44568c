import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCodeSchema, RegisterRequestSchema } from './index.js';
import { EMAIL_PATTERN, ERROR_CODES } from './rules.js';

describe('shared account rules', () => {
  it('uses the same email pattern as zod, so the browser and the server agree', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });

  it('the error code schema accepts exactly the listed codes', () => {
    expect(ErrorCodeSchema.options).toEqual([...ERROR_CODES]);
  });

  it('registration refuses what the shared patterns refuse', () => {
    const good = {
      email: 'saraa@example.mn',
      username: 'saraa',
      password: 'long-enough',
      repeatPassword: 'long-enough',
      acceptTerms: true,
      bank: 'Khan Bank',
      accountNumber: '5000123456',
    };
    expect(RegisterRequestSchema.safeParse(good).success).toBe(true);
    expect(RegisterRequestSchema.safeParse({ ...good, accountNumber: '12' }).success).toBe(false);
    expect(RegisterRequestSchema.safeParse({ ...good, username: 'a b' }).success).toBe(false);
  });
});
