import { describe, expect, it } from 'vitest';
import { parseCards } from './cards.js';
import { applyAction, arrangeDeck, createHand } from './hand.js';
import type { HandConfig, HandState } from './hand-types.js';
import { eventsFor, viewFor } from './view.js';

const base: Omit<HandConfig, 'deck'> = {
  variant: 'holdem-nl',
  seats: [
    { seat: 0, playerId: 'a', stack: 100 },
    { seat: 1, playerId: 'b', stack: 100 },
    { seat: 2, playerId: 'c', stack: 100 },
    { seat: 3, playerId: 'out', stack: 100, sittingOut: true },
  ],
  button: 0,
  smallBlind: 1,
  bigBlind: 2,
  handNumber: 3,
};
const holes = { 0: parseCards('AsAd'), 1: parseCards('KsKd'), 2: parseCards('7c2h') };
const deck = arrangeDeck(base, holes, parseCards('Qh8c3d4s9h'));

function start() {
  const created = createHand({ ...base, deck });
  if ('error' in created) throw new Error(created.error.message);
  return created;
}

function step(state: HandState, seat: number, type: 'fold' | 'check' | 'call' | 'raise', amount?: number) {
  const result = applyAction(state, { seat, type, amount });
  if ('error' in result) throw new Error(result.error.message);
  return result;
}

describe('views', () => {
  it('a seated player sees only its own hole cards', () => {
    const view = viewFor(start().state, 1);
    expect(view.seats.map((s) => s.cards)).toEqual([null, holes[1], null, null]);
    expect(view.seats.map((s) => s.cardCount)).toEqual([2, 2, 2, 0]);
  });

  it('a spectator sees no hole cards at all', () => {
    const view = viewFor(start().state, null);
    expect(view.seats.every((s) => s.cards === null)).toBe(true);
    expect(view.legal).toBeNull();
  });

  it('only the player to act gets its legal actions in its view', () => {
    const { state } = start();
    expect(viewFor(state, 0).legal?.seat).toBe(0);
    expect(viewFor(state, 1).legal).toBeNull();
  });

  it('the hole-card events are blanked for everyone but their owner', () => {
    const { events } = start();
    const seen = eventsFor(events, 2).filter((e) => e.type === 'hole-cards-dealt');
    expect(seen.map((e) => [e.seat, e.cards])).toEqual([
      [1, null],
      [2, holes[2]],
      [0, null],
    ]);
    expect(eventsFor(events, null).some((e) => e.type === 'hole-cards-dealt' && e.cards !== null)).toBe(
      false,
    );
  });

  it('cards shown at showdown become visible to everyone and mucked cards never do', () => {
    let state = start().state;
    state = step(state, 0, 'call').state;
    state = step(state, 1, 'call').state;
    state = step(state, 2, 'check').state;
    for (let street = 0; street < 3; street++) {
      state = step(state, 1, 'check').state;
      state = step(state, 2, 'check').state;
      state = step(state, 0, 'check').state;
    }
    expect(state.phase).toBe('complete');
    // Seat 1 shows first (first left of the button) with kings; seat 2 cannot beat them and mucks; aces show.
    const spectator = viewFor(state, null);
    expect(spectator.seats.map((s) => s.cards)).toEqual([holes[0], holes[1], null, null]);
    expect(spectator.seats[2].mucked).toBe(true);
    expect(viewFor(state, 2).seats[2].cards).toEqual(holes[2]);
    expect(spectator.results[0].winners).toEqual([{ seat: 0, amount: 6 }]);
  });

  it('the pot total counts the bets of the street in progress', () => {
    let state = start().state;
    state = step(state, 0, 'raise', 10).state;
    const view = viewFor(state, null);
    expect(view.potTotal).toBe(13);
    expect(view.seats[0].bet).toBe(10);
  });
});
