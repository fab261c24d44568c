import type { HandRecordWire } from '@tenger/protocol';
import { parseCard } from './cards';

/**
 * Provably fair, checked in the browser with WebCrypto (docs/protocol-table.md, engine fair.ts):
 *   commitment = SHA-256 of the server seed's text, lowercase hex;
 *   byte stream = HMAC-SHA-256(key = server seed text, message = `${clientSeed}:${handNumber}:${counter}`);
 *   deck = Fisher–Yates from the ordered deck (card = rank * 4 + suit), i from 51 down to 1, one byte per
 *   swap with rejection of b >= 256 - 256 mod n.
 * Then the cards the viewer can see (own hole cards, shown cards, the board) must be where that deck
 * dealt them: hole card j of the i-th seat dealt in is deck[j * n + i] (from the small blind), and
 * the board follows.
 */

export interface FairnessInput {
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  handNumber: number;
}

export interface FairnessResult {
  /** SHA-256(serverSeed) equals the published commitment. */
  commitmentOk: boolean;
  /** The rebuilt deck deals every card the viewer can see; null when there was nothing to compare. */
  deckOk: boolean | null;
}

const SEED_PATTERN = /^[0-9a-f]{64}$/;
const DECK_SIZE = 52;

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return toHex(new Uint8Array(digest));
}

export async function verifyCommitment(serverSeed: string, commitment: string): Promise<boolean> {
  if (!SEED_PATTERN.test(serverSeed) || typeof commitment !== 'string') return false;
  return (await sha256Hex(serverSeed)) === commitment.toLowerCase();
}

/** The deck (card integers in dealing order) a server seed, client seed and hand number deal. */
export async function deckFromSeed(
  serverSeed: string,
  clientSeed: string,
  handNumber: number,
): Promise<number[]> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  let block = new Uint8Array(0);
  let used = 0;
  let counter = 0;
  const deck = Array.from({ length: DECK_SIZE }, (_, card) => card);
  for (let i = DECK_SIZE - 1; i >= 1; i -= 1) {
    const n = i + 1;
    const limit = 256 - (256 % n);
    let b: number;
    do {
      if (used === block.length) {
        const signature = await crypto.subtle.sign(
          'HMAC',
          key,
          encoder.encode(`${clientSeed}:${handNumber}:${counter}`),
        );
        block = new Uint8Array(signature);
        counter += 1;
        used = 0;
      }
      b = block[used];
      used += 1;
    } while (b >= limit);
    const j = b % n;
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/** Which deck position dealt each visible card of the record: [position, card] pairs. */
export function visibleDeal(record: HandRecordWire): [number, string][] {
  const dealtIn = record.seats
    .filter((seat) => seat.dealtIn)
    .map((seat) => seat.seat)
    .sort((a, b) => a - b);
  const n = dealtIn.length;
  if (n === 0) return [];
  const first =
    record.smallBlindSeat !== null && dealtIn.includes(record.smallBlindSeat)
      ? record.smallBlindSeat
      : (dealtIn.find((seat) => seat > record.button) ?? dealtIn[0]);
  const order = [...dealtIn.filter((seat) => seat >= first), ...dealtIn.filter((seat) => seat < first)];
  const pairs: [number, string][] = [];
  for (const seat of record.seats) {
    if (!seat.dealtIn) continue;
    const index = order.indexOf(seat.seat);
    const cards = seat.holeCards.length > 0 ? seat.holeCards : (seat.shownCards ?? []);
    cards.forEach((card, j) => pairs.push([j * n + index, card]));
  }
  // Everyone gets the same number of hole cards: 2 in Hold'em, 4 in Omaha.
  const perSeat = record.variant === 'holdem-nl' ? 2 : 4;
  record.board.forEach((card, k) => pairs.push([perSeat * n + k, card]));
  return pairs;
}

export async function verifyHand(
  record: HandRecordWire,
  fairness: Omit<FairnessInput, 'handNumber'>,
): Promise<FairnessResult> {
  const commitmentOk = await verifyCommitment(fairness.serverSeed, fairness.commitment);
  if (!commitmentOk) return { commitmentOk, deckOk: false };
  const pairs = visibleDeal(record);
  if (pairs.length === 0) return { commitmentOk, deckOk: null };
  const deck = await deckFromSeed(fairness.serverSeed, fairness.clientSeed, record.handNumber);
  const deckOk = pairs.every(([position, card]) => {
    const parsed = parseCard(card);
    return parsed !== null && deck[position] === cardIndex(parsed.value, parsed.suit);
  });
  return { commitmentOk, deckOk };
}

function cardIndex(value: number, suit: string): number {
  return (value - 2) * 4 + 'cdhs'.indexOf(suit);
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
