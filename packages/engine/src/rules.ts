// Betting rules: who may act, what they may do and for how much. Pure functions over a HandState.

import type {
  ActionType,
  HandState,
  LegalAction,
  LegalActions,
  PlayerAction,
  SeatState,
} from './hand-types.js';

/** What the player to act may do now, or null when nobody is to act (the hand is complete). */
export function legalActions(state: HandState): LegalActions | null {
  return state.legal !== undefined ? state.legal : computeLegalActions(state);
}

/** Works out the legal actions from the betting state; the engine caches the result in `state.legal`. */
export function computeLegalActions(state: HandState): LegalActions | null {
  if (state.phase === 'complete' || state.toAct === null) return null;
  const player = seatState(state, state.toAct);
  const owed = state.currentBet - player.bet;
  const toCall = Math.min(Math.max(owed, 0), player.stack);
  const actions: LegalAction[] = [];
  if (owed > 0) {
    actions.push({ type: 'fold', min: player.bet, max: player.bet });
    actions.push({ type: 'call', min: player.bet + toCall, max: player.bet + toCall });
  } else {
    actions.push({ type: 'check', min: player.bet, max: player.bet });
  }
  if (mayRaise(state, player)) {
    const allInTo = player.bet + player.stack;
    const opening = state.currentBet === 0;
    const minTo = opening ? state.config.bigBlind : state.currentBet + state.lastRaiseSize;
    const maxTo = Math.min(
      allInTo,
      state.config.variant === 'omaha-pl' ? potLimitMax(state, player) : allInTo,
    );
    if (maxTo >= minTo) actions.push({ type: opening ? 'bet' : 'raise', min: minTo, max: maxTo });
    if (allInTo === maxTo || allInTo < minTo) actions.push({ type: 'allin', min: allInTo, max: allInTo });
  }
  return { seat: player.seat, toCall, actions };
}

export type ActionCheck =
  | { ok: true; type: ActionType; to: number }
  | {
      ok: false;
      code:
        | 'invalid-state'
        | 'hand-complete'
        | 'out-of-turn'
        | 'unknown-action'
        | 'illegal-action'
        | 'bad-amount';
      message: string;
    };

const ACTION_TYPES: readonly ActionType[] = ['fold', 'check', 'call', 'bet', 'raise', 'allin'];

/**
 * Checks an action against the rules and normalises it: a bet or raise for exactly the player's whole
 * stack becomes 'allin', and every accepted action carries the street total it reaches (`to`).
 */
export function validateAction(state: HandState, action: PlayerAction): ActionCheck {
  if (state === null || typeof state !== 'object' || !Array.isArray(state.seats)) {
    return { ok: false, code: 'invalid-state', message: 'That is not a hand state from createHand.' };
  }
  const legal = legalActions(state);
  if (legal === null) return { ok: false, code: 'hand-complete', message: 'The hand is over.' };
  if (action === null || typeof action !== 'object') {
    return { ok: false, code: 'unknown-action', message: 'An action must be an object.' };
  }
  if (!ACTION_TYPES.includes(action.type)) {
    return { ok: false, code: 'unknown-action', message: `Unknown action "${String(action.type)}".` };
  }
  if (action.seat !== legal.seat) {
    return {
      ok: false,
      code: 'out-of-turn',
      message: `Seat ${legal.seat} is to act, not seat ${String(action.seat)}.`,
    };
  }
  if (action.amount !== undefined && !(Number.isSafeInteger(action.amount) && action.amount >= 0)) {
    return {
      ok: false,
      code: 'bad-amount',
      message: 'An amount must be a whole, non-negative number of chips.',
    };
  }
  const allIn = optionOf(legal, 'allin');
  let type = action.type;
  if ((type === 'bet' || type === 'raise') && allIn && action.amount === allIn.min) type = 'allin';
  const option = optionOf(legal, type);
  if (!option) {
    const allowed = legal.actions.map((a) => a.type).join(', ');
    return {
      ok: false,
      code: 'illegal-action',
      message: `Seat ${legal.seat} may not ${type} now (may: ${allowed}).`,
    };
  }
  if (type === 'bet' || type === 'raise') {
    if (action.amount === undefined) {
      return { ok: false, code: 'bad-amount', message: `A ${type} needs the total amount to ${type} to.` };
    }
    if (action.amount < option.min) {
      const what = type === 'bet' ? 'the minimum bet' : 'the minimum raise (the last full raise)';
      return {
        ok: false,
        code: 'bad-amount',
        message: `A ${type} to ${action.amount} is below ${what}: it must be to at least ${option.min}.`,
      };
    }
    if (action.amount > option.max) {
      const what = state.config.variant === 'omaha-pl' ? 'the pot limit or the stack' : 'the stack';
      return {
        ok: false,
        code: 'bad-amount',
        message: `A ${type} to ${action.amount} is above ${what}: it may be to at most ${option.max}.`,
      };
    }
    return { ok: true, type, to: action.amount };
  }
  if (action.amount !== undefined && type !== 'fold' && type !== 'check' && action.amount !== option.min) {
    return {
      ok: false,
      code: 'bad-amount',
      message: `A ${type} here is to ${option.min}, not ${action.amount}.`,
    };
  }
  return { ok: true, type, to: option.min };
}

/**
 * A player may bet or raise when someone else can still answer, they have chips beyond the call, and
 * betting is open to them: they have not acted on this street yet, or they now face at least a full
 * raise over the level they last acted at. An all-in for less than a full raise therefore does not
 * reopen betting to players who already acted.
 *
 * "Someone can answer" means an opponent still in the hand could put in more than the current bet;
 * when every other player is all-in or holds less than the bet they face, a raise could never be
 * called, so only call or fold is offered (as PokerStars and PokerKit do).
 */
function mayRaise(state: HandState, player: SeatState): boolean {
  if (player.stack <= state.currentBet - player.bet) return false;
  if (player.actedAt >= 0 && state.currentBet - player.actedAt < state.lastRaiseSize) return false;
  for (const s of state.seats) {
    if (s !== player && s.inHand && !s.folded && s.bet + s.stack > state.currentBet) return true;
  }
  return false;
}

function optionOf(legal: LegalActions, type: ActionType): LegalAction | undefined {
  for (const a of legal.actions) if (a.type === type) return a;
  return undefined;
}

/** Pot-limit maximum: call first, then raise by the whole pot including the call. */
export function potLimitMax(state: HandState, player: SeatState): number {
  let pot = 0;
  for (const s of state.seats) pot += s.committed;
  const toCall = state.currentBet - player.bet;
  return state.currentBet + pot + toCall;
}

export function seatState(state: HandState, seat: number): SeatState {
  for (const s of state.seats) if (s.seat === seat) return s;
  throw new Error(`No seat ${seat} in this hand`);
}

/** Seats dealt in and not folded, clockwise from the first seat after `afterSeat`. */
export function liveSeatsFrom(state: HandState, afterSeat: number): SeatState[] {
  const seats = state.seats;
  const n = seats.length;
  let start = 0;
  while (start < n && seats[start].seat <= afterSeat) start++;
  const out: SeatState[] = [];
  for (let i = 0; i < n; i++) {
    const s = seats[(start + i) % n];
    if (s.inHand && !s.folded) out.push(s);
  }
  return out;
}

/**
 * The seat that acts last after the flop and from which "left of the button" counts: heads-up it is
 * the small blind (who is the button), otherwise the button seat itself, even when that seat is empty.
 */
export function actingButton(state: HandState): number {
  let dealtIn = 0;
  for (const s of state.seats) if (s.inHand) dealtIn++;
  return dealtIn === 2 && state.smallBlindSeat !== null ? state.smallBlindSeat : state.config.button;
}
