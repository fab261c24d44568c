// The benchmark's own arithmetic: if these are wrong, its numbers are. Run: npx vitest run bench/load
import { describe, expect, it } from 'vitest';
import { FanoutTracker, RECEIPT_TIMEOUT_MS, chooseAction, percentile, thinkingTime } from './fanout.mjs';

function tracker() {
  const samples = [];
  const t = new FanoutTracker((latency, sentAt, spread) => samples.push({ latency, sentAt, spread }));
  return { t, samples };
}
const action = (seat) => ({ type: 'action', seat, action: 'call' });

describe('FanoutTracker', () => {
  it('times an action from its sending until the last seat of the table received its event', () => {
    const { t, samples } = tracker();
    t.connected = 3;
    t.actionSent(2, 1000);
    t.eventReceived(7, action(2), 1004);
    t.eventReceived(7, action(2), 1009);
    expect(samples).toEqual([]);
    t.eventReceived(7, action(2), 1006);
    expect(samples).toEqual([{ latency: 9, sentAt: 1000, spread: 5 }]);
  });

  it('matches the action to the event even when another seat receives it before the actor', () => {
    const { t, samples } = tracker();
    t.connected = 2;
    t.actionSent(0, 50);
    t.eventReceived(3, action(0), 52); // seat 1's copy
    t.eventReceived(3, action(0), 60); // the actor's own copy
    expect(samples).toEqual([{ latency: 10, sentAt: 50, spread: 8 }]);
  });

  it('takes no sample for events nobody is waiting for, nor for another seat acting', () => {
    const { t, samples } = tracker();
    t.connected = 2;
    t.actionSent(1, 0);
    for (const at of [1, 2]) t.eventReceived(1, { type: 'street-dealt' }, at);
    for (const at of [3, 4]) t.eventReceived(2, action(0), at);
    expect(samples).toEqual([]);
    for (const at of [5, 6]) t.eventReceived(3, action(1), at);
    expect(samples).toEqual([{ latency: 6, sentAt: 0, spread: 1 }]);
  });

  it('forgets a refused action, so a later event for that seat is not credited to it', () => {
    const { t, samples } = tracker();
    t.connected = 1;
    t.actionSent(4, 0);
    t.actionRefused(4);
    t.eventReceived(9, action(4), 25_000); // e.g. the clock ran out and the server folded the seat
    expect(samples).toEqual([]);
  });

  it('counts an action whose event did not reach every seat as incomplete once it is too old', () => {
    const { t, samples } = tracker();
    t.connected = 3;
    t.actionSent(0, 0);
    t.eventReceived(5, action(0), 10);
    t.eventReceived(5, action(0), 11);
    t.connected = 2; // a seat disconnected before its copy arrived
    t.prune(10 + RECEIPT_TIMEOUT_MS - 1);
    expect(t.incomplete).toBe(0);
    t.prune(11 + RECEIPT_TIMEOUT_MS);
    expect(t.incomplete).toBe(1);
    expect(samples).toEqual([]);
    expect(t.receipts.size).toBe(0);
  });
});

describe('percentile', () => {
  it('is the nearest-rank value of the sorted samples', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('chooseAction', () => {
  const facingBet = {
    seat: 0,
    toCall: 200,
    actions: [
      { type: 'fold', min: 0, max: 0 },
      { type: 'call', min: 200, max: 200 },
      { type: 'raise', min: 400, max: 20_000 },
      { type: 'allin', min: 20_000, max: 20_000 },
    ],
  };

  it('only ever picks an action the server offered, with bets and raises within its range', () => {
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const seen = new Set();
    for (let i = 0; i < 2000; i++) {
      const choice = chooseAction(facingBet, random);
      seen.add(choice.action);
      expect(['fold', 'call', 'raise', 'allin']).toContain(choice.action);
      if (choice.action === 'raise') {
        expect(Number.isSafeInteger(choice.amount)).toBe(true);
        expect(choice.amount).toBeGreaterThanOrEqual(400);
        expect(choice.amount).toBeLessThanOrEqual(600);
      } else expect(choice.amount).toBeUndefined();
    }
    expect(seen).toEqual(new Set(['fold', 'call', 'raise', 'allin']));
  });

  it('mostly folds facing a bet of more than a quarter of its stack, and never re-raises it', () => {
    const shoved = {
      seat: 2,
      toCall: 19_800,
      actions: [
        { type: 'fold', min: 200, max: 200 },
        { type: 'call', min: 20_000, max: 20_000 },
      ],
    };
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const calls = Array.from({ length: 1000 }, () => chooseAction(shoved, random)).filter(
      (c) => c.action === 'call',
    ).length;
    expect(calls).toBeGreaterThan(20);
    expect(calls).toBeLessThan(200);
    const bigRaise = {
      seat: 2,
      toCall: 6000,
      actions: [
        ...shoved.actions.slice(0, 1),
        { type: 'call', min: 6000, max: 6000 },
        { type: 'raise', min: 12_000, max: 20_000 },
        { type: 'allin', min: 20_000, max: 20_000 },
      ],
    };
    for (let i = 0; i < 500; i++) expect(['fold', 'call']).toContain(chooseAction(bigRaise, random).action);
  });

  it('checks rather than folds when checking is free and the server offers no fold', () => {
    const free = { seat: 1, toCall: 0, actions: [{ type: 'check', min: 0, max: 0 }] };
    expect(chooseAction(free, () => 0.99)).toEqual({ action: 'check' });
    expect(chooseAction({ seat: 1, toCall: 0, actions: [] })).toBeNull();
  });
});

describe('thinkingTime', () => {
  it('is one to three seconds, like a person deciding', () => {
    expect(thinkingTime(() => 0)).toBe(1000);
    expect(thinkingTime(() => 0.999999)).toBe(3000);
  });
});
