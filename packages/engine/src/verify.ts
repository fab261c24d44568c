// The verifier a player (or anyone) runs on a finished hand's record, in the browser or on a server.
// Pure and browser-safe. Version 2: every opening must hash up to the deck commitment, and every card
// the record shows (board, cards shown down, the viewer's own hole cards) must be opened at the
// position the deal derivation (root, hand id, every seat's seed) says it was dealt from. Version 1:
// the revealed server seed must match its commitment and deal the visible cards.

import { formatCard, isCard, parseCard, type Card } from './cards.js';
import { commitment, deckFromSeed, isServerSeed } from './fair1.js';
import {
  dealPermutation,
  seatOrder,
  verifyOpening,
  type FairnessV2,
  type Opening,
  type PlayerSeed,
} from './fair2.js';

type CardLike = Card | string;

/** What the verifier reads of a hand record (the engine's HandRecord and the wire record both fit). */
export interface VerifiableHand {
  handNumber: number;
  variant: string;
  button: number;
  smallBlindSeat: number | null;
  seats: readonly {
    seat: number;
    dealtIn: boolean;
    /** The viewer's own, or a shown seat's; empty when hidden from the viewer. */
    holeCards: readonly CardLike[];
    shownCards: readonly CardLike[] | null;
  }[];
  board: readonly CardLike[];
}

/** Version 1 (seed revealed after the hand). `version` is absent in old records. */
export interface FairnessV1 {
  version?: 1;
  serverSeed: string;
  commitment: string;
  clientSeed: string;
}

/** 'verified': every card of the kind was checked and matched; 'none': there was none to check. */
export type CheckStatus = 'verified' | 'failed' | 'none';

export type FairnessProblem =
  | { code: 'malformed'; message: string }
  /** playerSeeds must hold exactly the seats dealt in (a seat that sent no seed with ''). */
  | { code: 'seats-mismatch'; dealtIn: number[]; seeded: number[] }
  | { code: 'bad-opening'; position: number }
  | { code: 'card-not-opened'; card: string; seat: number | null }
  | { code: 'card-mismatch'; card: string; seat: number | null; position: number; opened: string };

export interface FairnessCheckV2 {
  version: 2;
  /** No check failed (see `cardsChecked`: a spectator of a hand folded before the flop sees no card). */
  ok: boolean;
  /** How many cards of the record were checked against their openings. */
  cardsChecked: number;
  deckCommitment: string;
  /** How many openings were given and how many hash up to the commitment. */
  openings: { total: number; valid: number };
  /** The board's cards were opened where the deal put them. */
  board: CheckStatus;
  /** Other seats' shown cards were opened where the deal put them. */
  shownCards: CheckStatus;
  /** The viewer's own hole cards were opened where the deal put them. */
  ownHoleCards: CheckStatus;
  /** The seed recorded for the viewer's seat ('' when it sent none); null for a viewer without a seat. */
  viewerSeed: string | null;
  /** The cards checked were dealt by the permutation keyed with these seeds (so with `viewerSeed`). */
  dealUsedSeeds: boolean;
  playerSeeds: PlayerSeed[];
  problems: FairnessProblem[];
}

export interface FairnessCheckV1 {
  version: 1;
  ok: boolean;
  /** SHA-256(serverSeed) equals the published commitment. */
  commitmentOk: boolean;
  /** The seed's deck deals every card the viewer can see; null when there was nothing to compare. */
  deckOk: boolean | null;
}

export type FairnessCheck = FairnessCheckV1 | FairnessCheckV2;

/**
 * Verifies a hand's fairness data against the record the viewer received. `viewerSeat` is the seat
 * the viewer held in the hand (null or absent for a spectator). Never throws.
 */
export function verifyHandFairness(
  hand: VerifiableHand,
  fairness: FairnessV1 | FairnessV2,
  options: { viewerSeat?: number | null } = {},
): FairnessCheck {
  const viewerSeat = options.viewerSeat ?? null;
  if (fairness && (fairness as FairnessV2).version === 2)
    return verifyV2(hand, fairness as FairnessV2, viewerSeat);
  return verifyV1(hand, fairness as FairnessV1);
}

/** Where each seat's hole cards and the board were dealt from: dealt index = j × n + i, board after. */
export function dealLayout(hand: VerifiableHand): { order: number[]; perSeat: number } {
  const dealtIn = hand.seats
    .filter((s) => s.dealtIn)
    .map((s) => s.seat)
    .sort((a, b) => a - b);
  const first =
    hand.smallBlindSeat !== null && dealtIn.includes(hand.smallBlindSeat)
      ? hand.smallBlindSeat
      : (dealtIn.find((seat) => seat > hand.button) ?? dealtIn[0]);
  const order = [...dealtIn.filter((seat) => seat >= first), ...dealtIn.filter((seat) => seat < first)];
  return { order, perSeat: hand.variant === 'holdem-nl' ? 2 : 4 };
}

interface VisibleCard {
  /** Index in the dealing order (a card of a partly shown hand: any of the seat's indexes). */
  dealt: number[];
  card: Card;
  kind: 'board' | 'shown' | 'own';
  seat: number | null;
}

/** Every card the record shows, with the index in the dealing order it was dealt from. */
function visibleCards(hand: VerifiableHand, viewerSeat: number | null): VisibleCard[] {
  const { order, perSeat } = dealLayout(hand);
  const n = order.length;
  const out: VisibleCard[] = [];
  for (const seat of hand.seats) {
    const i = order.indexOf(seat.seat);
    if (i < 0) continue;
    const cards = seat.holeCards.length > 0 ? seat.holeCards : (seat.shownCards ?? []);
    const kind = seat.seat === viewerSeat ? 'own' : 'shown';
    const anyOf = Array.from({ length: perSeat }, (_, j) => j * n + i);
    const partial = cards.length < perSeat;
    cards.forEach((card, j) =>
      out.push({ dealt: partial ? anyOf : [j * n + i], card: toCard(card), kind, seat: seat.seat }),
    );
  }
  hand.board.forEach((card, b) =>
    out.push({ dealt: [perSeat * n + b], card: toCard(card), kind: 'board', seat: null }),
  );
  return out;
}

function verifyV2(hand: VerifiableHand, fairness: FairnessV2, viewerSeat: number | null): FairnessCheckV2 {
  const problems: FairnessProblem[] = [];
  const openings: readonly Opening[] = Array.isArray(fairness.openings) ? fairness.openings : [];
  const report: FairnessCheckV2 = {
    version: 2,
    ok: false,
    cardsChecked: 0,
    deckCommitment: String(fairness.deckCommitment),
    openings: { total: openings.length, valid: 0 },
    board: 'none',
    shownCards: 'none',
    ownHoleCards: 'none',
    viewerSeed: null,
    dealUsedSeeds: false,
    playerSeeds: [],
    problems,
  };
  let pi: number[];
  let cards: VisibleCard[];
  try {
    report.playerSeeds = seatOrder(fairness.playerSeeds ?? []);
    pi = dealPermutation(fairness.deckCommitment, fairness.handId, report.playerSeeds);
    cards = visibleCards(hand, viewerSeat);
  } catch (error) {
    problems.push({ code: 'malformed', message: error instanceof Error ? error.message : String(error) });
    return report;
  }
  report.viewerSeed = report.playerSeeds.find((s) => s.seat === viewerSeat)?.seed ?? null;
  const dealtIn = dealLayout(hand).order.sort((a, b) => a - b);
  const seeded = report.playerSeeds.map((s) => s.seat);
  if (dealtIn.join() !== seeded.join()) problems.push({ code: 'seats-mismatch', dealtIn, seeded });

  const openedAt = new Map<number, Opening>();
  for (const opening of openings) {
    if (verifyOpening(fairness.deckCommitment, opening)) {
      report.openings.valid++;
      openedAt.set(opening.position, opening);
    } else {
      problems.push({ code: 'bad-opening', position: Number(opening?.position) });
    }
  }

  const status: Record<VisibleCard['kind'], CheckStatus> = { board: 'none', shown: 'none', own: 'none' };
  for (const visible of cards) {
    const positions = visible.dealt.map((d) => pi[d]).filter((p) => p !== undefined);
    const position =
      positions.find((p) => safeParse(openedAt.get(p)?.card) === visible.card) ??
      positions.find((p) => openedAt.has(p)) ??
      positions[0];
    const opening = position === undefined ? undefined : openedAt.get(position);
    const card = formatCard(visible.card);
    let good = false;
    if (!opening) problems.push({ code: 'card-not-opened', card, seat: visible.seat });
    else if (safeParse(opening.card) !== visible.card) {
      problems.push({ code: 'card-mismatch', card, seat: visible.seat, position, opened: opening.card });
    } else good = true;
    status[visible.kind] = !good ? 'failed' : status[visible.kind] === 'failed' ? 'failed' : 'verified';
  }
  report.board = status.board;
  report.shownCards = status.shown;
  report.ownHoleCards = status.own;
  report.cardsChecked = cards.length;
  report.ok = problems.length === 0;
  report.dealUsedSeeds = report.ok && cards.length > 0;
  return report;
}

function verifyV1(hand: VerifiableHand, fairness: FairnessV1): FairnessCheckV1 {
  const failed: FairnessCheckV1 = { version: 1, ok: false, commitmentOk: false, deckOk: false };
  try {
    if (!fairness || !isServerSeed(fairness.serverSeed) || typeof fairness.commitment !== 'string')
      return failed;
    const commitmentOk = commitment(fairness.serverSeed) === fairness.commitment.toLowerCase();
    if (!commitmentOk) return failed;
    const cards = visibleCards(hand, null);
    if (cards.length === 0) return { version: 1, ok: true, commitmentOk, deckOk: null };
    const deck = deckFromSeed(fairness.serverSeed, fairness.clientSeed, hand.handNumber);
    const deckOk = cards.every((c) => c.dealt.some((d) => deck[d] === c.card));
    return { version: 1, ok: deckOk, commitmentOk, deckOk };
  } catch {
    return failed;
  }
}

function toCard(card: CardLike): Card {
  if (typeof card === 'string') return parseCard(card);
  if (!isCard(card)) throw new RangeError(`Not a card: ${String(card)}`);
  return card;
}

function safeParse(text: unknown): Card | null {
  try {
    return parseCard(text as string);
  } catch {
    return null;
  }
}
