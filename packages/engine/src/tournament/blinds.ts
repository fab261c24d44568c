// Button and blinds in a tournament when players bust: the big blind always moves forward.
//
// The rule ("simplified moving button", chosen over the TDA dead button; see docs/tournaments.md):
// each hand the big blind goes to the next player still seated clockwise after last hand's big
// blind, so nobody ever misses a big blind or pays it twice in a row; the small blind is the player
// seated right before the big blind and the button the player before that (heads-up the button posts
// the small blind). There is never a dead small blind or a dead button, so every hand is an ordinary
// hand of the engine (and of PHH/PokerKit); the price is that after a bust one player may post the
// small blind, or hold the button, two hands running.

import type { AnteKind } from '../hand-types.js';

export interface BlindPlan {
  /** The button to give the engine (`HandConfig.button`); its blindSeats() agrees with the seats here. */
  button: number;
  smallBlindSeat: number;
  bigBlindSeat: number;
  /** Who posts what, in posting order: ante(s) first, then the small and the big blind (nominal amounts). */
  posts: PlannedPost[];
}

export interface PlannedPost {
  seat: number;
  post: 'ante' | 'small-blind' | 'big-blind';
  amount: number;
}

export interface Stakes {
  smallBlind: number;
  bigBlind: number;
  ante: number;
  anteKind: AnteKind;
}

/** Where the blinds come from: last hand's big blind, or the button drawn for the table's first hand. */
export type BlindsBefore = { previousBigBlind: number } | { firstButton: number };

/**
 * The button and blinds of the next hand from last hand's big blind (or the first hand's button) and
 * the seats occupied now (every player with chips: in a tournament, players away are dealt in).
 */
export function nextBlinds(
  before: BlindsBefore,
  occupiedSeats: readonly number[],
  stakes: Stakes,
): BlindPlan {
  const seats = [...new Set(occupiedSeats)].sort((a, b) => a - b);
  if (seats.length < 2) throw new Error('A hand needs two players');
  const after = (seat: number) => seats.find((s) => s > seat) ?? seats[0];
  const seatBefore = (seat: number) => [...seats].reverse().find((s) => s < seat) ?? seats[seats.length - 1];

  let bigBlindSeat: number;
  if ('previousBigBlind' in before) bigBlindSeat = after(before.previousBigBlind);
  else {
    // The drawn button, or the first player after it when its seat is empty.
    const firstButton = seats.includes(before.firstButton) ? before.firstButton : after(before.firstButton);
    bigBlindSeat = seats.length === 2 ? after(firstButton) : after(after(firstButton));
  }
  const smallBlindSeat = seatBefore(bigBlindSeat);
  const button = seats.length === 2 ? smallBlindSeat : seatBefore(smallBlindSeat);

  const posts: PlannedPost[] = [];
  if (stakes.ante > 0) {
    const anteSeats = stakes.anteKind === 'big-blind' ? [bigBlindSeat] : seats;
    for (const seat of anteSeats) posts.push({ seat, post: 'ante', amount: stakes.ante });
  }
  posts.push({ seat: smallBlindSeat, post: 'small-blind', amount: stakes.smallBlind });
  posts.push({ seat: bigBlindSeat, post: 'big-blind', amount: stakes.bigBlind });
  return { button, smallBlindSeat, bigBlindSeat, posts };
}
