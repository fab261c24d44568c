// Provably fair, version 2, at the table (fake clock, in-memory bank): the deck is committed and
// published before any seed counts, only seated players' seeds count, and the deal uses them.
import { dealtDeck, formatCard, verifyHandFairness, type CommittedDeck } from '@tenger/engine';
import { describe, expect, it } from 'vitest';
import type { TableEvent } from '@tenger/protocol';
import { unitTable } from '../../testing/unitTable.js';

type Of<T extends TableEvent['type']> = Extract<TableEvent, { type: T }>;

describe('player seeds and the committed deck', () => {
  it('the next deck is committed and published to every viewer as soon as two can play, before the deal', async () => {
    const u = await unitTable();
    const spectator = u.player();
    const [a, b] = [u.player(), u.player()];
    await u.sit(a, 0, 5_000);
    expect(spectator.events().some((e) => e.type === 'deck-committed')).toBe(false);
    await u.sit(b, 1, 5_000);
    const committed = spectator.events().find((e) => e.type === 'deck-committed') as Of<'deck-committed'>;
    expect(committed.deckCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(u.runtime.isPlaying).toBe(false);
    await u.tick(1_000);
    const started = spectator.events().find((e) => e.type === 'hand-started') as Of<'hand-started'>;
    expect(started.deckCommitment).toBe(committed.deckCommitment);
  });

  it('a seed from a spectator or a viewer who is not seated is refused; so is one before any commitment', async () => {
    const u = await unitTable();
    const [a, b, lurker] = [u.player(), u.player(), u.player()];
    await u.sit(a, 0, 5_000);
    expect(await u.send(a, { type: 'SEED', seed: 'too early' })).toMatchObject({
      ok: false,
      code: 'no_commitment',
    });
    await u.sit(b, 1, 5_000);
    expect(await u.send(lurker, { type: 'SEED', seed: 'not mine to give' })).toMatchObject({
      ok: false,
      code: 'not_seated',
    });
    const anonymous = u.player();
    (anonymous as { userId: number | null }).userId = null;
    expect(await u.send(anonymous, { type: 'SEED', seed: 'x' })).toMatchObject({
      ok: false,
      code: 'unauthorized',
    });
  });

  it("the deal is the committed deck permuted by every seat's seed; the last seed sent counts, a silent seat gives ''", async () => {
    const u = await unitTable();
    const [a, b] = [u.player(), u.player()];
    await u.sit(a, 0, 5_000);
    await u.sit(b, 1, 5_000);
    expect(await u.send(a, { type: 'SEED', seed: 'first thought' })).toEqual({ ok: true });
    expect(await u.send(a, { type: 'SEED', seed: ' second ~ thought ' })).toEqual({ ok: true });
    const internal = (u.runtime as unknown as { t: { nextDeal: { committed: CommittedDeck } } }).t;
    const deck = internal.nextDeal.committed;
    await u.tick(1_000);
    const started = a.events().find((e) => e.type === 'hand-started') as Of<'hand-started'>;
    const seeds = [
      { seat: 0, userId: a.userId!, seed: ' second ~ thought ' },
      { seat: 1, userId: b.userId!, seed: '' },
    ];
    const dealt = dealtDeck(deck, started.handId, seeds);
    const mine = a.events().find((e) => e.type === 'hole-cards-dealt' && e.cards) as Of<'hole-cards-dealt'>;
    expect(mine.cards).toHaveLength(2);
    // Heads-up the button (seat 0 or 1) is the small blind and is dealt first.
    const order = [started.smallBlindSeat ?? 0, 1 - (started.smallBlindSeat ?? 0)];
    const index = order.indexOf(0);
    expect(mine.cards).toEqual([formatCard(dealt[index]), formatCard(dealt[2 + index])]);
    // Own openings came with the cards, and verify against the commitment.
    expect(mine.openings?.map((o) => o.card)).toEqual(expect.arrayContaining(mine.cards!));
    // b's copy carries neither a's cards nor their openings.
    const theirs = b
      .events()
      .find((e) => e.type === 'hole-cards-dealt' && e.seat === 0) as Of<'hole-cards-dealt'>;
    expect(theirs.cards).toBeNull();
    expect(theirs.openings).toBeUndefined();
    await u.act([a, b], 'fold');
    await u.tick(10);
    const result = a.events().find((e) => e.type === 'hand-result') as Of<'hand-result'>;
    expect(result.playerSeeds).toEqual(seeds);
    expect(
      verifyHandFairness(
        {
          handNumber: 1,
          variant: 'holdem-nl',
          button: started.button,
          smallBlindSeat: started.smallBlindSeat,
          board: [],
          seats: [
            { seat: 0, dealtIn: true, holeCards: mine.cards!, shownCards: null },
            { seat: 1, dealtIn: true, holeCards: [], shownCards: null },
          ],
        },
        {
          version: 2,
          handId: started.handId,
          deckCommitment: started.deckCommitment,
          playerSeeds: seeds,
          openings: mine.openings!,
        },
        { viewerSeat: 0 },
      ),
    ).toMatchObject({
      ok: true,
      ownHoleCards: 'verified',
      viewerSeed: ' second ~ thought ',
      dealUsedSeeds: true,
    });
  });
});
