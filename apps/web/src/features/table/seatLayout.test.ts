import { describe, expect, it } from 'vitest';
import { seatPositions } from './seatLayout';

describe('seat positions', () => {
  it.each([2, 3, 6, 9])('gives %i distinct places inside the table box', (maxSeats) => {
    const places = seatPositions(maxSeats, null);
    expect(places).toHaveLength(maxSeats);
    const keys = new Set(places.map((p) => `${p.x}:${p.y}`));
    expect(keys.size).toBe(maxSeats);
    for (const p of places) {
      for (const value of [p.x, p.y, p.betX, p.betY, p.buttonX, p.buttonY]) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(100);
      }
    }
  });

  it('turns the viewer’s seat to the bottom centre', () => {
    const places = seatPositions(6, 4);
    const bottom = places.reduce((a, b) => (b.y > a.y ? b : a));
    expect(bottom.seat).toBe(4);
    expect(bottom.x).toBe(50);
  });

  it('runs clockwise on screen: the next seat after the bottom one is on the left', () => {
    const places = seatPositions(6, 0);
    expect(places[1].x).toBeLessThan(50);
    expect(places[5].x).toBeGreaterThan(50);
  });
});
