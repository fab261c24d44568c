import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECK_SIZE, formatCard, orderedDeck, parseCard } from './cards.js';
import { cardByPositionChiSquare } from './chiSquare.js';
import { commitDeck } from './fair.js';
import {
  commitToDeck,
  dealKey,
  dealPermutation,
  dealtDeck,
  leafHash,
  openCards,
  openPosition,
  verifyOpening,
  type Opening,
  type PlayerSeed,
} from './fair2.js';
import { createHand } from './hand.js';

const HAND_ID = '3f2b8c1e-0000-4000-8000-000000000001';
const SEEDS: PlayerSeed[] = [
  { seat: 0, userId: 11, seed: 'my own seed' },
  { seat: 3, userId: 12, seed: '' },
  { seat: 5, userId: 13, seed: 'k7Qx' },
];
const HEAVY_TEST_TIMEOUT = 120_000;

const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const framed = (text: string) => Buffer.concat([u32(Buffer.byteLength(text)), Buffer.from(text, 'utf8')]);

/** The documented Merkle root, rebuilt with node:crypto from the README's words. */
function rootByTheBook(deck: number[], salts: string[]): string {
  let level: Buffer[] = deck.map((card, i) => sha(Buffer.from([i, card]), Buffer.from(salts[i], 'hex')));
  while (level.length > 1) {
    const next: typeof level = [];
    for (let i = 0; i < level.length; i += 2)
      next.push(i + 1 < level.length ? sha(level[i], level[i + 1]) : level[i]);
    level = next;
  }
  return level[0].toString('hex');
}

function tamperHex(hex: string, at: number): string {
  const i = at % hex.length;
  const flipped = ((parseInt(hex[i], 16) + 1) % 16).toString(16);
  return hex.slice(0, i) + flipped + hex.slice(i + 1);
}

describe('deck commitment', () => {
  it('commits to a shuffled deck of the 52 cards with a fresh 16-byte salt per position', () => {
    const committed = commitDeck();
    expect([...committed.deck].sort((a, b) => a - b)).toEqual(orderedDeck());
    expect(committed.salts).toHaveLength(DECK_SIZE);
    for (const salt of committed.salts) expect(salt).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(committed.salts).size).toBe(DECK_SIZE);
    expect(committed.deckCommitment).toMatch(/^[0-9a-f]{64}$/);
    const again = commitDeck();
    expect(again.deckCommitment).not.toBe(committed.deckCommitment);
    expect(again.salts[0]).not.toBe(committed.salts[0]);
  });

  it('hashes leaf i as SHA-256(u8 i ‖ u8 card ‖ salt) and pairs nodes up to the documented root', () => {
    const committed = commitDeck();
    expect(committed.deckCommitment).toBe(rootByTheBook(committed.deck, committed.salts));
    const salt = committed.salts[7];
    expect(leafHash(7, committed.deck[7], salt)).toBe(
      sha(Buffer.from([7, committed.deck[7]]), Buffer.from(salt, 'hex')).toString('hex'),
    );
  });

  it('opens every position with a path that verifies against the root', () => {
    const committed = commitDeck();
    for (let position = 0; position < DECK_SIZE; position++) {
      const opening = openPosition(committed, position);
      expect(opening.card).toBe(formatCard(committed.deck[position]));
      expect(opening.path.length).toBe(position >= 48 ? 4 : 6 - (position >= 48 ? 2 : 0));
      expect(verifyOpening(committed.deckCommitment, opening)).toBe(true);
    }
  });

  it('opens the positions that hold given cards, once each, in position order', () => {
    const committed = commitDeck();
    const cards = [committed.deck[40], committed.deck[2], committed.deck[40]];
    expect(openCards(committed, cards).map((o) => o.position)).toEqual([2, 40]);
  });

  it('rejects an opening with any card, salt, position, path element or root changed', () => {
    const committed = commitDeck();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 51 }),
        fc.constantFrom('card', 'salt', 'position', 'path', 'root', 'path-length'),
        fc.nat(),
        (position, what, at) => {
          const honest = openPosition(committed, position);
          let opening: Opening = { ...honest, path: [...honest.path] };
          let root = committed.deckCommitment;
          if (what === 'card') opening.card = formatCard((parseCard(honest.card) + 1 + (at % 51)) % 52);
          if (what === 'salt') opening.salt = tamperHex(honest.salt, at);
          if (what === 'position') opening.position = (position + 1 + (at % 51)) % 52;
          if (what === 'path') {
            const i = at % honest.path.length;
            opening.path[i] = tamperHex(honest.path[i], at >> 3);
          }
          if (what === 'path-length') opening = { ...opening, path: [...honest.path, honest.path[0]] };
          if (what === 'root') root = tamperHex(root, at);
          expect(verifyOpening(root, opening)).toBe(false);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('never throws on garbage openings, it only refuses them', () => {
    const root = commitDeck().deckCommitment;
    for (const bad of [null, {}, { position: 1, card: 'Zz', salt: '00', path: [] }, { position: 99 }]) {
      expect(verifyOpening(root, bad as unknown as Opening)).toBe(false);
    }
  });

  it('refuses a deck that is not the 52 distinct cards, or salts of the wrong size', () => {
    const salts = Array.from({ length: 52 }, () => new Uint8Array(16));
    expect(() => commitToDeck(orderedDeck().slice(1), salts)).toThrow(RangeError);
    expect(() => commitToDeck([0, ...orderedDeck().slice(1, 52)].fill(0, 1, 2), salts)).toThrow(RangeError);
    expect(() => commitToDeck(orderedDeck(), salts.slice(1))).toThrow(RangeError);
    expect(() => commitToDeck(orderedDeck(), [new Uint8Array(15), ...salts.slice(1)])).toThrow(RangeError);
  });
});

describe('the deal from the commitment and every seat’s seed', () => {
  const root = 'ab'.repeat(32);

  it('keys the deal with SHA-256(root ‖ u32 len ‖ handId ‖ per seat ascending: u8 seat ‖ u32 len ‖ seed)', () => {
    const expected = sha(
      Buffer.from(root, 'hex'),
      framed(HAND_ID),
      Buffer.from([0]),
      framed('my own seed'),
      Buffer.from([3]),
      framed(''),
      Buffer.from([5]),
      framed('k7Qx'),
    );
    expect(Buffer.from(dealKey(root, HAND_ID, SEEDS)).toString('hex')).toBe(expected.toString('hex'));
    expect(dealKey(root, HAND_ID, [...SEEDS].reverse())).toEqual(dealKey(root, HAND_ID, SEEDS));
  });

  it('frames the seeds so that no two different seed lists give the same key', () => {
    const key = (seeds: [number, string][]) =>
      Buffer.from(
        dealKey(
          root,
          HAND_ID,
          seeds.map(([seat, seed]) => ({ seat, userId: 1, seed })),
        ),
      ).toString('hex');
    const keys = [
      key([
        [0, 'ab'],
        [1, ''],
      ]),
      key([
        [0, 'a'],
        [1, 'b'],
      ]),
      key([
        [0, ''],
        [1, 'ab'],
      ]),
      key([[0, 'ab']]),
      key([
        [1, 'ab'],
        [0, 'x'],
      ]),
      key([
        [0, 'ab'],
        [2, ''],
      ]),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(dealKey(root, 'ab', [])).not.toEqual(dealKey(root, 'a', [{ seat: 98, userId: 1, seed: '' }]));
  });

  it('refuses a seat with two seeds', () => {
    expect(() => dealKey(root, HAND_ID, [SEEDS[0], { ...SEEDS[0], seed: 'x' }])).toThrow(RangeError);
  });

  it('shuffles [0..51] by Fisher–Yates on the HMAC(key, u32 counter) stream with rejection, as documented', () => {
    const key = Buffer.from(dealKey(root, HAND_ID, SEEDS));
    const stream: number[] = [];
    for (let counter = 0; counter < 6; counter++)
      stream.push(...createHmac('sha256', key).update(u32(counter)).digest());
    const pi = orderedDeck();
    let next = 0;
    for (let i = 51; i > 0; i--) {
      let byte = stream[next++];
      while (byte >= 256 - (256 % (i + 1))) byte = stream[next++];
      const j = byte % (i + 1);
      [pi[i], pi[j]] = [pi[j], pi[i]];
    }
    expect(dealPermutation(root, HAND_ID, SEEDS)).toEqual(pi);
  });

  it('deals card k from D[π(k)], a deck createHand accepts', () => {
    const committed = commitDeck();
    const pi = dealPermutation(committed.deckCommitment, HAND_ID, SEEDS);
    const deck = dealtDeck(committed, HAND_ID, SEEDS);
    expect(deck).toEqual(pi.map((p) => committed.deck[p]));
    const created = createHand({
      variant: 'holdem-nl',
      seats: SEEDS.map((s) => ({ seat: s.seat, playerId: String(s.userId), stack: 1000 })),
      button: 0,
      smallBlind: 5,
      bigBlind: 10,
      deck,
      handNumber: 1,
      deckCommitment: committed.deckCommitment,
    });
    expect('state' in created).toBe(true);
  });

  it('changes the deal when any seed, the hand id or the root changes', () => {
    const base = dealPermutation(root, HAND_ID, SEEDS);
    expect(
      dealPermutation(root, HAND_ID, [{ ...SEEDS[0], seed: 'my own seed!' }, SEEDS[1], SEEDS[2]]),
    ).not.toEqual(base);
    expect(dealPermutation(root, HAND_ID, [SEEDS[0], { ...SEEDS[1], seed: ' ' }, SEEDS[2]])).not.toEqual(
      base,
    );
    expect(dealPermutation(root, `${HAND_ID}x`, SEEDS)).not.toEqual(base);
    expect(dealPermutation('ac'.repeat(32), HAND_ID, SEEDS)).not.toEqual(base);
  });

  it(
    'puts every card in every position equally often for a fixed committed deck (chi-square over 200,000 deals, α = 0.01)',
    () => {
      // The server's deck D is fixed here (the worst case: a server that always commits the same
      // deck); only the hand id and one player's seed vary, so this tests π alone.
      const committed = commitToDeck(
        orderedDeck(),
        Array.from({ length: 52 }, (_, i) => new Uint8Array(16).fill(i)),
      );
      const run = (deals: number, salt: string) => {
        const counts = new Int32Array(DECK_SIZE * DECK_SIZE);
        for (let d = 0; d < deals; d++) {
          const seeds = [
            { seat: 0, userId: 1, seed: `${salt}${d}` },
            { seat: 1, userId: 2, seed: '' },
          ];
          const deck = dealtDeck(committed, `hand-${d}`, seeds);
          for (let position = 0; position < DECK_SIZE; position++)
            counts[deck[position] * DECK_SIZE + position]++;
        }
        return cardByPositionChiSquare(counts, deals);
      };
      // A fair deal is rejected one run in a hundred; a rejection is confirmed on a second sample.
      const started = performance.now();
      const first = run(200_000, 'a');
      const milliseconds = performance.now() - started;
      const result = first.statistic < first.critical ? first : run(200_000, 'b');
      console.info(
        `chi-square over 200,000 version-2 deals: ${result.statistic.toFixed(1)} < ${result.critical.toFixed(1)}, ${milliseconds.toFixed(0)} ms`,
      );
      expect(result.statistic, `p = ${result.pValue.toFixed(4)}`).toBeLessThan(result.critical);
    },
    HEAVY_TEST_TIMEOUT,
  );
});
