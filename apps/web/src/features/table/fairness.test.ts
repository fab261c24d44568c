import type { HandRecordWire } from '@tenger/protocol';
import { describe, expect, it } from 'vitest';
import { deckFromSeed, sha256Hex, verifyCommitment, verifyHand, visibleDeal } from './fairness';

// Known answers computed with the engine's own fair.ts (packages/engine) for this seed.
const SEED = '0123456789abcdef'.repeat(4);
const COMMITMENT = 'a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e';
const CLIENT_SEED = '7:3:salt';
const DECK_START = ['2d', '3h', '3c', 'Th', '5c', '4s', 'Td', '8h', 'Kh', '2c', '8d', 'Ah'];

function seat(seatIndex: number, holeCards: string[], shownCards: string[] | null) {
  return {
    seat: seatIndex,
    userId: seatIndex + 1,
    username: `p${seatIndex}`,
    startingStack: 1000,
    finalStack: 1000,
    dealtIn: true,
    holeCards,
    shownCards,
    mucked: false,
    folded: false,
    foldedOn: null,
    net: 0,
  };
}

/** The engine dealt this hand (button 0, small blind seat 2) from the deck above; redacted for seat 0. */
const record: HandRecordWire = {
  handNumber: 3,
  variant: 'holdem-nl',
  button: 0,
  smallBlind: 5,
  bigBlind: 10,
  ante: 0,
  smallBlindSeat: 2,
  bigBlindSeat: 4,
  seats: [seat(0, ['3c', '4s'], null), seat(2, [], ['2d', 'Th']), seat(4, [], null)],
  history: [],
  board: ['Td', '8h', 'Kh', '2c', '8d'],
  pots: [],
  rake: 0,
  totalPot: 30,
};

const fairness = { serverSeed: SEED, commitment: COMMITMENT, clientSeed: CLIENT_SEED };

describe('provably fair checks in the browser', () => {
  it('hashes the seed text with SHA-256 and matches the published commitment', async () => {
    expect(await sha256Hex(SEED)).toBe(COMMITMENT);
    expect(await verifyCommitment(SEED, COMMITMENT.toUpperCase())).toBe(true);
    expect(await verifyCommitment(SEED.replace('0', '1'), COMMITMENT)).toBe(false);
    expect(await verifyCommitment('not a seed', COMMITMENT)).toBe(false);
  });

  it('rebuilds the same deck as the engine from the server seed, client seed and hand number', async () => {
    const deck = await deckFromSeed(SEED, CLIENT_SEED, 3);
    const names = deck
      .slice(0, DECK_START.length)
      .map((card) => '23456789TJQKA'[Math.floor(card / 4)] + 'cdhs'[card % 4]);
    expect(names).toEqual(DECK_START);
    expect(new Set(deck).size).toBe(52);
  });

  it('places visible cards where the deal put them: round the table from the small blind, then the board', () => {
    const positions = Object.fromEntries(visibleDeal(record).map(([position, card]) => [card, position]));
    // order of dealing: seat 2 (SB), seat 4, seat 0
    expect(positions).toMatchObject({ '2d': 0, Th: 3, '3c': 2, '4s': 5, Td: 6, '8d': 10 });
  });

  it('marks an honest hand verified and a tampered one not', async () => {
    expect(await verifyHand(record, fairness)).toEqual({ commitmentOk: true, deckOk: true });
    const tampered = { ...record, board: ['Td', '8h', 'Kh', '2c', '9d'] };
    expect(await verifyHand(tampered, fairness)).toEqual({ commitmentOk: true, deckOk: false });
    expect(await verifyHand(record, { ...fairness, commitment: '00'.repeat(32) })).toEqual({
      commitmentOk: false,
      deckOk: false,
    });
  });
});
