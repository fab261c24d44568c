import { describe, expect, it } from 'vitest';
import { buildPots } from '../pots.js';
import { bountyAwards, splitBountyShare, type BountyPot } from './bounties.js';

const committed = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('progressive knockout bounties', () => {
  it('one eliminator: the whole bounty, half in cash and half on their own head', () => {
    const pots: BountyPot[] = [{ eligible: ['a', 'b'], winners: ['b'] }];
    expect(bountyAwards(pots, committed({ a: 1_000, b: 1_000 }), [{ playerId: 'a', bounty: 500 }])).toEqual([
      { eliminated: 'a', eliminator: 'b', amount: 500, cash: 250, head: 250 },
    ]);
  });

  it('the odd tugrik of a share goes to the cash half', () => {
    expect(splitBountyShare(501)).toEqual({ cash: 251, head: 250 });
    expect(splitBountyShare(1)).toEqual({ cash: 1, head: 0 });
  });

  it('two eliminators through side pots: by the chips the busted player had in each pot', () => {
    // y all-in 100, e all-in 300, z calls 300: main pot 300 (y, e, z) won by y, side pot 400 (e, z) by z.
    // e had 100 in the main pot and 200 in the side pot: y gets 1/3 of e's bounty, z 2/3.
    const pots: BountyPot[] = [
      { eligible: ['y', 'e', 'z'], winners: ['y'] },
      { eligible: ['e', 'z'], winners: ['z'] },
    ];
    const chips = committed({ y: 100, e: 300, z: 300 });
    expect(bountyAwards(pots, chips, [{ playerId: 'e', bounty: 900 }])).toEqual([
      { eliminated: 'e', eliminator: 'y', amount: 300, cash: 150, head: 150 },
      { eliminated: 'e', eliminator: 'z', amount: 600, cash: 300, head: 300 },
    ]);
    // 1000 does not split in thirds: 333 + 666 rounded down, the tugrik left to the main pot first.
    const odd = bountyAwards(pots, chips, [{ playerId: 'e', bounty: 1_000 }]);
    expect(odd.map((a) => [a.eliminator, a.amount, a.cash, a.head])).toEqual([
      ['y', 334, 167, 167],
      ['z', 666, 333, 333],
    ]);
  });

  it('a split pot: the winners share the bounty, odd tugrik to the first winner in dealing order', () => {
    const pots: BountyPot[] = [{ eligible: ['a', 'e', 'b'], winners: ['a', 'b'] }];
    const awards = bountyAwards(pots, committed({ a: 500, e: 500, b: 500 }), [
      { playerId: 'e', bounty: 501 },
    ]);
    expect(awards).toEqual([
      { eliminated: 'e', eliminator: 'a', amount: 251, cash: 126, head: 125 },
      { eliminated: 'e', eliminator: 'b', amount: 250, cash: 125, head: 125 },
    ]);
  });

  it('two players busted in one hand by the same covering stack: both bounties to it', () => {
    const pots: BountyPot[] = [
      { eligible: ['p', 'q', 'w'], winners: ['w'] },
      { eligible: ['q', 'w'], winners: ['w'] },
    ];
    const awards = bountyAwards(pots, committed({ p: 100, q: 300, w: 300 }), [
      { playerId: 'p', bounty: 400 },
      { playerId: 'q', bounty: 700 },
    ]);
    expect(awards.map((a) => [a.eliminated, a.eliminator, a.amount])).toEqual([
      ['p', 'w', 400],
      ['q', 'w', 700],
    ]);
  });

  it('pots the busted player could not win give them no share (a side pot above their stack)', () => {
    // e all-in 100 loses the main pot to a; b wins the side pot between a and b: b gets nothing of e's.
    const pots: BountyPot[] = [
      { eligible: ['e', 'a', 'b'], winners: ['a'] },
      { eligible: ['a', 'b'], winners: ['b'] },
    ];
    const awards = bountyAwards(pots, committed({ e: 100, a: 900, b: 900 }), [
      { playerId: 'e', bounty: 300 },
    ]);
    expect(awards.map((a) => [a.eliminator, a.amount])).toEqual([['a', 300]]);
  });

  it('the winner of the tournament: the last knock-out, then their own bounty, pays both bounties in full', () => {
    const pots: BountyPot[] = [{ eligible: ['w', 'l'], winners: ['w'] }];
    const own = 800;
    const [award] = bountyAwards(pots, committed({ w: 2_000, l: 2_000 }), [{ playerId: 'l', bounty: 1_001 }]);
    const ownAtTheEnd = own + award!.head;
    expect(award!.cash + ownAtTheEnd).toBe(1_001 + own);
  });

  it('every bounty is paid in full over the pots built from any all-ins', () => {
    const stacks = [137, 420, 420, 999, 55, 1_000];
    const ids = stacks.map((_, i) => `p${i}`);
    const built = buildPots(stacks.map((s, seat) => ({ seat, committed: s, folded: false })));
    // The biggest stack wins every pot it is in; the pots it is not in do not exist here (it covers all).
    const pots: BountyPot[] = built.map((p) => ({
      eligible: p.eligible.map((s) => ids[s]!),
      winners: ['p5'],
    }));
    const chips = new Map(ids.map((id, i) => [id, stacks[i]!]));
    const knockouts = ids.slice(0, 5).map((playerId, i) => ({ playerId, bounty: 1_000 + i * 7 }));
    const awards = bountyAwards(pots, chips, knockouts);
    for (const k of knockouts) {
      expect(awards.filter((a) => a.eliminated === k.playerId).reduce((s, a) => s + a.amount, 0)).toBe(
        k.bounty,
      );
    }
    expect(awards.every((a) => a.cash + a.head === a.amount && a.cash - a.head <= 1)).toBe(true);
  });
});
