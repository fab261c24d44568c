// Show or muck after the hand. Who may choose: a player whose losing hand was mucked at showdown
// while their auto-muck is off (Show is their default), and a winner nobody called (showing is
// optional). Bots, removed players and leavers never get a choice. Pure: the dealer runs the window.
import type { HandState } from '@tenger/engine';
import type { Seat } from './seatRules.js';

export type ShowChoiceKind = 'loser' | 'winner';

export function showChoices(
  state: HandState,
  seats: ReadonlyMap<number, Seat>,
  owners: ReadonlyMap<number, { userId: number }>,
): Map<number, ShowChoiceKind> {
  const choices = new Map<number, ShowChoiceKind>();
  if (state.phase !== 'complete') return choices;
  const uncontested = state.results.every((r) => r.handValue === null);
  for (const s of state.seats) {
    const seat = seats.get(s.seat);
    if (!seat || owners.get(s.seat)?.userId !== seat.userId) continue;
    if (seat.isBot || seat.removed || seat.leaveAfterHand) continue;
    if (!s.inHand || s.folded || s.shownCards !== null) continue;
    if (s.mucked && !seat.options.autoMuck) choices.set(s.seat, 'loser');
    else if (uncontested && state.results.some((r) => r.winners.some((w) => w.seat === s.seat)))
      choices.set(s.seat, 'winner');
  }
  return choices;
}
