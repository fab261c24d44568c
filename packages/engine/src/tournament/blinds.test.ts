import { describe, expect, it } from 'vitest';
import { blindSeats } from '../hand.js';
import { nextBlinds, type Stakes } from './blinds.js';

const stakes: Stakes = { smallBlind: 100, bigBlind: 200, ante: 200, anteKind: 'big-blind' };
const seatsOf = (plan: ReturnType<typeof nextBlinds>) => [
  plan.button,
  plan.smallBlindSeat,
  plan.bigBlindSeat,
];

describe('button and blinds when players bust', () => {
  it('with nobody busting the big blind, small blind and button each move one seat', () => {
    const plan = nextBlinds({ previousBigBlind: 2 }, [0, 1, 2, 3, 4, 5], stakes);
    expect(seatsOf(plan)).toEqual([1, 2, 3]);
    expect(plan.posts).toEqual([
      { seat: 3, post: 'ante', amount: 200 },
      { seat: 2, post: 'small-blind', amount: 100 },
      { seat: 3, post: 'big-blind', amount: 200 },
    ]);
  });

  it('the first hand puts the blinds on the two players after the drawn button, an empty seat skipped', () => {
    expect(seatsOf(nextBlinds({ firstButton: 4 }, [0, 2, 4, 6], stakes))).toEqual([4, 6, 0]);
    expect(seatsOf(nextBlinds({ firstButton: 5 }, [0, 2, 4, 6], stakes))).toEqual([6, 0, 2]);
  });

  it('when the big blind busts, the next player still pays the big blind and nobody skips it', () => {
    // Last hand: button 0, small blind 1, big blind 2; seat 2 busted.
    const plan = nextBlinds({ previousBigBlind: 2 }, [0, 1, 3, 4, 5], stakes);
    expect(seatsOf(plan)).toEqual([0, 1, 3]);
    // Seat 1 posts the small blind a second time and seat 0 keeps the button: the price of no dead blinds.
  });

  it('when the small blind busts, the big blind moves on as usual and the button stays put', () => {
    // Last hand: button 0, small blind 1, big blind 2; seat 1 busted.
    expect(seatsOf(nextBlinds({ previousBigBlind: 2 }, [0, 2, 3, 4, 5], stakes))).toEqual([0, 2, 3]);
  });

  it('when both blinds bust in one hand, the next player in line pays the big blind', () => {
    expect(seatsOf(nextBlinds({ previousBigBlind: 2 }, [0, 3, 4, 5], stakes))).toEqual([5, 0, 3]);
  });

  it('going heads-up, the button posts the small blind and last hand’s big blind does not pay it again', () => {
    // Last hand: button 0, small blind 4, big blind 7.
    expect(seatsOf(nextBlinds({ previousBigBlind: 7 }, [4, 7], stakes))).toEqual([7, 7, 4]); // the button busted
    expect(seatsOf(nextBlinds({ previousBigBlind: 7 }, [0, 7], stakes))).toEqual([7, 7, 0]); // the small blind busted
    expect(seatsOf(nextBlinds({ previousBigBlind: 7 }, [0, 4], stakes))).toEqual([4, 4, 0]); // the big blind busted
    for (const [previous, seats] of [
      [7, [4, 7]],
      [7, [0, 7]],
      [7, [0, 4]],
    ] as const) {
      const plan = nextBlinds({ previousBigBlind: previous }, seats, stakes);
      expect(blindSeats([...seats], plan.button)).toEqual({
        smallBlindSeat: plan.smallBlindSeat,
        bigBlindSeat: plan.bigBlindSeat,
      });
    }
    // And heads-up play then alternates.
    expect(seatsOf(nextBlinds({ previousBigBlind: 4 }, [4, 7], stakes))).toEqual([4, 4, 7]);
  });

  it('per-player antes are posted by everyone dealt in, before the blinds', () => {
    const plan = nextBlinds({ previousBigBlind: 0 }, [0, 3, 5], {
      ...stakes,
      ante: 25,
      anteKind: 'per-player',
    });
    expect(plan.posts.map((p) => [p.seat, p.post])).toEqual([
      [0, 'ante'],
      [3, 'ante'],
      [5, 'ante'],
      [0, 'small-blind'],
      [3, 'big-blind'],
    ]);
  });

  it('over random busts nobody pays the big blind twice running or is skipped, and the engine agrees on the seats', () => {
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let game = 0; game < 300; game++) {
      let seats = [0, 1, 2, 3, 4, 5, 6, 7, 8].filter(() => random() < 0.8);
      if (seats.length < 2) continue;
      let plan = nextBlinds({ firstButton: Math.floor(random() * 9) }, seats, stakes);
      while (seats.length > 2) {
        expect(blindSeats(seats, plan.button)).toEqual({
          smallBlindSeat: plan.smallBlindSeat,
          bigBlindSeat: plan.bigBlindSeat,
        });
        const previous = plan.bigBlindSeat;
        const survivors = seats.filter((s) => random() > 0.15 || s === seats[0]);
        if (survivors.length < 2) continue;
        seats = survivors;
        plan = nextBlinds({ previousBigBlind: previous }, seats, stakes);
        // The big blind goes to the first survivor clockwise after last hand's big blind.
        expect(plan.bigBlindSeat).toBe(seats.find((s) => s > previous) ?? seats[0]);
        expect(plan.bigBlindSeat).not.toBe(previous);
      }
    }
  });
});
