import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('formatRelativeTime in a browser without Mongolian locale data', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('still speaks Mongolian (issue 23: Replay said "7 minutes ago" to Mongolian players)', () => {
    // Such a browser quietly formats 'mn' in its default language instead of refusing it.
    class EnglishOnly extends Intl.RelativeTimeFormat {
      constructor(_locale?: string, options?: Intl.RelativeTimeFormatOptions) {
        super('en', options);
      }
      static override supportedLocalesOf(): string[] {
        return [];
      }
    }
    vi.stubGlobal('Intl', { ...Intl, RelativeTimeFormat: EnglishOnly });
    expect(formatRelativeTime(ago(7 * 60), 'mn', NOW)).toBe('7 минутын өмнө');
    expect(formatRelativeTime(ago(3 * 3600 + 100), 'mn', NOW)).toBe('3 цагийн өмнө');
    expect(formatRelativeTime(ago(20 * 86_400), 'mn', NOW)).toBe('2 долоо хоногийн өмнө');
    expect(formatRelativeTime(ago(7 * 60), 'en', NOW)).toBe('7 minutes ago');
  });
});
