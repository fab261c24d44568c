import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('shows whole tugrik with the ₮ sign and English digit grouping', () => {
    expect(formatMoney(1234567, 'en')).toBe('₮1,234,567');
    expect(formatMoney(0, 'en')).toBe('₮0');
  });

  it('groups digits by the Mongolian locale when the language is mn', () => {
    const expected = new Intl.NumberFormat('mn-MN').format(10_000_000);
    expect(formatMoney(10_000_000, 'mn')).toBe(`₮${expected}`);
  });

  it('puts the minus sign before the currency sign for losses', () => {
    expect(formatMoney(-500, 'en')).toBe('−₮500');
  });

  it('refuses to show a non-integer amount as if it were money', () => {
    expect(formatMoney(10.5, 'en')).toBe('—');
    expect(formatMoney(Number.MAX_SAFE_INTEGER + 2, 'en')).toBe('—');
  });

  it('falls back to English grouping for an unknown language', () => {
    expect(formatMoney(1000, 'fr')).toBe('₮1,000');
  });
});
