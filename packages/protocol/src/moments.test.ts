import { describe, expect, it } from 'vitest';
import { TableClientMessageSchema, TableEventSchema } from './table.js';

const parses = (message: unknown) => TableClientMessageSchema.safeParse(message).success;

describe('show, muck and seat options on the wire', () => {
  it('SHOW takes your cards as strings (or none: all of them); anything else is refused', () => {
    expect(parses({ type: 'SHOW' })).toBe(true);
    expect(parses({ type: 'SHOW', cards: ['As'] })).toBe(true);
    expect(parses({ type: 'SHOW', cards: [] })).toBe(false);
    expect(parses({ type: 'SHOW', cards: ['Ax'] })).toBe(false);
    expect(parses({ type: 'SHOW', cards: ['As', 'Kd', 'Qh', 'Jc', 'Ts'] })).toBe(false);
    expect(parses({ type: 'MUCK' })).toBe(true);
  });

  it('SEAT_OPTIONS takes booleans and a positive whole top-up (or null to turn it off)', () => {
    expect(parses({ type: 'SEAT_OPTIONS', options: { sitOutNextHand: true, autoTopUp: 20_000 } })).toBe(true);
    expect(parses({ type: 'SEAT_OPTIONS', options: { autoTopUp: null } })).toBe(true);
    expect(parses({ type: 'SEAT_OPTIONS', options: { autoTopUp: -5 } })).toBe(false);
    expect(parses({ type: 'SEAT_OPTIONS', options: { autoTopUp: 1.5 } })).toBe(false);
    expect(parses({ type: 'SEAT_OPTIONS', options: { autoMuck: 'yes' } })).toBe(false);
    expect(parses({ type: 'SIT', seat: 1, amount: 2_000, postNow: true })).toBe(true);
  });

  it('show-choice events name the seat, the hand, the kind and the deadline', () => {
    const ok = { type: 'show-choice', seat: 2, handNumber: 9, kind: 'winner', deadline: 1_700_000_000_000 };
    expect(TableEventSchema.safeParse(ok).success).toBe(true);
    expect(TableEventSchema.safeParse({ ...ok, kind: 'maybe' }).success).toBe(false);
    expect(TableEventSchema.safeParse({ type: 'show-choice-closed', handNumber: 9 }).success).toBe(true);
  });
});
