// A table's money under its lease, on a fake clock and an in-memory bank: an owner that cannot prove
// its lease touches nothing, a finished hand is never voided to get past a failed settlement, and seats
// taken over are matched against their seat accounts before the first deal.
import { describe, expect, it, vi } from 'vitest';
import type { UserProfile } from './ports.js';
import type { Recorder } from '../../testing/testTables.js';
import { unitTable, type UnitTable } from '../../testing/unitTable.js';

const T = 7; // UNIT_TABLE.id

async function headsUp(u: UnitTable) {
  const a = u.player();
  const b = u.player();
  await u.sit(a, 0, 5_000);
  await u.sit(b, 1, 5_000);
  return [a, b] as const;
}

const events = (viewer: Recorder, type: string) => viewer.events().filter((e) => e.type === type);

const profileOf = (viewer: Recorder): UserProfile => ({
  userId: viewer.userId!,
  username: `p${viewer.userId}`,
  isBot: false,
  active: true,
  role: 'PLAYER',
});

describe('a table under its lease', () => {
  it('an owner that cannot prove its lease refuses SIT, RECHARGE and LEAVE with busy, moves no money and deals no hand', async () => {
    const u = await unitTable();
    const [a, b] = await headsUp(u);
    const c = u.player();
    u.lease.held = false;
    const moves = u.bank.moves.length;

    expect(await u.send(a, { type: 'LEAVE' })).toMatchObject({ ok: false, code: 'busy' });
    expect(await u.send(b, { type: 'RECHARGE', amount: 1_000 })).toMatchObject({ ok: false, code: 'busy' });
    expect(await u.send(c, { type: 'SIT', seat: 2, amount: 3_000 })).toMatchObject({
      ok: false,
      code: 'busy',
    });
    await u.tick(5_000);

    expect(u.runtime.isPlaying).toBe(false);
    expect(u.bank.moves).toHaveLength(moves);
    expect([a, b].map((v) => u.bank.seat(v.userId!, T))).toEqual([5_000, 5_000]);
    expect([a, b, c].map((v) => u.bank.available(v.userId!))).toEqual([45_000, 45_000, 50_000]);
    expect(u.runtime.seatList().map((s) => s.userId)).toEqual([a.userId, b.userId]);
    expect(u.bank.total()).toBe(0);
  });

  it('a hand the bank cannot settle is tried again until it settles: the winner keeps the pot and nothing is voided', async () => {
    const u = await unitTable();
    const [a, b] = await headsUp(u);
    await u.tick(1_000);
    u.bank.failingSettlements = 2;
    const folder = await u.act([a, b], 'fold');
    const winner = folder === a ? b : a;
    expect(u.runtime.isPlaying).toBe(true); // waits for its settlement; no new hand
    await u.tick(1_000); // second attempt fails too
    expect(u.bank.settled).toHaveLength(0);
    await u.tick(2_000); // the third settles

    expect(u.bank.settled).toHaveLength(1);
    expect(u.bank.settled[0].record.handNumber).toBe(1);
    expect(events(a, 'hand-voided')).toEqual([]);
    expect(u.store.voided).toEqual([]);
    expect(u.bank.seat(folder.userId!, T)).toBe(4_950);
    expect(u.bank.seat(winner.userId!, T)).toBe(5_050);
    expect(events(a, 'hand-result')).toHaveLength(1);
    await u.tick(1_000);
    expect(u.runtime.totals.lastHandNumber).toBe(2);
    expect(u.bank.total()).toBe(0);
  });

  it('a hand that cannot settle because the table was lost is neither voided nor dealt past here: its new owner voids it as on a crash', async () => {
    const u = await unitTable();
    const [a, b] = await headsUp(u);
    await u.tick(1_000);
    vi.spyOn(u.bank, 'settle').mockImplementationOnce(async () => {
      u.lease.held = false; // the settlement found a newer fencing token
      throw new Error('Table 7 is owned elsewhere now');
    });
    await u.act([a, b], 'fold');
    await u.tick(60_000);

    expect(events(a, 'hand-voided')).toEqual([]);
    expect(u.store.voided).toEqual([]);
    expect(u.runtime.totals.lastHandNumber).toBe(1);
    expect([a, b].map((v) => u.bank.seat(v.userId!, T))).toEqual([5_000, 5_000]);
    expect(u.bank.total()).toBe(0);
  });

  it('after a takeover every stack becomes its seat account before the first deal: one above is cut down, one with an empty account stands up', async () => {
    const u = await unitTable();
    const [a, b, c] = [u.player(), u.player(), u.player()];
    for (const v of [a, b, c]) await u.bank.toSeat({ userId: v.userId!, isBot: false }, T, 5_000, 'buy_in');
    // The stale owner cashed A out in full and C in part after the new owner read the seats.
    await u.bank.fromSeat({ userId: a.userId!, isBot: false }, T, 5_000, 'left');
    await u.bank.fromSeat({ userId: c.userId!, isBot: false }, T, 3_000, 'left');
    await u.runtime.restore(
      [a, b, c].map((v, seat) => ({
        seat,
        profile: profileOf(v),
        stack: 5_000,
        sittingOut: false,
        timeBankMs: 0,
      })),
    );
    const moves = u.bank.moves.length;
    await u.tick(1_000);

    expect(u.runtime.isPlaying).toBe(true);
    expect(u.runtime.stacksInLedgerTerms()).toEqual(
      new Map([
        [b.userId!, 5_000],
        [c.userId!, 2_000],
      ]),
    );
    expect(events(a, 'seat-left')).toEqual([expect.objectContaining({ userId: a.userId, reason: 'busted' })]);
    expect(u.bank.moves).toHaveLength(moves); // nothing moved to put it right
    expect([a, c].map((v) => u.bank.available(v.userId!))).toEqual([50_000, 48_000]);
    expect(u.bank.total()).toBe(0);
    // Each correction is a system row of the audit log; B's seat matched and leaves none.
    const system = {
      actorId: null,
      actorName: 'system',
      ip: '',
      action: 'table.reconcile',
      targetType: 'user',
    };
    expect(u.audit).toEqual([
      {
        ...system,
        targetId: a.userId,
        summary: `table #${T} seat 1: stack 5000 -> 0, its seat account (stood up)`,
        coded: { code: 'table.reconcile_stood_up', params: { tableId: T, seat: 1, stack: 5_000 } },
      },
      {
        ...system,
        targetId: c.userId,
        summary: `table #${T} seat 3: stack 5000 -> 2000, its seat account`,
        coded: { code: 'table.reconcile', params: { tableId: T, seat: 3, stack: 5_000, seatAccount: 2_000 } },
      },
    ]);
  });
});
