// After the hand: a player whose cards were not shown (a loser who mucked at showdown, or a winner
// nobody called) may still show them. The show joins the hand's history where it belongs: it takes
// the place of the seat's muck, or comes last after an uncontested win. Pure, like hand.ts.

import { formatCard, type Card } from './cards.js';
import type { ApplyResult, EngineError, HandEvent, HandState, HistoryEntry } from './hand-types.js';
import { cloneState, copySeat, handHistory, handValue, nameOfHand } from './hand.js';

/** Whether `seat` may still show its cards in this finished hand. */
export function mayShowAfterHand(state: HandState, seat: number): boolean {
  const s = state.seats.find((x) => x.seat === seat);
  return state.phase === 'complete' && !!s && s.inHand && !s.folded && s.shownCards === null;
}

/**
 * Shows `cards` (default: all) of `seat`'s hole cards after the hand. Hold'em may show one card or
 * both; Omaha shows all four. Cards are kept in the order they were dealt.
 */
export function showAfterHand(state: HandState, seat: number, cards?: readonly Card[]): ApplyResult {
  const fail = (message: string): ApplyResult => ({
    error: { code: 'illegal-action', message } satisfies EngineError,
  });
  if (!mayShowAfterHand(state, seat)) return fail('These cards cannot be shown now.');
  const index = state.seats.findIndex((x) => x.seat === seat);
  const hole = state.seats[index].holeCards;
  const wanted = cards ?? hole;
  if (wanted.length === 0 || new Set(wanted).size !== wanted.length || wanted.some((c) => !hole.includes(c)))
    return fail(`Show some of your own cards (${hole.map(formatCard).join(' ')}).`);
  if (state.config.variant !== 'holdem-nl' && wanted.length !== hole.length)
    return fail('In Omaha all four cards are shown.');
  const shown = hole.filter((c) => wanted.includes(c));

  const next = cloneState(state);
  const player = copySeat(state.seats[index]);
  next.seats[index] = player;
  const wasMucked = player.mucked;
  player.shownCards = shown;
  player.mucked = false;
  const show: HistoryEntry = { kind: 'show', seat, cards: shown };
  const history = handHistory(state).map((e) => (e.kind === 'muck' && e.seat === seat ? show : e));
  if (!wasMucked) history.push(show);
  next.log = null;
  for (const entry of history) next.log = { entry, previous: next.log };

  const full = shown.length === hole.length && state.board.length >= 3;
  const value = full ? handValue(state, player) : null;
  const events: HandEvent[] = [
    {
      type: 'cards-shown',
      seat,
      cards: shown,
      handValue: value,
      handName: value === null ? null : nameOfHand(value),
    },
  ];
  return { state: next, events };
}
