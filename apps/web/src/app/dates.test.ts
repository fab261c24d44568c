import { describe, expect, it } from 'vitest';
import { formatDateTime } from './dates';

describe('formatDateTime', () => {
  it('writes Mongolian dates as YYYY.MM.DD HH:mm in local time', () => {
    const date = new Date(2026, 10, 5, 9, 7);
    expect(formatDateTime(date.toISOString(), 'mn')).toBe('2026.11.05 09:07');
  });

  it('writes English dates with the month name', () => {
    expect(formatDateTime(new Date(2026, 10, 5, 9, 7).toISOString(), 'en')).toMatch(/5 Nov 2026/);
  });

  it('shows a dash for a missing or broken date', () => {
    expect(formatDateTime(null, 'en')).toBe('—');
    expect(formatDateTime('not a date', 'mn')).toBe('—');
  });
});
