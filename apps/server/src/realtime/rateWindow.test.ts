import { describe, expect, it } from 'vitest';
import { RateWindow, type StallHistory } from './rateWindow.js';

function fakeClock(start = 1_000) {
  const clock = { now: start, read: () => clock.now };
  return clock;
}

class FakeStalls implements StallHistory {
  readonly stalls: Array<{ endedAt: number; ms: number }> = [];
  stalledWithin(now: number, windowMs: number): number {
    return this.stalls.filter((s) => s.endedAt > now - windowMs).reduce((sum, s) => sum + s.ms, 0);
  }
}

describe('the message-rate window', () => {
  it('lets 20 messages in one second through and refuses the 21st', () => {
    const clock = fakeClock();
    const window = new RateWindow(20, 1000, clock.read, new FakeStalls());
    for (let i = 0; i < 20; i++) {
      expect(window.admit()).toBe(true);
      clock.now += 10;
    }
    expect(window.admit()).toBe(false);
  });

  it('slides: a steady 19 per second is never refused', () => {
    const clock = fakeClock();
    const window = new RateWindow(20, 1000, clock.read, new FakeStalls());
    for (let i = 0; i < 19 * 30; i++) {
      expect(window.admit()).toBe(true);
      clock.now += 1000 / 19;
    }
  });

  it('counts a burst that straddles two fixed seconds (no reset at the second boundary)', () => {
    const clock = fakeClock(10_000);
    const window = new RateWindow(20, 1000, clock.read, new FakeStalls());
    clock.now = 10_900;
    for (let i = 0; i < 20; i++) expect(window.admit()).toBe(true);
    clock.now = 11_100; // a fixed per-second counter would have started again here
    expect(window.admit()).toBe(false);
  });

  it('does not close an honest client whose frames were delivered together after the server stalled', () => {
    const clock = fakeClock();
    const stalls = new FakeStalls();
    const window = new RateWindow(20, 1000, clock.read, stalls);
    // The event loop was blocked for 3 s; a client sending 10 a second had 30 frames waiting.
    clock.now += 3_000;
    stalls.stalls.push({ endedAt: clock.now, ms: 3_000 });
    for (let i = 0; i < 30; i++) expect(window.admit()).toBe(true);
  });

  it('still closes a flood that a short stall cannot explain', () => {
    const clock = fakeClock();
    const stalls = new FakeStalls();
    const window = new RateWindow(20, 1000, clock.read, stalls);
    stalls.stalls.push({ endedAt: clock.now, ms: 200 });
    const admitted = Array.from({ length: 1000 }, () => window.admit()).filter(Boolean).length;
    expect(admitted).toBe(24);
  });
});
