// An attacker for leak tests: given everything one viewer received about a hand (frames, API answers),
// try to learn a card the viewer must never see (another player's folded or mucked hole cards).
// It looks for the card as text, for an opening or salt of it, and it feeds every value received to
// the old derivation (version 1: deckFromSeed with any value as server seed and any as client seed)
// and to the new one (version 2: any value as deck commitment and as hand id, with the seeds received
// or none, applied to the ordered deck or to any 52-card list received). A derived deck counts as a
// recovery when it reproduces the whole deal (every hole card at its dealt position and the board):
// what a real derivation gives and a random one never does.
//
// The hunt runs millions of derivations, so it computes them with node:crypto's HMAC-SHA-256 and
// stops a shuffle as soon as it cannot deal the hand (a card the deal needs fixed at a later
// position): `derivedDeals` answers exactly what deriving the whole deck with the engine's
// deckFromSeed / dealPermutation and comparing would (cardHunter.test.ts checks both against each other).
import { createHash, createHmac } from 'node:crypto';
import {
  formatCard,
  parseCard,
  seatOrder,
  type Card,
  type HandRecord,
  type PlayerSeed,
} from '@tenger/engine';

const CARD = /^[2-9TJQKA][cdhs]$/;
const CARD_TOKEN = /\b[2-9TJQKA][cdhs]\b/g;
const HEX_RUN = /[0-9a-fA-F]{64,}/g;
const ORDERED: string[] = Array.from({ length: 52 }, (_, i) => formatCard(i as Card));

export interface SeenOpening {
  position: number;
  card: string;
  salt: string;
}

/** Every value found in what a viewer received: strings (and their tokens), numbers, keys, structures. */
export class Harvest {
  readonly strings = new Set<string>();
  readonly numbers = new Set<number>();
  readonly openings: SeenOpening[] = [];
  /** Lists of 52 distinct cards (a leaked deck would look like this), as card text. */
  readonly cardLists: string[][] = [];
  /** Lists of { seat, seed } (the fairness record's playerSeeds). */
  readonly seedLists: PlayerSeed[][] = [];

  add(value: unknown, depth = 0): this {
    if (depth > 64) return this;
    if (typeof value === 'string') this.addString(value, depth);
    else if (typeof value === 'number' || typeof value === 'bigint') this.numbers.add(Number(value));
    else if (Array.isArray(value)) {
      const cards = value.filter((v): v is string => typeof v === 'string' && CARD.test(v));
      if (new Set(cards).size >= 52) this.cardLists.push(cards);
      if (
        value.length > 0 &&
        value.every(
          (v) => v && typeof v === 'object' && typeof v.seat === 'number' && typeof v.seed === 'string',
        )
      )
        this.seedLists.push(value as PlayerSeed[]);
      for (const v of value) this.add(v, depth + 1);
    } else if (value && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      if (typeof o.position === 'number' && typeof o.card === 'string' && typeof o.salt === 'string')
        this.openings.push({ position: o.position, card: o.card, salt: o.salt });
      for (const [key, v] of Object.entries(o)) {
        this.strings.add(key);
        this.add(v, depth + 1);
      }
    }
    return this;
  }

  merge(other: Harvest): this {
    other.strings.forEach((s) => this.strings.add(s));
    other.numbers.forEach((n) => this.numbers.add(n));
    this.openings.push(...other.openings);
    this.cardLists.push(...other.cardLists);
    this.seedLists.push(...other.seedLists);
    return this;
  }

  private addString(text: string, depth: number): void {
    if (this.strings.has(text)) return;
    this.strings.add(text);
    const trimmed = text.trim();
    if ((trimmed.startsWith('{') || trimmed.startsWith('[')) && trimmed.length > 1) {
      try {
        this.add(JSON.parse(trimmed), depth + 1);
      } catch {
        // not JSON: only text
      }
    }
    if (/[\s,;|()[\]{}"'=<>]/.test(text)) {
      for (const token of text.split(/[\s,;|()[\]{}"'=<>]+/)) if (token) this.strings.add(token);
      const cards = text.match(CARD_TOKEN) ?? [];
      if (new Set(cards).size >= 52) this.cardLists.push(cards);
    }
  }

  /** Candidate 64-hex secrets: every 64-character hex string, and the ends of longer hex runs. */
  hex64(): string[] {
    const found = new Set<string>();
    for (const s of this.strings)
      for (const [run] of s.matchAll(HEX_RUN)) {
        found.add(run.slice(0, 64).toLowerCase());
        found.add(run.slice(-64).toLowerCase());
      }
    return [...found];
  }

  /** Candidate client seeds / hand ids: every string of a sensible length and every number as text. */
  texts(maxLength = 256): string[] {
    const out = new Set<string>(['']);
    for (const s of this.strings) if (s.length <= maxLength) out.add(s);
    for (const n of this.numbers) out.add(String(n));
    return [...out];
  }
}

/** The deal as a dealer laid it out: card k dealt (hole cards round the table, then the board). */
export function dealtSequence(record: HandRecord): string[] {
  const holes = record.history.flatMap((e) => (e.kind === 'deal-hole' ? [e.cards] : []));
  const n = holes.length;
  const dealt: string[] = [];
  const perSeat = holes[0]?.length ?? 0;
  for (let j = 0; j < perSeat; j++) for (let i = 0; i < n; i++) dealt[j * n + i] = formatCard(holes[i][j]);
  return dealt.concat(record.board.map(formatCard));
}

/** Hole cards of `record` that `viewerUserId` may never see: others' cards that were not shown down. */
export function hiddenCards(record: HandRecord, viewerUserId: number | null): string[] {
  return record.seats
    .filter((s) => s.dealtIn && !s.shownCards && Number(s.playerId) !== viewerUserId)
    .flatMap((s) => s.holeCards.map(formatCard));
}

export interface SecretHand {
  handId: string;
  handNumber: number;
  tableId: number | string;
  /** card k dealt, from dealtSequence(). */
  dealt: string[];
  /** The committed deck D and salts (version 2), for the salt check. */
  committed?: { deck: readonly Card[]; salts: readonly string[] };
}

export interface Finding {
  kind: 'text' | 'opening' | 'salt' | 'deckFromSeed' | 'dealPermutation';
  detail: string;
}

/** What one viewer's values reveal of the cards hidden from it: texts, openings and salts. */
export function huntDirect(hand: SecretHand, hidden: readonly string[], seen: Harvest): Finding[] {
  const findings: Finding[] = [];
  const secret = new Set(hidden);
  for (const s of seen.strings)
    for (const card of s.match(CARD_TOKEN) ?? [])
      if (secret.has(card)) findings.push({ kind: 'text', detail: `${card} in "${s.slice(0, 120)}"` });
  for (const o of seen.openings)
    if (secret.has(o.card)) findings.push({ kind: 'opening', detail: `${o.card} at ${o.position}` });
  if (hand.committed) {
    const { deck, salts } = hand.committed;
    deck.forEach((card, position) => {
      if (!secret.has(formatCard(card))) return;
      for (const s of seen.strings)
        if (s.includes(salts[position]))
          findings.push({ kind: 'salt', detail: `salt of ${formatCard(card)}` });
    });
  }
  return findings;
}

/** A derivation's byte stream: HMAC-SHA-256 blocks, one per counter, read byte by byte. */
type ByteStream = () => number;

/** Version 1 (deckFromSeed): blocks HMAC(serverSeed, `client:hand:counter`). */
export function v1Bytes(serverSeed: string, clientSeed: string, handNumber: number): ByteStream {
  let block: Buffer = Buffer.alloc(0);
  let used = 0;
  let counter = 0;
  return () => {
    if (used === block.length) {
      block = createHmac('sha256', serverSeed).update(`${clientSeed}:${handNumber}:${counter++}`).digest();
      used = 0;
    }
    return block[used++]!;
  };
}

/** Version 2 (dealPermutation): blocks HMAC(dealKey(...), uint32 counter). */
export function v2Bytes(deckCommitment: string, handId: string, seeds: readonly PlayerSeed[]): ByteStream {
  return v2BytesOf(Buffer.from(deckCommitment, 'hex'), lengthPrefixed(handId), seedsPart(seeds));
}

/** u32 length ‖ UTF-8 text, as dealKey frames the hand id and each seed. */
function lengthPrefixed(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const out = Buffer.alloc(4 + bytes.length);
  out.writeUInt32BE(bytes.length);
  bytes.copy(out, 4);
  return out;
}

/** dealKey's seed part: per seat ascending, u8 seat ‖ u32 length ‖ seed (checked as the engine does). */
function seedsPart(seeds: readonly PlayerSeed[]): Buffer {
  return Buffer.concat(seatOrder(seeds).flatMap((s) => [Buffer.of(s.seat), lengthPrefixed(s.seed)]));
}

/** The byte stream of dealKey = SHA-256(root ‖ hand id part ‖ seeds part), from parts made once. */
function v2BytesOf(root: Buffer, handIdPart: Buffer, seeds: Buffer): ByteStream {
  if (root.length !== 32) throw new RangeError('deckCommitment must be 64 hex characters');
  const key = createHash('sha256').update(root).update(handIdPart).update(seeds).digest();
  let block: Buffer = Buffer.alloc(0);
  let used = 0;
  let counter = 0;
  const counterBytes = Buffer.alloc(4);
  return () => {
    if (used === block.length) {
      counterBytes.writeUInt32BE(counter++);
      block = createHmac('sha256', key).update(counterBytes).digest();
      used = 0;
    }
    return block[used++]!;
  };
}

/**
 * Whether the engine's Fisher–Yates shuffle of 0..51 driven by `bytes` (deckFromSeed's shuffle of the
 * ordered deck, dealPermutation's π) starts with `wanted`. Position i is final once step i ran (later
 * steps swap only lower positions), so the shuffle stops at the first final value that cannot be there.
 */
export function shuffleStartsWith(bytes: ByteStream, wanted: readonly number[]): boolean {
  const m = wanted.length;
  const needed = new Uint8Array(52);
  for (const w of wanted) needed[w] = 1;
  const a = new Uint8Array(52);
  for (let i = 0; i < 52; i++) a[i] = i;
  for (let i = 51; i > 0; i--) {
    const n = i + 1;
    const limit = 256 - (256 % n);
    let byte = bytes();
    while (byte >= limit) byte = bytes();
    const j = byte % n;
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
    if (i >= m ? needed[a[i]!] === 1 : a[i] !== wanted[i]) return false;
  }
  return m === 0 || a[0] === wanted[0];
}

/** Derivation attacks, old and new, with every value as every input; returns the derivations that dealt the hand. */
export function huntDerivations(
  hand: SecretHand,
  seen: Harvest,
): { findings: Finding[]; derivations: number } {
  const findings: Finding[] = [];
  const { dealt } = hand;
  let derivations = 0;
  // Version 1 shuffles the ordered deck: card k dealt is the card numbered wanted[k].
  const dealtCards = dealt.map((c) => parseCard(c) as number);
  const hexes = seen.hex64();
  // Whole texts were also split into tokens, so single tokens (no spaces) cover every value.
  const idLike = seen.texts().filter((s) => s.length <= 100 && !/\s/.test(s));
  const composed = idLike
    .filter((s) => /^[A-Za-z0-9_-]{8,}$/.test(s))
    .map((s) => `${hand.tableId}:${hand.handNumber}:${s}`);
  const texts = [...idLike, ...composed];
  const handNumbers = [hand.handNumber];
  // Version 1: any 64-hex value as the server seed, any value (or `table:hand:value`) as the client seed.
  for (const serverSeed of hexes)
    for (const clientSeed of texts)
      for (const handNumber of handNumbers) {
        derivations++;
        if (shuffleStartsWith(v1Bytes(serverSeed, clientSeed, handNumber), dealtCards))
          findings.push({ kind: 'deckFromSeed', detail: `server ${serverSeed} client ${clientSeed}` });
      }
  // Version 2: any 64-hex value as the commitment, any id-like value as the hand id, the seeds received
  // (or every seat's seed empty), the deck taken as the ordered deck or any 52-card list received.
  const seats = [...new Set(seen.seedLists.flat().map((s) => s.seat))];
  const unique = <T>(lists: T[]) => [...new Map(lists.map((l) => [JSON.stringify(l), l])).values()];
  const seedVariants: PlayerSeed[][] = unique([
    ...seen.seedLists,
    seats.map((seat) => ({ seat, userId: 0, seed: '' })),
  ]);
  const decks = unique([ORDERED, ...seen.cardLists.map((list) => [...new Set(list)].slice(0, 52))]);
  // Card k dealt is deck[π[k]]: π must start with the positions of the dealt cards in the deck (a deck
  // that lacks one of them cannot have dealt the hand).
  const wantedPositions = decks
    .map((deck) => dealt.map((card) => deck.indexOf(card)))
    .filter((positions) => positions.every((p) => p >= 0));
  const seedParts = seedVariants.map(seedsPart);
  const idParts = idLike.map(lengthPrefixed);
  for (const commitment of hexes) {
    const root = Buffer.from(commitment, 'hex');
    for (const [i, handId] of idLike.entries())
      for (const seeds of seedParts) {
        derivations++;
        for (const wanted of wantedPositions)
          if (shuffleStartsWith(v2BytesOf(root, idParts[i]!, seeds), wanted))
            findings.push({ kind: 'dealPermutation', detail: `commitment ${commitment} hand ${handId}` });
      }
  }
  return { findings, derivations };
}
