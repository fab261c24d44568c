import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relativeTime';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it('names the true distance, not "just now" for old hands', () => {
    expect(formatRelativeTime(ago(5), 'en', NOW)).toBe('5 seconds ago');
    expect(formatRelativeTime(ago(7 * 60), 'en', NOW)).toBe('7 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600 + 100), 'en', NOW)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(86_400 + 10), 'en', NOW)).toBe('yesterday');
    expect(formatRelativeTime(ago(20 * 86_400), 'en', NOW)).toBe('2 weeks ago');
  });
  it('speaks Mongolian when asked, and survives a bad date', () => {
    expect(formatRelativeTime(ago(7 * 60), 'mn', NOW)).not.toBe(formatRelativeTime(ago(7 * 60), 'en', NOW));
    expect(formatRelativeTime('not a date', 'en', NOW)).toBe('—');
  });
});
