import { describe, expect, it } from 'vitest';
import { isTimeZone, nextOccurrence, nextOccurrenceAfter, zoneOffsetMs } from './schedule.js';

describe('recurring schedules', () => {
  it('every day at 20:00 Ulaanbaatar time is 12:00 UTC, a day apart (UTC+8, no summer time)', () => {
    const first = Date.parse('2026-12-01T20:00:00+08:00');
    expect(zoneOffsetMs(first, 'Asia/Ulaanbaatar')).toBe(8 * 3_600_000);
    const next = nextOccurrence(first, 'daily', 'Asia/Ulaanbaatar');
    expect(new Date(next).toISOString()).toBe('2026-12-02T12:00:00.000Z');
    expect(new Date(nextOccurrence(first, 'weekly', 'Asia/Ulaanbaatar')).toISOString()).toBe(
      '2026-12-08T12:00:00.000Z',
    );
  });

  it('keeps the wall-clock hour across a change to summer time', () => {
    const first = Date.parse('2026-03-28T20:00:00+01:00'); // Berlin, the day before the change
    expect(new Date(nextOccurrence(first, 'daily', 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-29T18:00:00.000Z',
    );
  });

  it('skips the starts missed while the site was down', () => {
    const first = Date.parse('2026-12-01T12:00:00Z');
    const now = Date.parse('2026-12-05T13:00:00Z');
    expect(new Date(nextOccurrenceAfter(first, 'daily', 'Asia/Ulaanbaatar', now)).toISOString()).toBe(
      '2026-12-06T12:00:00.000Z',
    );
  });

  it('knows a time zone from a typo', () => {
    expect(isTimeZone('Asia/Ulaanbaatar')).toBe(true);
    expect(isTimeZone('Asia/Ulan')).toBe(false);
  });
});
