// The leak hunter must catch a leak: given the secret it recovers the deal (so a whole-server test that
// finds nothing means nothing was sent, not that the hunter is blind).
import { describe, expect, it } from 'vitest';
import {
  commitDeck,
  dealPermutation,
  deckFromSeed,
  formatCard,
  newServerSeed,
  openPosition,
} from '@tenger/engine';
import {
  Harvest,
  huntDerivations,
  huntDirect,
  shuffleStartsWith,
  v1Bytes,
  v2Bytes,
  type SecretHand,
} from './cardHunter.js';

const HAND_ID = '0b7f3c52-2d4e-4c8a-9a51-7f0e1f9d2c11';

function v1Hand(serverSeed: string, clientSeed: string): SecretHand {
  const deck = deckFromSeed(serverSeed, clientSeed, 7).map(formatCard);
  return { handId: HAND_ID, handNumber: 7, tableId: 3, dealt: deck.slice(0, 9) };
}

describe('the card hunter', () => {
  it('recovers a version 1 deal from a revealed server seed and client seed', () => {
    const serverSeed = newServerSeed();
    const hand = v1Hand(serverSeed, '3:7:f00dfeed');
    const sent = new Harvest().add({ type: 'hand-result', serverSeed, clientSeed: '3:7:f00dfeed' });
    expect(huntDerivations(hand, sent).findings.map((f) => f.kind)).toContain('deckFromSeed');
    // Only the salt of the client seed sent: the hunter builds `table:hand:salt` itself.
    const saltOnly = new Harvest().add({ seed: serverSeed, salt: 'f00dfeed' });
    expect(huntDerivations(hand, saltOnly).findings).not.toHaveLength(0);
    // The commitment instead of the seed recovers nothing.
    const safe = new Harvest().add({ commitment: 'ab'.repeat(32), clientSeed: '3:7:f00dfeed' });
    expect(huntDerivations(hand, safe).findings).toEqual([]);
  });

  it('recovers a version 2 deal only when the committed deck leaks', () => {
    const committed = commitDeck();
    const seeds = [
      { seat: 0, userId: 1, seed: 'alice' },
      { seat: 3, userId: 2, seed: '' },
    ];
    const pi = dealPermutation(committed.deckCommitment, HAND_ID, seeds);
    const dealt = pi.slice(0, 9).map((p) => formatCard(committed.deck[p]));
    const hand: SecretHand = { handId: HAND_ID, handNumber: 7, tableId: 3, dealt, committed };
    const fairness = { deckCommitment: committed.deckCommitment, handId: HAND_ID, playerSeeds: seeds };
    const { findings, derivations } = huntDerivations(hand, new Harvest().add(fairness));
    expect(findings).toEqual([]);
    expect(derivations).toBeGreaterThan(10);
    const leaked = new Harvest().add({ ...fairness, deck: committed.deck.map(formatCard) });
    expect(huntDerivations(hand, leaked).findings.map((f) => f.kind)).toContain('dealPermutation');
    // The deck as one line of text is found too.
    const asText = new Harvest().add({ ...fairness, note: committed.deck.map(formatCard).join(' ') });
    expect(huntDerivations(hand, asText).findings).not.toHaveLength(0);
  });

  it("derives what the engine's deckFromSeed and dealPermutation derive (node:crypto, stopping early)", () => {
    for (let i = 0; i < 300; i++) {
      const m = 1 + (i % 24);
      // A prefix the derivation dealt, and the same with its last card changed to a later one.
      const check = (bytes: () => () => number, full: number[]) => {
        expect(shuffleStartsWith(bytes(), full.slice(0, m))).toBe(true);
        const changed = [...full.slice(0, m - 1), full[m + (i % (52 - m))]];
        expect(shuffleStartsWith(bytes(), changed)).toBe(false);
      };
      const serverSeed = newServerSeed();
      check(() => v1Bytes(serverSeed, `c${i}`, i), deckFromSeed(serverSeed, `c${i}`, i));
      const commitment = commitDeck().deckCommitment;
      const seeds = [
        { seat: i % 9, userId: 1, seed: `s${i}` },
        { seat: 9, userId: 2, seed: '' },
      ];
      check(() => v2Bytes(commitment, `h${i}`, seeds), dealPermutation(commitment, `h${i}`, seeds));
      // Another hand's inputs do not deal this one.
      const other = dealPermutation(commitment, `h${i + 1}`, seeds);
      expect(shuffleStartsWith(v2Bytes(commitment, `h${i}`, seeds), other.slice(0, 9))).toBe(false);
    }
  });

  it('finds a hidden card as text, as an opening and by its salt', () => {
    const committed = commitDeck();
    const hand: SecretHand = { handId: HAND_ID, handNumber: 1, tableId: 1, dealt: [], committed };
    const hidden = [formatCard(committed.deck[5])];
    expect(huntDirect(hand, hidden, new Harvest().add({ text: 'nothing here' }))).toEqual([]);
    const named = huntDirect(hand, hidden, new Harvest().add({ text: `Seat 2 mucked [${hidden[0]} 2c]` }));
    expect(new Set(named.map((f) => f.kind))).toEqual(new Set(['text']));
    const opened = huntDirect(hand, hidden, new Harvest().add({ openings: [openPosition(committed, 5)] }));
    expect(new Set(opened.map((f) => f.kind))).toEqual(new Set(['opening', 'salt', 'text']));
    const saltInside = huntDirect(hand, hidden, new Harvest().add(`x${committed.salts[5]}y`));
    expect(saltInside.map((f) => f.kind)).toEqual(['salt']);
  });
});
