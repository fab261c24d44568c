/**
 * The arithmetic behind the action bar, from the engine's legal actions (see packages/engine/README.md):
 * `{ seat, toCall, actions: [{ type, min, max }] }` with amounts as street totals ("raise TO").
 * Pure functions, so the rules (presets inside min..max, pot-limit max, all-in) are tested on their own.
 */

import type { ActionType, LegalActions } from '@tenger/protocol';

/** What the viewer sends: a type and, for bet/raise, the street total to bet TO. */
export interface ChosenAction {
  type: ActionType;
  amount?: number;
}

export type PresetKey = 'min' | 'half' | 'threeQuarters' | 'pot' | 'allin';

export interface Preset {
  key: PresetKey;
  /** Street total the preset bets TO, already inside min..max. */
  amount: number;
  /** The all-in preset says "Max" instead when the pot limit stops short of the stack. */
  isAllIn: boolean;
}

/** The choices on the bar, read out of the legal actions. */
export interface ActionChoices {
  fold: boolean;
  check: boolean;
  /** Chips to add to call (null: no call possible). */
  callAdds: number | null;
  /** Street total after calling. */
  callTo: number | null;
  callIsAllIn: boolean;
  /** 'bet' when nobody has bet on the street, else 'raise'; null when no bet/raise is allowed. */
  raiseType: 'bet' | 'raise' | null;
  raiseMin: number;
  raiseMax: number;
  /** The street total of going all-in, when all-in is legal (as a raise, an incomplete raise or a call). */
  allInTo: number | null;
}

const FRACTIONS: Record<Exclude<PresetKey, 'min' | 'allin'>, number> = {
  half: 0.5,
  threeQuarters: 0.75,
  pot: 1,
};

export function readChoices(legal: LegalActions): ActionChoices {
  const find = (type: ActionType) => legal.actions.find((action) => action.type === type);
  const call = find('call');
  const raise = find('raise') ?? find('bet');
  const allin = find('allin');
  const allInTo = allin ? allin.max : null;
  return {
    fold: find('fold') !== undefined,
    check: find('check') !== undefined,
    callAdds: call ? legal.toCall : null,
    callTo: call ? call.max : null,
    callIsAllIn: call !== undefined && allInTo !== null && call.max >= allInTo,
    raiseType: raise ? (raise.type as 'bet' | 'raise') : null,
    raiseMin: raise ? raise.min : 0,
    raiseMax: raise ? raise.max : 0,
    allInTo,
  };
}

/**
 * The preset amounts. A pot-sized raise is "call, then raise by the pot after the call":
 * TO = callTo + fraction × (potTotal + toCall), where potTotal counts every chip in the middle
 * including this street's bets. Each preset is held inside min..max (max is the pot limit in
 * pot-limit games); presets that land on the same amount are kept once.
 */
export function presets(legal: LegalActions, potTotal: number): Preset[] {
  const choices = readChoices(legal);
  if (!choices.raiseType) {
    return choices.allInTo !== null && choices.callTo !== null && choices.allInTo > choices.callTo
      ? [{ key: 'allin', amount: choices.allInTo, isAllIn: true }]
      : [];
  }
  const callTo = currentLevel(legal);
  const potAfterCall = potTotal + legal.toCall;
  const list: Preset[] = [{ key: 'min', amount: choices.raiseMin, isAllIn: false }];
  for (const key of ['half', 'threeQuarters', 'pot'] as const) {
    const raw = Math.floor(callTo + FRACTIONS[key] * potAfterCall);
    list.push({ key, amount: clampAmount(raw, choices.raiseMin, choices.raiseMax), isAllIn: false });
  }
  const top = choices.allInTo !== null ? Math.min(choices.allInTo, choices.raiseMax) : choices.raiseMax;
  const allInPreset: Preset = {
    key: 'allin',
    amount: top,
    isAllIn: choices.allInTo !== null && top >= choices.allInTo,
  };
  // Presets that land on the same amount as another (or as the top) are shown once.
  const seen = new Set<number>([top]);
  const distinct = list.filter((preset) => {
    if (seen.has(preset.amount)) return false;
    seen.add(preset.amount);
    return true;
  });
  return [...distinct, allInPreset];
}

/** The bet level to match: the street total after a call, or (with nothing to call) the viewer's own bet. */
function currentLevel(legal: LegalActions): number {
  const call = legal.actions.find((action) => action.type === 'call');
  if (call) return call.max;
  const own = legal.actions.find((action) => action.type === 'check' || action.type === 'fold');
  return own ? own.min : 0;
}

export function clampAmount(amount: number, min: number, max: number): number {
  if (!Number.isFinite(amount)) return min;
  return Math.min(max, Math.max(min, Math.round(amount)));
}

/**
 * Checks a typed bet/raise amount. Returns the reason it cannot be sent, or null when it can:
 * a whole number of tugrik inside min..max.
 */
export function amountProblem(
  amount: number,
  min: number,
  max: number,
): 'notWhole' | 'tooLow' | 'tooHigh' | null {
  if (!Number.isSafeInteger(amount)) return 'notWhole';
  if (amount < min) return 'tooLow';
  if (amount > max) return 'tooHigh';
  return null;
}

/** The message for a bet/raise TO `amount`: all-in when it is the whole stack. */
export function raiseAction(legal: LegalActions, amount: number): ChosenAction | null {
  const choices = readChoices(legal);
  if (choices.allInTo !== null && amount >= choices.allInTo) return { type: 'allin' };
  if (!choices.raiseType) return null;
  if (amountProblem(amount, choices.raiseMin, choices.raiseMax)) return null;
  return { type: choices.raiseType, amount };
}

/** Check when it is free, else call (all-in when the call takes the whole stack). */
export function checkOrCallAction(legal: LegalActions): ChosenAction | null {
  const choices = readChoices(legal);
  if (choices.check) return { type: 'check' };
  if (choices.callTo !== null) return { type: 'call' };
  return null;
}

// ---- pre-actions: ticked while waiting, carried out when the turn comes ----

export type PreAction = 'checkFold' | 'callAny' | 'foldToAnyBet';

/**
 * What a ticked pre-action does now that it is the viewer's turn:
 * - check/fold: check if free, else fold (used once);
 * - call any: check if free, else call whatever the bet (used once);
 * - fold to any bet: check while checking is free and stay ticked; fold as soon as there is a bet.
 */
export function resolvePreAction(
  preAction: PreAction,
  legal: LegalActions,
): { action: ChosenAction | null; keep: boolean } {
  const choices = readChoices(legal);
  switch (preAction) {
    case 'checkFold':
      return {
        action: choices.check ? { type: 'check' } : choices.fold ? { type: 'fold' } : null,
        keep: false,
      };
    case 'callAny':
      if (choices.check) return { action: { type: 'check' }, keep: false };
      if (choices.callTo !== null) return { action: { type: 'call' }, keep: false };
      if (choices.allInTo !== null) return { action: { type: 'allin' }, keep: false };
      return { action: null, keep: false };
    case 'foldToAnyBet':
      if (choices.check) return { action: { type: 'check' }, keep: true };
      return { action: choices.fold ? { type: 'fold' } : null, keep: false };
  }
}
