// Provably fair, version 1 (hands dealt before version 2; kept so that old hands still verify).
// Pure and browser-safe. The derivation (also in README.md, "Provably fair, version 1"):
//   serverSeed  = 64 lowercase hex characters (32 random bytes), secret until the hand is over
//   commitment  = SHA-256 of the serverSeed's 64 characters as text, in lowercase hex; published
//                 before the deal
//   byte stream = HMAC-SHA-256(key = serverSeed as text, message = `${clientSeed}:${handNumber}:${counter}`)
//                 for counter = 0, 1, 2, …, each digest's 32 bytes in order, concatenated
//   deck        = start from the ordered deck 2c 2d 2h 2s 3c … As (card i = rank * 4 + suit);
//                 for i = 51 down to 1: n = i + 1; take the next byte b of the stream; if
//                 b >= 256 - (256 mod n) discard it and take the next; else j = b mod n, swap deck[i]
//                 and deck[j]
//   The first card dealt is deck[0], then deck[1], and so on.

import { orderedDeck, type Card } from './cards.js';
import { hmacSha256Keyed, sha256, toHex, utf8 } from './sha256.js';

/** The public commitment to a server seed: SHA-256 of the seed text, lowercase hex. */
export function commitment(serverSeed: string): string {
  assertServerSeed(serverSeed);
  return toHex(sha256(utf8(serverSeed)));
}

/** The deck a server seed, client seed and hand number deal, exactly as derived above. */
export function deckFromSeed(serverSeed: string, clientSeed: string, handNumber: number): Card[] {
  assertServerSeed(serverSeed);
  if (typeof clientSeed !== 'string') throw new RangeError('clientSeed must be a string');
  if (!Number.isSafeInteger(handNumber) || handNumber < 0) {
    throw new RangeError(`handNumber must be a whole number ≥ 0, got ${handNumber}`);
  }
  const hmac = hmacSha256Keyed(utf8(serverSeed));
  let block: Uint8Array = new Uint8Array(0);
  let used = 0;
  let counter = 0;
  const nextByte = (): number => {
    if (used === block.length) {
      block = hmac(utf8(`${clientSeed}:${handNumber}:${counter}`));
      counter++;
      used = 0;
    }
    return block[used++];
  };
  return shuffleWith(orderedDeck(), nextByte);
}

/**
 * True exactly when the seed matches the published commitment and deals exactly this deck.
 * Never throws: malformed input is simply not verified.
 */
export function verifyDeck(
  serverSeed: string,
  commitmentHex: string,
  clientSeed: string,
  handNumber: number,
  deck: ArrayLike<number>,
): boolean {
  try {
    if (typeof commitmentHex !== 'string' || commitment(serverSeed) !== commitmentHex.toLowerCase())
      return false;
    const expected = deckFromSeed(serverSeed, clientSeed, handNumber);
    if (deck.length !== expected.length) return false;
    for (let i = 0; i < expected.length; i++) if (deck[i] !== expected[i]) return false;
    return true;
  } catch {
    return false;
  }
}

/** Fisher–Yates from the top of the deck down, one unbiased byte-sized draw per position. */
export function shuffleWith(deck: Card[], nextByte: () => number): Card[] {
  for (let i = deck.length - 1; i > 0; i--) {
    const j = uniformBelow(i + 1, nextByte);
    const card = deck[i];
    deck[i] = deck[j];
    deck[j] = card;
  }
  return deck;
}

/** A uniform integer in [0, n) for n ≤ 256: bytes from the biased tail (≥ 256 - 256 mod n) are redrawn. */
function uniformBelow(n: number, nextByte: () => number): number {
  const limit = 256 - (256 % n);
  for (;;) {
    const byte = nextByte();
    if (byte < limit) return byte % n;
  }
}

const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;

export function isServerSeed(serverSeed: unknown): serverSeed is string {
  return typeof serverSeed === 'string' && SERVER_SEED_PATTERN.test(serverSeed);
}

function assertServerSeed(serverSeed: string): void {
  if (!isServerSeed(serverSeed)) throw new RangeError('serverSeed must be 64 lowercase hex characters');
}
