import { describe, expect, it } from 'vitest';
import type { PlayerLimits } from '@tenger/protocol';
import {
  changeLimits,
  exclusionApplies,
  exclusionEndsAt,
  exclusionUntilText,
  limitsAt,
  NO_LIMITS,
  periodEnd,
  type ExclusionRecord,
  type StoredLimits,
} from './limitRules.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-03-01T12:00:00Z');
const none: StoredLimits = { values: { ...NO_LIMITS }, pending: {} };
const want = (change: Partial<PlayerLimits>, from: PlayerLimits = NO_LIMITS): PlayerLimits => ({
  ...from,
  ...change,
});

describe('limits the player sets', () => {
  it('a first limit is a decrease from none: it applies at once', () => {
    const after = changeLimits(none, want({ lossDaily: 5_000, sessionMinutes: 90 }), T0);
    expect(after.values).toMatchObject({ lossDaily: 5_000, sessionMinutes: 90 });
    expect(after.pending).toEqual({});
  });

  it('a lower limit applies at once; a higher one waits 24 hours and then applies', () => {
    const set = changeLimits(none, want({ depositDaily: 10_000 }), T0);
    const lower = changeLimits(set, want({ depositDaily: 4_000 }), T0 + HOUR);
    expect(lower.values.depositDaily).toBe(4_000);
    const higher = changeLimits(lower, want({ depositDaily: 50_000 }), T0 + 2 * HOUR);
    expect(higher.values.depositDaily).toBe(4_000);
    expect(higher.pending.depositDaily).toEqual({
      value: 50_000,
      effectiveAt: new Date(T0 + 2 * HOUR + DAY).toISOString(),
    });
    expect(limitsAt(higher, T0 + 2 * HOUR + DAY - 1).values.depositDaily).toBe(4_000);
    const due = limitsAt(higher, T0 + 2 * HOUR + DAY);
    expect(due.values.depositDaily).toBe(50_000);
    expect(due.pending).toEqual({});
  });

  it('removing a limit is an increase: it waits 24 hours', () => {
    const set = changeLimits(none, want({ lossWeekly: 20_000 }), T0);
    const removed = changeLimits(set, want({ lossWeekly: null }), T0);
    expect(removed.values.lossWeekly).toBe(20_000);
    expect(removed.pending.lossWeekly?.value).toBeNull();
    expect(limitsAt(removed, T0 + DAY).values.lossWeekly).toBeNull();
  });

  it('asking again for a raise that already waits does not restart its 24 hours', () => {
    const set = changeLimits(none, want({ lossDaily: 1_000 }), T0);
    const raise = changeLimits(set, want({ lossDaily: 9_000 }), T0);
    const again = changeLimits(raise, want({ lossDaily: 9_000 }), T0 + 20 * HOUR);
    expect(again.pending.lossDaily?.effectiveAt).toBe(new Date(T0 + DAY).toISOString());
  });

  it('asking for the value in force, or a lower one, cancels a waiting raise', () => {
    const set = changeLimits(none, want({ lossDaily: 1_000 }), T0);
    const raise = changeLimits(set, want({ lossDaily: 9_000 }), T0);
    expect(changeLimits(raise, want({ lossDaily: 1_000 }), T0).pending).toEqual({});
    const lower = changeLimits(raise, want({ lossDaily: 500 }), T0);
    expect(lower.values.lossDaily).toBe(500);
    expect(lower.pending).toEqual({});
  });

  it('a shorter reality check applies at once; a longer one (or none chosen, the default 60) waits', () => {
    const often = changeLimits(none, want({ realityCheckMinutes: 30 }), T0);
    expect(often.values.realityCheckMinutes).toBe(30);
    const back = changeLimits(often, want({ realityCheckMinutes: null }), T0);
    expect(back.values.realityCheckMinutes).toBe(30);
    expect(back.pending.realityCheckMinutes?.value).toBeNull();
    // 60 and "none chosen" are the same interval: no change at all.
    expect(changeLimits(none, want({ realityCheckMinutes: 60 }), T0).pending).toEqual({});
  });

  it('each field follows its own direction within one change', () => {
    const set = changeLimits(none, want({ lossDaily: 5_000, depositDaily: 5_000 }), T0);
    const mixed = changeLimits(set, want({ lossDaily: 9_000, depositDaily: 1_000 }), T0);
    expect(mixed.values).toMatchObject({ lossDaily: 5_000, depositDaily: 1_000 });
    expect(Object.keys(mixed.pending)).toEqual(['lossDaily']);
  });
});

describe('time-outs and self-exclusion', () => {
  const start = new Date('2026-01-31T10:00:00Z');
  const record = (e: Partial<ExclusionRecord>): ExclusionRecord => ({
    kind: 'self-exclusion',
    period: '6m',
    startsAt: start,
    until: periodEnd('6m', start),
    endRequestedAt: null,
    ...e,
  });

  it('periods: 24 hours, 7 and 30 days, and calendar months and years', () => {
    expect(periodEnd('24h', start)?.toISOString()).toBe('2026-02-01T10:00:00.000Z');
    expect(periodEnd('7d', start)?.toISOString()).toBe('2026-02-07T10:00:00.000Z');
    expect(periodEnd('30d', start)?.toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(periodEnd('1y', start)?.toISOString()).toBe('2027-01-31T10:00:00.000Z');
    expect(periodEnd('5y', start)?.toISOString()).toBe('2031-01-31T10:00:00.000Z');
    expect(periodEnd('indefinite', start)).toBeNull();
  });

  it('a time-out ends with its period, by itself', () => {
    const timeout = record({ kind: 'timeout', period: '24h', until: periodEnd('24h', start) });
    expect(exclusionApplies(timeout, start.getTime() + DAY - 1)).toBe(true);
    expect(exclusionApplies(timeout, start.getTime() + DAY)).toBe(false);
  });

  it('a self-exclusion outlives its period until the player asks, then ends 7 days after the request', () => {
    const e = record({});
    const afterPeriod = e.until!.getTime() + 30 * DAY;
    expect(exclusionApplies(e, afterPeriod)).toBe(true);
    expect(exclusionUntilText(e)).toBe(e.until!.toISOString());
    const asked = record({ endRequestedAt: new Date(afterPeriod) });
    expect(exclusionEndsAt(asked)?.getTime()).toBe(afterPeriod + 7 * DAY);
    expect(exclusionApplies(asked, afterPeriod + 7 * DAY - 1)).toBe(true);
    expect(exclusionApplies(asked, afterPeriod + 7 * DAY)).toBe(false);
  });

  it('asking early does not shorten the period; an indefinite one lasts at least six months', () => {
    const early = record({ endRequestedAt: new Date(start.getTime() + DAY) });
    expect(exclusionEndsAt(early)).toEqual(early.until);
    const indefinite = record({ period: 'indefinite', until: null, endRequestedAt: start });
    expect(exclusionEndsAt(indefinite)?.toISOString()).toBe('2026-07-31T10:00:00.000Z');
    expect(exclusionUntilText(record({ period: 'indefinite', until: null }))).toBe('indefinite');
  });
});
