// Provably fair, version 2: a committed deck, every player's seed in the deal, per-card openings.
// Pure and browser-safe (no platform import); the random deck and salts come from commitDeck() in
// fair.ts, the only place that touches node:crypto. The byte layout is in README.md ("Provably fair,
// version 2"); in short:
//
//   leaf_i  = SHA-256( u8(i) ‖ u8(card_i) ‖ salt_i )                 i = 0..51, salt_i 16 random bytes
//   node    = SHA-256( left ‖ right ), an odd last node of a level is carried up unchanged
//             (levels of 52, 26, 13, 7, 4, 2, 1 nodes); deckCommitment = the root, 64 hex characters
//   key     = SHA-256( root ‖ u32(len handId) ‖ handId ‖ for each seat ascending:
//                      u8(seat) ‖ u32(len seed) ‖ seed )             strings in UTF-8, u32 big-endian
//   stream  = HMAC-SHA-256(key, u32(counter)) for counter = 0, 1, 2, …, concatenated
//   π       = Fisher–Yates on [0, 1, …, 51], i = 51 down to 1, one byte b per swap, redrawn while
//             b ≥ 256 − (256 mod (i+1)); j = b mod (i+1); swap π[i], π[j]
//   card k dealt = D[π[k]]

import { DECK_SIZE, formatCard, isCard, parseCard, type Card } from './cards.js';
import { concatBytes, fromHex, hmacSha256Keyed, sha256, toHex, utf8 } from './sha256.js';

export const FAIRNESS_VERSION = 2;
/** Bytes of random salt per deck position (128 bits: a leaf cannot be opened by guessing). */
export const SALT_BYTES = 16;
/** The longest seed a player may send, in characters; a seat that sent none contributes ''. */
export const PLAYER_SEED_MAX_LENGTH = 64;

/** The server's secret for one hand: the shuffled deck D, a salt per position, and the public root. */
export interface CommittedDeck {
  /** The Merkle root of the 52 leaves: 64 lowercase hex characters, published before any seed counts. */
  deckCommitment: string;
  /** D: the 52 cards by committed position. Secret; kept for the operator's audit only. */
  deck: Card[];
  /** salt_i as lowercase hex (2 × SALT_BYTES characters). Secret. */
  salts: string[];
}

/** One seat's contribution to the deal. `seed` is '' when the seat sent none. */
export interface PlayerSeed {
  seat: number;
  userId: string | number;
  seed: string;
}

/** Proof that position `position` of the committed deck holds `card`. */
export interface Opening {
  position: number;
  /** The card as text, e.g. "As". */
  card: string;
  /** salt_position, lowercase hex. */
  salt: string;
  /** Sibling hashes from the leaf up to the root (lowercase hex), skipping levels where the node is carried up. */
  path: string[];
}

/** The fairness part of a finished hand's record, as a viewer receives it. */
export interface FairnessV2 {
  version: 2;
  /** The id the deal was keyed with (the hand's id). */
  handId: string;
  deckCommitment: string;
  /** Every seat dealt in, ascending by seat, with the seed it contributed ('' for none). */
  playerSeeds: PlayerSeed[];
  /** Only the openings this viewer may see. */
  openings: Opening[];
}

/** True for '' (no seed) or 1–64 printable ASCII characters. */
export function isPlayerSeed(seed: unknown): seed is string {
  return typeof seed === 'string' && /^[\x20-\x7e]{0,64}$/.test(seed);
}

/**
 * Commits to a deck with the given salts (pure; commitDeck() in fair.ts supplies random ones).
 * Throws a RangeError for anything but 52 distinct cards and 52 salts of SALT_BYTES bytes.
 */
export function commitToDeck(deck: readonly Card[], salts: readonly Uint8Array[]): CommittedDeck {
  assertDeck(deck);
  if (
    salts.length !== DECK_SIZE ||
    salts.some((s) => !(s instanceof Uint8Array) || s.length !== SALT_BYTES)
  ) {
    throw new RangeError(`52 salts of ${SALT_BYTES} bytes are needed`);
  }
  const leaves = deck.map((card, i) => leafBytes(i, card, salts[i]));
  return {
    deckCommitment: toHex(merkleLevels(leaves).at(-1)![0]),
    deck: [...deck],
    salts: salts.map(toHex),
  };
}

/** leaf_i as lowercase hex (for documentation and tests). */
export function leafHash(position: number, card: Card, saltHex: string): string {
  const salt = fromHex(saltHex);
  if (!salt || salt.length !== SALT_BYTES) throw new RangeError('salt must be 16 bytes of hex');
  return toHex(leafBytes(position, card, salt));
}

/** The opening of one deck position: its card, its salt and its Merkle path. */
export function openPosition(committed: CommittedDeck, position: number): Opening {
  return openPositions(committed, [position])[0];
}

/** The openings of the positions holding `cards` (each card sits at exactly one position of D). */
export function openCards(committed: CommittedDeck, cards: Iterable<Card>): Opening[] {
  const positions = new Set<number>();
  for (const card of cards) positions.add(committed.deck.indexOf(card));
  positions.delete(-1);
  return openPositions(
    committed,
    [...positions].sort((a, b) => a - b),
  );
}

/** Openings of several positions, building the tree once. */
export function openPositions(committed: CommittedDeck, positions: readonly number[]): Opening[] {
  for (const position of positions) {
    if (!Number.isInteger(position) || position < 0 || position >= DECK_SIZE) {
      throw new RangeError(`position must be 0..51, got ${position}`);
    }
  }
  if (positions.length === 0) return [];
  const levels = treeOf(committed);
  return positions.map((position) => {
    const path: string[] = [];
    let index = position;
    for (let level = 0; level < levels.length - 1; level++) {
      const nodes = levels[level];
      const carried = index === nodes.length - 1 && nodes.length % 2 === 1;
      if (!carried) path.push(toHex(nodes[index ^ 1]));
      index >>= 1;
    }
    return { position, card: formatCard(committed.deck[position]), salt: committed.salts[position], path };
  });
}

/** True exactly when the opening's card and salt hash up its path to `deckCommitment`. Never throws. */
export function verifyOpening(deckCommitment: string, opening: Opening): boolean {
  try {
    const { position, path } = opening;
    if (!Number.isInteger(position) || position < 0 || position >= DECK_SIZE || !Array.isArray(path))
      return false;
    const salt = fromHex(opening.salt);
    if (!salt || salt.length !== SALT_BYTES) return false;
    let node = leafBytes(position, parseCard(opening.card), salt);
    let index = position;
    let count = DECK_SIZE;
    let used = 0;
    while (count > 1) {
      const carried = index === count - 1 && count % 2 === 1;
      if (!carried) {
        const sibling = fromHex(path[used++] ?? '');
        if (!sibling || sibling.length !== 32) return false;
        node = index % 2 === 0 ? sha256(node, sibling) : sha256(sibling, node);
      }
      index >>= 1;
      count = Math.ceil(count / 2);
    }
    return used === path.length && toHex(node) === String(deckCommitment).toLowerCase();
  } catch {
    return false;
  }
}

/**
 * The HMAC key of the deal: SHA-256(root ‖ u32(len handId) ‖ handId ‖ per seat ascending:
 * u8(seat) ‖ u32(len seed) ‖ seed). Seeds are taken in seat order whatever order they come in.
 */
export function dealKey(deckCommitment: string, handId: string, seeds: readonly PlayerSeed[]): Uint8Array {
  const root = fromHex(deckCommitment);
  if (!root || root.length !== 32) throw new RangeError('deckCommitment must be 64 hex characters');
  if (typeof handId !== 'string') throw new RangeError('handId must be a string');
  const parts: Uint8Array[] = [root, lengthPrefixed(handId)];
  for (const s of seatOrder(seeds)) parts.push(Uint8Array.of(s.seat), lengthPrefixed(s.seed));
  return sha256(concatBytes(...parts));
}

/** π: card k of the deal is D[π[k]]. */
export function dealPermutation(
  deckCommitment: string,
  handId: string,
  seeds: readonly PlayerSeed[],
): number[] {
  const hmac = hmacSha256Keyed(dealKey(deckCommitment, handId, seeds));
  let block: Uint8Array = new Uint8Array(0);
  let used = 0;
  let counter = 0;
  const counterBytes = new Uint8Array(4);
  const counterView = new DataView(counterBytes.buffer);
  const nextByte = (): number => {
    if (used === block.length) {
      counterView.setUint32(0, counter++);
      block = hmac(counterBytes);
      used = 0;
    }
    return block[used++];
  };
  const pi = Array.from({ length: DECK_SIZE }, (_, i) => i);
  for (let i = DECK_SIZE - 1; i > 0; i--) {
    const n = i + 1;
    const limit = 256 - (256 % n);
    let byte = nextByte();
    while (byte >= limit) byte = nextByte();
    const j = byte % n;
    const t = pi[i];
    pi[i] = pi[j];
    pi[j] = t;
  }
  return pi;
}

/**
 * The deck in dealing order for createHand's `config.deck`: card k is D[π[k]]. The drop-in for
 * deckFromSeed(serverSeed, clientSeed, handNumber).
 */
export function dealtDeck(committed: CommittedDeck, handId: string, seeds: readonly PlayerSeed[]): Card[] {
  const pi = dealPermutation(committed.deckCommitment, handId, seeds);
  return pi.map((position) => committed.deck[position]);
}

/** The seeds in seat order; throws a RangeError for a repeated seat or a malformed entry. */
export function seatOrder(seeds: readonly PlayerSeed[]): PlayerSeed[] {
  const sorted = [...seeds].sort((a, b) => a.seat - b.seat);
  for (let i = 0; i < sorted.length; i++) {
    const { seat, seed } = sorted[i];
    if (!Number.isInteger(seat) || seat < 0 || seat > 255) throw new RangeError(`bad seat ${seat}`);
    if (typeof seed !== 'string') throw new RangeError(`seat ${seat}: seed must be a string`);
    if (i > 0 && sorted[i - 1].seat === seat) throw new RangeError(`seat ${seat} has two seeds`);
  }
  return sorted;
}

function leafBytes(position: number, card: Card, salt: Uint8Array): Uint8Array {
  if (!isCard(card)) throw new RangeError(`Not a card: ${card}`);
  const bytes = new Uint8Array(2 + salt.length);
  bytes[0] = position;
  bytes[1] = card;
  bytes.set(salt, 2);
  return sha256(bytes);
}

// The tree of a committed deck, built once per deck (a hand opens cards many times, per viewer).
const trees = new WeakMap<CommittedDeck, Uint8Array[][]>();

function treeOf(committed: CommittedDeck): Uint8Array[][] {
  let levels = trees.get(committed);
  if (!levels) {
    const leaves = committed.deck.map((card, i) => leafBytes(i, card, fromHex(committed.salts[i])!));
    levels = merkleLevels(leaves);
    if (toHex(levels.at(-1)![0]) !== committed.deckCommitment) {
      throw new RangeError('deck and salts do not match deckCommitment');
    }
    trees.set(committed, levels);
  }
  return levels;
}

/** Every level of the tree, leaves first, root last. */
function merkleLevels(leaves: Uint8Array[]): Uint8Array[][] {
  const levels = [leaves];
  let nodes = leaves;
  while (nodes.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < nodes.length; i += 2) {
      next.push(i + 1 < nodes.length ? sha256(nodes[i], nodes[i + 1]) : nodes[i]);
    }
    levels.push(next);
    nodes = next;
  }
  return levels;
}

function lengthPrefixed(text: string): Uint8Array {
  const bytes = utf8(text);
  const out = new Uint8Array(4 + bytes.length);
  new DataView(out.buffer).setUint32(0, bytes.length);
  out.set(bytes, 4);
  return out;
}

function assertDeck(deck: readonly Card[]): void {
  if (deck.length !== DECK_SIZE || new Set(deck).size !== DECK_SIZE || !deck.every(isCard)) {
    throw new RangeError('deck must hold the 52 distinct cards');
  }
}

/** The record's `fairness` for one viewer: pass the openings that viewer may see (openings.ts). */
export function fairnessRecord(
  committed: CommittedDeck,
  handId: string,
  seeds: readonly PlayerSeed[],
  openings: readonly Opening[],
): FairnessV2 {
  return {
    version: 2,
    handId,
    deckCommitment: committed.deckCommitment,
    playerSeeds: seatOrder(seeds).map((s) => ({ seat: s.seat, userId: s.userId, seed: s.seed })),
    openings: openings.map((o) => ({ ...o, path: [...o.path] })),
  };
}
