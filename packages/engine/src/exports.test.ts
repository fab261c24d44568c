import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCards, type Card } from './cards.js';
import { dealtHandArb } from './fair2.testkit.js';
import { toPHH } from './phh.js';
import { toPokerStars } from './pokerstars.js';
import { handRecord, redactRecord } from './record.js';

/** Every card written in a PHH text's actions (dealt, board, shown). */
function phhCards(text: string): Card[] {
  const lists = [...text.matchAll(/'(?:d dh p\d+|d db|p\d+ sm) ([^']+)'/g)].map((m) => m[1]);
  return lists.flatMap((list) => (list.includes('?') ? [] : parseCards(list)));
}

/** Every card written in a PokerStars text: all of them are in [brackets]. */
function pokerStarsCards(text: string): Card[] {
  return [...text.matchAll(/\[([^\]]+)\]/g)].flatMap((m) => parseCards(m[1]));
}

describe('hand history exports of version 2 hands', () => {
  it('carry the deck commitment and never a card the viewer may not see', () => {
    fc.assert(
      fc.property(dealtHandArb, ({ committed, states }) => {
        const record = handRecord(states[states.length - 1])!;
        for (const viewer of [null, ...record.seats.map((s) => s.seat)]) {
          const hidden = new Set<Card>();
          for (const s of record.seats)
            if (s.seat !== viewer && !s.shownCards) s.holeCards.forEach((c) => hidden.add(c));
          const phh = toPHH(record, { viewer });
          const stars = toPokerStars(redactRecord(record, viewer), { hero: viewer });
          expect(phh).toContain(`_deck_commitment = '${committed.deckCommitment}'`);
          expect(stars).toContain(`Deck commitment: ${committed.deckCommitment}`);
          for (const card of [...phhCards(phh), ...pokerStarsCards(stars)])
            expect(hidden.has(card)).toBe(false);
        }
      }),
      { numRuns: 80 },
    );
  }, 60_000);
});
