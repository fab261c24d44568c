// Bots for the simulator and the property tests: varied but always legal play. Chance comes in as
// a function returning numbers in [0, 1), so a seeded source replays the same decisions.

import type { HandState, LegalAction, PlayerAction } from '../hand-types.js';
import { legalActions } from '../rules.js';

export type Chance = () => number;

/**
 * One legal action for the player to act: folds, checks, calls, bets and raises of many sizes
 * (minimum, fractions of the range, the maximum) and all-ins, weighted so hands reach showdowns
 * and side pots often. Returns null when nobody is to act.
 */
export function chooseBotAction(state: HandState, chance: Chance): PlayerAction | null {
  const legal = legalActions(state);
  if (!legal) return null;
  const seat = legal.seat;
  const find = (type: string): LegalAction | undefined => legal.actions.find((a) => a.type === type);
  const raise = find('bet') ?? find('raise');
  const allIn = find('allin');
  const roll = chance();
  const toCall = legal.toCall;
  const player = state.seats.find((s) => s.seat === seat)!;
  // Facing a bet that is a big part of the stack, fold more often.
  const foldChance = toCall === 0 ? 0 : toCall * 3 > player.stack ? 0.5 : 0.22;
  if (roll < foldChance) return { seat, type: 'fold' };
  if (allIn && roll > 0.985) return { seat, type: 'allin' };
  if (raise && roll > 0.8) {
    const span = raise.max - raise.min;
    const pick = chance();
    const amount =
      pick < 0.35
        ? raise.min
        : pick > 0.96
          ? raise.max
          : raise.min + Math.floor(span * chance() * chance() * chance());
    return { seat, type: raise.type, amount };
  }
  if (find('call')) return { seat, type: 'call' };
  return { seat, type: 'check' };
}

/** A small, fast, seedable generator (mulberry32) for bots; never used for cards. */
export function seededChance(seed: number): Chance {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
