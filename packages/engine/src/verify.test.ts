import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCard, parseCards } from './cards.js';
import { commitment, deckFromSeed } from './fair1.js';
import { commitDeck } from './fair.js';
import { dealtDeck, fairnessRecord, type FairnessV2, type PlayerSeed } from './fair2.js';
import { dealtHandArb } from './fair2.testkit.js';
import { applyAction, createHand } from './hand.js';
import type { HandConfig, HandState } from './hand-types.js';
import { openingsForRecord } from './openings.js';
import { handRecord, redactRecord, type HandRecord } from './record.js';
import { verifyHandFairness, type FairnessCheckV2 } from './verify.js';

const HAND_ID = '0b7c6a52-1d1e-4d8e-9a43-5e0f3b9c2a10';
const SEEDS: PlayerSeed[] = [
  { seat: 1, userId: 7, seed: 'typed by me in Settings' },
  { seat: 4, userId: 8, seed: '' },
  { seat: 6, userId: 9, seed: 'f00d' },
];

/** A three-way hand to showdown between seats 1 and 6 (the loser may muck); seat 4 folds preflop. */
function showdownHand() {
  const committed = commitDeck();
  const config: HandConfig = {
    variant: 'holdem-nl',
    seats: SEEDS.map((s) => ({ seat: s.seat, playerId: String(s.userId), stack: 1000 })),
    button: 4,
    smallBlind: 5,
    bigBlind: 10,
    deck: dealtDeck(committed, HAND_ID, SEEDS),
    handNumber: 12,
    deckCommitment: committed.deckCommitment,
  };
  let state = (createHand(config) as { state: HandState }).state;
  while (state.phase !== 'complete') {
    const seat = state.toAct!;
    const legal = state.legal!.actions.map((a) => a.type);
    const type = seat === 4 && legal.includes('fold') ? 'fold' : legal.includes('check') ? 'check' : 'call';
    state = (applyAction(state, { seat, type }) as { state: HandState }).state;
  }
  return { committed, record: handRecord(state)! };
}

function fairnessFor(hand: ReturnType<typeof showdownHand>, viewer: number | null): FairnessV2 {
  return fairnessRecord(
    hand.committed,
    HAND_ID,
    SEEDS,
    openingsForRecord(hand.committed, hand.record, viewer),
  );
}

function check(record: HandRecord, fairness: FairnessV2, viewerSeat: number | null): FairnessCheckV2 {
  return verifyHandFairness(redactRecord(record, viewerSeat), fairness, { viewerSeat }) as FairnessCheckV2;
}

describe('verifying a version 2 hand', () => {
  it('confirms the board, the shown cards, the viewer’s own hole cards and that the deal used the viewer’s seed', () => {
    const hand = showdownHand();
    const result = check(hand.record, fairnessFor(hand, 1), 1);
    const sixShowed = hand.record.seats.find((s) => s.seat === 6)!.shownCards !== null;
    expect(result).toMatchObject({
      version: 2,
      ok: true,
      board: 'verified',
      shownCards: sixShowed ? 'verified' : 'none',
      ownHoleCards: 'verified',
      viewerSeed: 'typed by me in Settings',
      dealUsedSeeds: true,
      problems: [],
    });
    expect(result.cardsChecked).toBe(5 + 2 + (sixShowed ? 2 : 0));
    expect(hand.record.seats.find((s) => s.seat === 4)!.folded).toBe(true);
    expect(result.playerSeeds.map((s) => s.seed)).toEqual(['typed by me in Settings', '', 'f00d']);
  });

  it('confirms a folded player’s own cards to him, records his empty seed, and gives a spectator only public cards', () => {
    const hand = showdownHand();
    const folded = check(hand.record, fairnessFor(hand, 4), 4);
    expect(folded).toMatchObject({ ok: true, ownHoleCards: 'verified', viewerSeed: '' });
    const spectator = check(hand.record, fairnessFor(hand, null), null);
    const shown = hand.record.seats.filter((s) => s.shownCards).length;
    expect(shown).toBeGreaterThan(0);
    expect(spectator).toMatchObject({
      ok: true,
      ownHoleCards: 'none',
      viewerSeed: null,
      cardsChecked: 5 + 2 * shown,
    });
    expect(fairnessFor(hand, null).openings).toHaveLength(5 + 2 * shown);
  });

  it('reads the wire record too: cards as text', () => {
    const hand = showdownHand();
    const redacted = redactRecord(hand.record, 6);
    const wire = {
      ...redacted,
      seats: redacted.seats.map((s) => ({
        ...s,
        holeCards: s.holeCards.map(formatCard),
        shownCards: s.shownCards && s.shownCards.map(formatCard),
      })),
      board: redacted.board.map(formatCard),
    };
    expect(verifyHandFairness(wire, fairnessFor(hand, 6), { viewerSeat: 6 }).ok).toBe(true);
  });

  it('fails when any opened card, salt, path element, seed, the hand id or the root is changed', () => {
    const hand = showdownHand();
    const honest = fairnessFor(hand, 1);
    const copy = (): FairnessV2 => JSON.parse(JSON.stringify(honest));
    const tampered: [string, FairnessV2][] = [];
    honest.openings.forEach((o, i) => {
      let f = copy();
      f.openings[i].card = formatCard((parseCards(o.card)[0] + 1) % 52);
      tampered.push([`card of opening ${i}`, f]);
      f = copy();
      f.openings[i].salt = (o.salt[0] === '0' ? '1' : '0') + o.salt.slice(1);
      tampered.push([`salt of opening ${i}`, f]);
      o.path.forEach((element, j) => {
        f = copy();
        f.openings[i].path[j] =
          (element[5] === 'a' ? 'b' : 'a').padStart(6, element.slice(0, 5)) + element.slice(6);
        tampered.push([`path element ${j} of opening ${i}`, f]);
      });
    });
    SEEDS.forEach((_, i) => {
      const f = copy();
      f.playerSeeds[i].seed += 'x';
      tampered.push([`seed of seat ${SEEDS[i].seat}`, f]);
    });
    let f = copy();
    f.handId = HAND_ID.replace('0b', '0c');
    tampered.push(['hand id', f]);
    f = copy();
    f.deckCommitment = commitDeck().deckCommitment;
    tampered.push(['root', f]);
    f = copy();
    f.openings.pop();
    tampered.push(['a missing opening', f]);
    for (const [what, fairness] of tampered) {
      expect(check(hand.record, fairness, 1).ok, what).toBe(false);
    }
  });

  it('fails when a seat dealt in is missing from the seeds, or a seat not dealt in is added', () => {
    const hand = showdownHand();
    const honest = fairnessFor(hand, 1);
    const missing = { ...honest, playerSeeds: honest.playerSeeds.filter((s) => s.seat !== 4) };
    expect(check(hand.record, missing, 1).problems[0]).toMatchObject({ code: 'seats-mismatch' });
    const extra = { ...honest, playerSeeds: [...honest.playerSeeds, { seat: 8, userId: 1, seed: '' }] };
    expect(check(hand.record, extra, 1).ok).toBe(false);
  });

  it('fails when the record’s board or hole cards are changed', () => {
    const hand = showdownHand();
    const fairness = fairnessFor(hand, 1);
    const board = { ...hand.record, board: [...hand.record.board].reverse() };
    expect(check(board, fairness, 1)).toMatchObject({ ok: false, board: 'failed' });
    const seats = hand.record.seats.map((s) =>
      s.seat === 1 ? { ...s, holeCards: [...s.holeCards].reverse() } : s,
    );
    expect(check({ ...hand.record, seats }, fairness, 1)).toMatchObject({
      ok: false,
      ownHoleCards: 'failed',
    });
  });

  it('verifies every viewer of random hands (folds, mucks, all-ins, Omaha)', () => {
    fc.assert(
      fc.property(dealtHandArb, ({ committed, handId, seeds, states }) => {
        const record = handRecord(states[states.length - 1])!;
        for (const viewer of [null, ...record.seats.map((s) => s.seat)]) {
          const fairness = fairnessRecord(
            committed,
            handId,
            seeds,
            openingsForRecord(committed, record, viewer),
          );
          const result = verifyHandFairness(redactRecord(record, viewer), fairness, { viewerSeat: viewer });
          expect(result.ok).toBe(true);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('never throws on malformed fairness data, it reports it', () => {
    const hand = showdownHand();
    const bad = [
      { version: 2 },
      { version: 2, handId: 1, deckCommitment: 'zz', playerSeeds: 'x', openings: null },
      { ...fairnessFor(hand, 1), playerSeeds: [SEEDS[0], SEEDS[0]] },
      { ...fairnessFor(hand, 1), openings: [null, 5, { position: 'x' }] },
    ];
    for (const fairness of bad) {
      const result = verifyHandFairness(hand.record, fairness as unknown as FairnessV2, { viewerSeat: 1 });
      expect(result.ok).toBe(false);
    }
  });
});

describe('verifying a version 1 hand (seed revealed), as before', () => {
  const serverSeed = 'c'.repeat(64);
  const config: Omit<HandConfig, 'deck'> = {
    variant: 'holdem-nl',
    seats: [
      { seat: 0, playerId: 'a', stack: 100 },
      { seat: 2, playerId: 'b', stack: 100 },
    ],
    button: 0,
    smallBlind: 5,
    bigBlind: 10,
    handNumber: 33,
  };
  function v1Hand() {
    let state = (
      createHand({ ...config, deck: deckFromSeed(serverSeed, 't:33:salt', 33) }) as { state: HandState }
    ).state;
    while (state.phase !== 'complete') {
      const legal = state.legal!.actions.map((a) => a.type);
      state = (
        applyAction(state, { seat: state.toAct!, type: legal.includes('check') ? 'check' : 'call' }) as {
          state: HandState;
        }
      ).state;
    }
    return handRecord(state)!;
  }
  const fairness = { serverSeed, commitment: commitment(serverSeed), clientSeed: 't:33:salt' };

  it('verifies the commitment and every visible card', () => {
    expect(verifyHandFairness(redactRecord(v1Hand(), null), fairness)).toEqual({
      version: 1,
      ok: true,
      commitmentOk: true,
      deckOk: true,
    });
  });

  it('fails a wrong seed, a wrong commitment or a moved card', () => {
    const record = v1Hand();
    expect(verifyHandFairness(record, { ...fairness, clientSeed: 'other' }).ok).toBe(false);
    expect(verifyHandFairness(record, { ...fairness, commitment: commitment('d'.repeat(64)) }).ok).toBe(
      false,
    );
    expect(verifyHandFairness({ ...record, board: [...record.board].reverse() }, fairness).ok).toBe(false);
  });
});
