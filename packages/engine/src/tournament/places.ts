// Finishing places of players knocked out in the same hand, and the prizes they take.
//
// Players busted in one hand are ranked by their stacks when that hand began: the bigger stack
// finishes higher. Players who began the hand with equal stacks tie: they take consecutive places
// (so every place 1..N is still given once) but share the prizes of those places equally, to the
// tugrik; the tugrik that do not divide go one each to the tied players in the order the caller
// lists them, which is clockwise from the first seat left of the button, like the odd chip of a
// split pot.

import { prizeFor, type Payout } from './payouts.js';

export interface Bust {
  playerId: string;
  /** The player's stack when the hand in which they busted began. */
  startingStack: number;
}

export interface Finish {
  playerId: string;
  place: number;
  prize: number;
  /** How many players shared these places and their prizes (1 when nobody tied). */
  tiedWith: number;
}

/**
 * Places and prizes for the players busted in one hand. `playersLeft` counts the players still in
 * the tournament when the hand began (the busted ones included), so the busted take places
 * `playersLeft - busted.length + 1` … `playersLeft`. List the busted clockwise from the first seat
 * left of the button: that order breaks nothing but the odd tugrik of a shared prize.
 */
export function finishingPlaces(
  busted: readonly Bust[],
  playersLeft: number,
  payouts: readonly Payout[],
): Finish[] {
  if (!Number.isSafeInteger(playersLeft) || playersLeft < busted.length || playersLeft < 1)
    throw new Error('playersLeft must count every player still in, the busted ones included');
  if (busted.length >= playersLeft) throw new Error('Somebody must survive the hand');
  // A stable sort keeps the caller's order inside a tie.
  const ranked = busted
    .map((bust, order) => ({ bust, order }))
    .sort((a, b) => b.bust.startingStack - a.bust.startingStack || a.order - b.order);
  const finishes: Finish[] = [];
  let place = playersLeft - busted.length + 1;
  for (let i = 0; i < ranked.length;) {
    let j = i;
    while (j < ranked.length && ranked[j].bust.startingStack === ranked[i].bust.startingStack) j++;
    const tied = ranked.slice(i, j).sort((a, b) => a.order - b.order);
    let pooled = 0;
    for (let k = 0; k < tied.length; k++) pooled += prizeFor(payouts, place + k);
    const share = Math.floor(pooled / tied.length);
    const odd = pooled - share * tied.length;
    tied.forEach(({ bust }, k) => {
      finishes.push({
        playerId: bust.playerId,
        place: place + k,
        prize: share + (k < odd ? 1 : 0),
        tiedWith: tied.length,
      });
    });
    place += tied.length;
    i = j;
  }
  return finishes;
}
