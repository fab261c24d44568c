import { describe, expect, it } from 'vitest';
import { groupAmountText, groupSeparator, parseAmountText, ungroupAmountText } from './amountInput';

describe('thousands separators while typing', () => {
  it('groups the digits in both languages', () => {
    expect(groupSeparator('en')).toBe(',');
    expect(groupSeparator('mn')).toBe(',');
    expect(groupAmountText('1250000')).toBe('1,250,000');
    expect(groupAmountText('1250000', 'mn')).toBe('1,250,000');
    expect(groupAmountText('999')).toBe('999');
    expect(groupAmountText('1000')).toBe('1,000');
  });

  it('regroups what is typed into a grouped text (a digit added in the middle or the end)', () => {
    expect(groupAmountText('1,2345')).toBe('12,345');
    expect(groupAmountText('12,3456')).toBe('123,456');
    expect(groupAmountText('1,00')).toBe('100');
    expect(groupAmountText('')).toBe('');
  });

  it('never turns a refused amount into another one: sign and fraction stay, other text stays as typed', () => {
    expect(groupAmountText('-5000')).toBe('-5,000');
    expect(groupAmountText('1.5')).toBe('1.5');
    expect(groupAmountText('12000.')).toBe('12,000.');
    expect(groupAmountText('12a')).toBe('12a');
    expect(parseAmountText('1.5')).toBe(1.5);
    expect(parseAmountText('-5')).toBe(-5);
    expect(parseAmountText('12a')).toBeNull();
  });

  it('reads back the integer exactly', () => {
    for (const amount of [1, 999, 1000, 1_250_000, 999_999_999_999, 1_000_000_000_000]) {
      expect(parseAmountText(groupAmountText(String(amount)))).toBe(amount);
    }
    expect(parseAmountText('')).toBeNull();
    expect(parseAmountText('1 250 000')).toBe(1_250_000);
    expect(ungroupAmountText('1\u00a0250\u202f000')).toBe('1250000');
  });
});
