// The randomness of the deal, and the only engine module that touches node:crypto. Everything else
// about fairness is pure and browser-safe: fair1.ts (version 1, seed reveal) and fair2.ts (version 2,
// committed deck with player seeds and per-card openings).
//
// Every shuffle is a Fisher–Yates shuffle fed by cryptographic random bytes, one byte per swap, with
// rejection sampling so that no position is favoured (a plain `byte % n` would favour small numbers).

import { randomBytes, randomFillSync } from 'node:crypto';
import { DECK_SIZE, orderedDeck, type Card } from './cards.js';
import { shuffleWith } from './fair1.js';
import { commitToDeck, SALT_BYTES, type CommittedDeck } from './fair2.js';

const SEED_BYTES = 32;

/** A freshly shuffled deck from node:crypto random bytes. */
export function shuffledDeck(): Card[] {
  return shuffleWith(orderedDeck(), nextPoolByte);
}

/** A new secret server seed (version 1): 32 random bytes as 64 lowercase hex characters. */
export function newServerSeed(): string {
  return randomBytes(SEED_BYTES).toString('hex');
}

/**
 * Version 2: a freshly shuffled secret deck D with a fresh random salt per position, and its public
 * Merkle root (`deckCommitment`). Publish the root before accepting seeds; deal with dealtDeck().
 */
export function commitDeck(): CommittedDeck {
  const salts: Uint8Array[] = [];
  const bytes = randomBytes(SALT_BYTES * DECK_SIZE);
  for (let i = 0; i < DECK_SIZE; i++) salts.push(bytes.subarray(i * SALT_BYTES, (i + 1) * SALT_BYTES));
  return commitToDeck(shuffledDeck(), salts);
}

// Random bytes come in batches so that a shuffle costs no system call; each byte is used once.
const pool = Buffer.alloc(4096);
let poolUsed = pool.length;

function nextPoolByte(): number {
  if (poolUsed === pool.length) {
    randomFillSync(pool);
    poolUsed = 0;
  }
  return pool[poolUsed++];
}
