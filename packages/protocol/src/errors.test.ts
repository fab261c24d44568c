import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, httpStatusOf, isErrorCode } from './errors.js';
import { ErrorCodeSchema, TableRejectCodeSchema } from './index.js';

describe('one vocabulary of domain error codes', () => {
  it('every code is snake_case and maps to a 4xx or 5xx status', () => {
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(httpStatusOf(code)).toBeGreaterThanOrEqual(400);
      expect(httpStatusOf(code)).toBeLessThan(600);
    }
  });

  it('HTTP errors and table refusals accept exactly the same codes', () => {
    expect(ErrorCodeSchema.options).toEqual([...ERROR_CODES]);
    expect(TableRejectCodeSchema.options).toEqual([...ERROR_CODES]);
  });

  it('a short balance is insufficient_funds everywhere, refused with 409', () => {
    expect(ERROR_STATUS.insufficient_funds).toBe(409);
    expect(isErrorCode('insufficient_funds')).toBe(true);
    expect(isErrorCode('insufficient-balance')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });
});
