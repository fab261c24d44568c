import type { LegalActions } from '@tenger/protocol';
import { describe, expect, it } from 'vitest';
import {
  amountProblem,
  checkOrCallAction,
  presets,
  raiseAction,
  readChoices,
  resolvePreAction,
} from './betting';

// Facing a bet of 40 with 10 in already, 1000 behind; 100 in the middle (bets included).
const facingBet: LegalActions = {
  seat: 2,
  toCall: 30,
  actions: [
    { type: 'fold', min: 10, max: 10 },
    { type: 'call', min: 40, max: 40 },
    { type: 'raise', min: 70, max: 1010 },
    { type: 'allin', min: 1010, max: 1010 },
  ],
};

const freeCheck: LegalActions = {
  seat: 0,
  toCall: 0,
  actions: [
    { type: 'check', min: 0, max: 0 },
    { type: 'bet', min: 20, max: 500 },
    { type: 'allin', min: 500, max: 500 },
  ],
};

describe('action choices', () => {
  it('reads fold, call with its amount, raise range and all-in from the legal actions', () => {
    const choices = readChoices(facingBet);
    expect(choices).toMatchObject({
      fold: true,
      check: false,
      callAdds: 30,
      callTo: 40,
      callIsAllIn: false,
      raiseType: 'raise',
      raiseMin: 70,
      raiseMax: 1010,
      allInTo: 1010,
    });
  });

  it('a call that takes the whole stack is marked as an all-in call', () => {
    const short: LegalActions = {
      seat: 1,
      toCall: 25,
      actions: [
        { type: 'fold', min: 0, max: 0 },
        { type: 'call', min: 25, max: 25 },
        { type: 'allin', min: 25, max: 25 },
      ],
    };
    expect(readChoices(short).callIsAllIn).toBe(true);
    expect(presets(short, 100)).toEqual([]);
  });
});

describe('bet presets', () => {
  it('sizes pot raises as call plus the pot after the call, inside min..max', () => {
    // pot after call = 100 + 30 = 130; TO = 40 + f × 130
    const byKey = Object.fromEntries(presets(facingBet, 100).map((p) => [p.key, p.amount]));
    expect(byKey).toEqual({ min: 70, half: 105, threeQuarters: 137, pot: 170, allin: 1010 });
  });

  it('never offers more than the pot limit: the top preset is the max and is not called all-in', () => {
    const potLimit: LegalActions = {
      seat: 2,
      toCall: 30,
      actions: [
        { type: 'fold', min: 10, max: 10 },
        { type: 'call', min: 40, max: 40 },
        { type: 'raise', min: 70, max: 170 },
        // all-in is not listed: it is above the pot limit
      ],
    };
    const list = presets(potLimit, 100);
    expect(Math.max(...list.map((p) => p.amount))).toBe(170);
    expect(list.every((p) => p.amount >= 70 && p.amount <= 170)).toBe(true);
    const top = list.find((p) => p.key === 'allin');
    expect(top).toEqual({ key: 'allin', amount: 170, isAllIn: false });
    // the pot preset equals the max, so it is shown once, as the top one
    expect(list.filter((p) => p.amount === 170)).toHaveLength(1);
  });

  it('a short stack sees every preset clamped to its all-in', () => {
    const shortStack: LegalActions = {
      seat: 0,
      toCall: 0,
      actions: [
        { type: 'check', min: 0, max: 0 },
        { type: 'bet', min: 20, max: 60 },
        { type: 'allin', min: 60, max: 60 },
      ],
    };
    const list = presets(shortStack, 200);
    expect(list.map((p) => p.key)).toEqual(['min', 'allin']);
    expect(list.at(-1)).toEqual({ key: 'allin', amount: 60, isAllIn: true });
  });

  it('bets into an unopened pot use the pot as it stands', () => {
    const byKey = Object.fromEntries(presets(freeCheck, 80).map((p) => [p.key, p.amount]));
    expect(byKey).toEqual({ min: 20, half: 40, threeQuarters: 60, pot: 80, allin: 500 });
  });
});

describe('sending a bet or raise', () => {
  it('sends raise TO the amount, and all-in when the amount is the whole stack', () => {
    expect(raiseAction(facingBet, 300)).toEqual({ type: 'raise', amount: 300 });
    expect(raiseAction(facingBet, 1010)).toEqual({ type: 'allin' });
    expect(raiseAction(freeCheck, 20)).toEqual({ type: 'bet', amount: 20 });
  });

  it('refuses amounts outside min..max or not whole', () => {
    expect(raiseAction(facingBet, 69)).toBeNull();
    expect(amountProblem(69, 70, 1010)).toBe('tooLow');
    expect(amountProblem(1011, 70, 1010)).toBe('tooHigh');
    expect(amountProblem(70.5, 70, 1010)).toBe('notWhole');
    expect(amountProblem(70, 70, 1010)).toBeNull();
  });

  it('check/call checks when free and calls otherwise', () => {
    expect(checkOrCallAction(freeCheck)).toEqual({ type: 'check' });
    expect(checkOrCallAction(facingBet)).toEqual({ type: 'call' });
  });
});

describe('pre-actions', () => {
  it('check/fold checks when free and folds to a bet, used once', () => {
    expect(resolvePreAction('checkFold', freeCheck)).toEqual({ action: { type: 'check' }, keep: false });
    expect(resolvePreAction('checkFold', facingBet)).toEqual({ action: { type: 'fold' }, keep: false });
  });

  it('call any calls whatever the bet, or checks when free', () => {
    expect(resolvePreAction('callAny', facingBet)).toEqual({ action: { type: 'call' }, keep: false });
    expect(resolvePreAction('callAny', freeCheck)).toEqual({ action: { type: 'check' }, keep: false });
  });

  it('fold to any bet checks and stays ticked while nobody bets, then folds', () => {
    expect(resolvePreAction('foldToAnyBet', freeCheck)).toEqual({ action: { type: 'check' }, keep: true });
    expect(resolvePreAction('foldToAnyBet', facingBet)).toEqual({ action: { type: 'fold' }, keep: false });
  });
});
