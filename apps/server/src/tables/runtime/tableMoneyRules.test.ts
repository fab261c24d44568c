// Table money rules an attacker would try (issue 9 part 8), on a fake clock and an in-memory bank.
import { describe, expect, it } from 'vitest';
import { snapshotOf, type Recorder } from '../../testing/testTables.js';
import { unitTable, type UnitTable } from '../../testing/unitTable.js';

const T = 7; // UNIT_TABLE.id: min 2,000, max 10,000, blinds 50/100
const MINUTE = 60_000;

/** a (seat 0, the button and small blind) folds the first hand: b (seat 1) wins 50. */
async function bWinsOneHand(u: UnitTable, stacks: [number, number]) {
  const a = u.player();
  const b = u.player();
  await u.sit(a, 0, stacks[0]);
  await u.sit(b, 1, stacks[1]);
  await u.tick(1_000);
  await u.act([a, b], 'fold');
  return [a, b] as const;
}

const sit = (u: UnitTable, viewer: Recorder, seat: number, amount: number) =>
  u.send(viewer, { type: 'SIT', seat, amount });

describe('table money rules', () => {
  it('a player who leaves with a big stack cannot sit straight back with the minimum (no ratholing)', async () => {
    const u = await unitTable();
    const [, b] = await bWinsOneHand(u, [5_000, 8_000]);
    await u.send(b, { type: 'LEAVE' });
    expect(u.bank.available(b.userId!)).toBe(50_050);
    const reply = await sit(u, b, 1, 2_000);
    expect(reply).toMatchObject({ ok: false, code: 'rathole' });
    expect(!reply.ok && reply.message).toContain('8050');
    expect(await sit(u, b, 1, 8_049)).toMatchObject({ ok: false, code: 'rathole' });
    expect(u.bank.available(b.userId!)).toBe(50_050);
    expect(await sit(u, b, 1, 8_050)).toEqual({ ok: true });
    expect(u.bank.total()).toBe(0);
  });

  it('the stack to bring back is capped at the table maximum', async () => {
    const u = await unitTable();
    const [, b] = await bWinsOneHand(u, [5_000, 10_000]);
    await u.send(b, { type: 'LEAVE' });
    expect(await sit(u, b, 1, 9_999)).toMatchObject({ ok: false, code: 'rathole' });
    expect(await sit(u, b, 1, 10_000)).toEqual({ ok: true });
  });

  it('after the rathole window (a setting, 30 minutes by default) the table minimum applies again', async () => {
    const u = await unitTable();
    const [, b] = await bWinsOneHand(u, [5_000, 8_000]);
    await u.send(b, { type: 'LEAVE' });
    await u.tick(30 * MINUTE - 1);
    expect(await sit(u, b, 1, 2_000)).toMatchObject({ ok: false, code: 'rathole' });
    await u.tick(1);
    expect(await sit(u, b, 1, 2_000)).toEqual({ ok: true });

    const short = await unitTable({ settings: { table: { ratholeMinutes: 5 } } });
    const [, c] = await bWinsOneHand(short, [5_000, 8_000]);
    await short.send(c, { type: 'LEAVE' });
    await short.tick(5 * MINUTE);
    expect(await sit(short, c, 1, 2_000)).toEqual({ ok: true });
  });

  it('only the player who left is held to the stack; everyone else may bring the table minimum', async () => {
    const u = await unitTable();
    const [a, b] = await bWinsOneHand(u, [5_000, 8_000]);
    await u.send(b, { type: 'LEAVE' });
    await u.send(a, { type: 'LEAVE' });
    const c = u.player();
    expect(await sit(u, c, 1, 2_000)).toEqual({ ok: true });
    // a busted nothing and left with less than the minimum: the table minimum is theirs too.
    expect(await sit(u, a, 2, 4_950)).toEqual({ ok: true });
  });

  it('the returning player is told the minimum: in the seat-left event and in their own snapshot only', async () => {
    const u = await unitTable();
    const [a, b] = await bWinsOneHand(u, [5_000, 8_000]);
    await u.send(b, { type: 'LEAVE' });
    const left = b.events().find((e) => e.type === 'seat-left');
    expect(left).toMatchObject({ userId: b.userId, returnMinBuyIn: 8_050 });
    expect(snapshotOf(u.runtime, b).viewer.minBuyIn).toBe(8_050);
    expect(snapshotOf(u.runtime, a).viewer.minBuyIn).toBe(2_000);
    expect(snapshotOf(u.runtime, { userId: null, send: () => undefined }).viewer.minBuyIn).toBeUndefined();
    await u.tick(30 * MINUTE);
    expect(snapshotOf(u.runtime, b).viewer.minBuyIn).toBe(2_000);
  });

  it('a recharge waiting for a hand adds only what fits under the maximum after it; the rest goes back to the balance', async () => {
    const u = await unitTable();
    const a = u.player();
    const b = u.player();
    await u.sit(a, 0, 5_000);
    await u.sit(b, 1, 9_000);
    await u.tick(1_000);
    // 9,000 + 1,000 is allowed while the hand runs; b then wins 50.
    expect(await u.send(b, { type: 'RECHARGE', amount: 1_000 })).toEqual({ ok: true });
    await u.act([a, b], 'fold');
    expect(u.runtime.seatList().find((s) => s.userId === b.userId)).toMatchObject({
      stack: 10_000,
      pendingRecharge: null,
    });
    expect(u.bank.seat(b.userId!, T)).toBe(10_000);
    expect(u.bank.available(b.userId!)).toBe(50_000 - 9_000 - 1_000 + 50);
    expect(u.bank.moves).toContainEqual({
      kind: 'leave_seat',
      userId: b.userId,
      amount: 50,
      reason: 'recharge_above_max',
    });
    expect(u.bank.total()).toBe(0);
  });
});
