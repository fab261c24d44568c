// The live table's rules on a fake clock and an in-memory bank: no database, no real time.
import { describe, expect, it } from 'vitest';
import type { Recorder } from '../../testing/testTables.js';
import { unitTable, type UnitTable } from '../../testing/unitTable.js';

const T = 7; // UNIT_TABLE.id

async function headsUp(u: UnitTable, stacks: [number, number] = [5_000, 5_000]) {
  const a = u.player();
  const b = u.player();
  await u.sit(a, 0, stacks[0]);
  await u.sit(b, 1, stacks[1]);
  return [a, b] as const;
}

function seatOf(u: UnitTable, viewer: Recorder) {
  return u.runtime.seatList().find((s) => s.userId === viewer.userId);
}

const events = (viewer: Recorder, type: string) => viewer.events().filter((e) => e.type === type);

describe('live table rules', () => {
  it('sitting down moves the buy-in to the seat; the first hand is dealt after the pause between hands, not before', async () => {
    const u = await unitTable();
    const [a] = await headsUp(u);
    expect(u.bank.available(a.userId!)).toBe(45_000);
    expect(u.bank.seat(a.userId!, T)).toBe(5_000);
    await u.tick(999);
    expect(u.runtime.isPlaying).toBe(false);
    await u.tick(1);
    expect(u.runtime.isPlaying).toBe(true);
    expect(u.bank.total()).toBe(0);
  });

  it('a taken seat, a second seat, a seat beyond the table, a buy-in out of range and a short balance are refused and move nothing', async () => {
    const u = await unitTable();
    const a = u.player();
    const c = u.player();
    const poor = u.player(1_000);
    await u.sit(a, 0, 5_000);
    const code = async (viewer: Recorder, seat: number, amount: number) => {
      const reply = await u.send(viewer, { type: 'SIT', seat, amount });
      return reply.ok ? 'ok' : reply.code;
    };
    expect(await code(c, 0, 5_000)).toBe('seat_taken');
    expect(await code(a, 1, 5_000)).toBe('already_seated');
    expect(await code(c, 6, 5_000)).toBe('bad_seat');
    expect(await code(c, 1, 1_999)).toBe('bad_amount');
    expect(await code(c, 1, 10_001)).toBe('bad_amount');
    expect(await code(poor, 1, 2_000)).toBe('insufficient_funds');
    expect(u.bank.available(c.userId!)).toBe(50_000);
    expect(u.bank.available(poor.userId!)).toBe(1_000);
    expect(u.runtime.seatList().map((s) => s.userId)).toEqual([a.userId]);
  });

  it('a spectator cannot play and a viewer who is not seated cannot act, recharge, sit out or leave', async () => {
    const u = await unitTable();
    const spectator = u.player(0);
    spectator.userId = null;
    const stranger = u.player();
    expect(await u.send(spectator, { type: 'SIT', seat: 0, amount: 2_000 })).toMatchObject({
      ok: false,
      code: 'unauthorized',
    });
    for (const message of [
      { type: 'RECHARGE', amount: 100 },
      { type: 'SIT_OUT' },
      { type: 'SIT_IN' },
      { type: 'LEAVE' },
      { type: 'ACTION', action: 'check', handNumber: 1 },
    ] as const) {
      expect(await u.send(stranger, message)).toMatchObject({ ok: false, code: 'not_seated' });
    }
  });

  it('a player who does not act is timed out after the action time plus the time bank, and folds when facing a bet', async () => {
    const u = await unitTable();
    const [a, b] = await headsUp(u);
    await u.tick(1_000);
    const first = u.toAct([a, b]);
    expect(first.canCheck).toBe(false);
    await u.tick(10_000 + 6_000 - 1);
    expect(events(a, 'timed-out')).toEqual([]);
    await u.tick(1);
    expect(events(a, 'timed-out')).toEqual([{ type: 'timed-out', seat: 0, action: 'fold' }]);
    // The small blind (the button, heads-up) folded: 50 to the big blind, no flop no drop.
    expect(u.bank.seat(a.userId!, T)).toBe(4_950);
    expect(u.bank.seat(b.userId!, T)).toBe(5_050);
    // A timeout empties the bank; the hand dealt in gives back one refill.
    expect(seatOf(u, first.viewer)!.timeBankMs).toBe(1_000);
    expect(u.bank.total()).toBe(0);
  });

  it('a player who can check is checked for when the time runs out', async () => {
    const u = await unitTable();
    const players = await headsUp(u);
    await u.tick(1_000);
    await u.act([...players], 'call');
    const bigBlind = u.toAct([...players]);
    expect(bigBlind.canCheck).toBe(true);
    await u.tick(16_000);
    expect(events(players[0], 'timed-out')).toEqual([{ type: 'timed-out', seat: 1, action: 'check' }]);
    expect(u.runtime.isPlaying).toBe(true);
  });

  it('acting inside the time bank spends only what was used, and a hand dealt in refills it up to the maximum', async () => {
    const u = await unitTable();
    const players = [...(await headsUp(u))];
    await u.tick(1_000);
    await u.tick(12_500);
    const caller = await u.act(players, 'fold'); // 2,500 ms of the 6,000 ms bank used
    expect(u.runtime.isPlaying).toBe(false);
    const other = players.find((p) => p !== caller)!;
    expect(seatOf(u, caller)!.timeBankMs).toBe(3_500 + 1_000);
    expect(seatOf(u, other)!.timeBankMs).toBe(6_000);
  });

  it('two timeouts in a row sit a player out; one sat out for the limit is stood up and cashed out', async () => {
    const u = await unitTable();
    const [a, b] = await headsUp(u);
    await u.tick(1_000);
    await u.act([a, b], 'call'); // a: the small blind calls
    await u.tick(16_000); // b times out: check (1)
    await u.tick(10_000); // b, first to act after the flop, times out again: check (2), sat out
    expect(events(a, 'sat-out')).toEqual([{ type: 'sat-out', seat: 1 }]);
    while (u.runtime.isPlaying) {
      const turn = u.toAct([a, b]);
      if (turn.viewer === a) await u.act([a, b], 'check');
      else await u.tick(10_000);
    }
    await u.tick(5_000);
    expect(u.runtime.isPlaying).toBe(false); // one player left to deal in
    const stack = seatOf(u, b)!.stack;
    await u.tick(60_000);
    expect(seatOf(u, b)).toBeUndefined();
    expect(events(a, 'seat-left')).toContainEqual(
      expect.objectContaining({ userId: b.userId, reason: 'idle' }),
    );
    expect(u.bank.seat(b.userId!, T)).toBe(0);
    expect(u.bank.available(b.userId!)).toBe(45_000 + stack);
    expect(u.bank.total()).toBe(0);
  });

  it('sitting in again stops the idle stand-up and owes a big blind', async () => {
    const u = await unitTable();
    const [a] = await headsUp(u);
    await u.send(a, { type: 'SIT_OUT' });
    await u.tick(59_000);
    expect(await u.send(a, { type: 'SIT_IN' })).toEqual({ ok: true });
    await u.tick(5_000);
    expect(seatOf(u, a)).toBeDefined();
    expect(u.runtime.isPlaying).toBe(true);
  });

  it('a recharge between hands lands at once, one during a hand waits for its end, and one above the maximum is refused', async () => {
    const u = await unitTable();
    const [a, b] = await headsUp(u);
    expect(await u.send(a, { type: 'RECHARGE', amount: 1_000 })).toEqual({ ok: true });
    expect(seatOf(u, a)!.stack).toBe(6_000);
    expect(await u.send(a, { type: 'RECHARGE', amount: 4_001 })).toMatchObject({
      ok: false,
      code: 'above_max',
    });
    await u.tick(1_000);
    expect(await u.send(b, { type: 'RECHARGE', amount: 2_000 })).toEqual({ ok: true });
    expect(seatOf(u, b)!.pendingRecharge).toBe(2_000);
    expect(u.bank.available(b.userId!)).toBe(43_000);
    await u.act([a, b], 'fold'); // a folds the small blind
    expect(seatOf(u, b)).toMatchObject({ stack: 7_050, pendingRecharge: null });
    expect(u.bank.seat(b.userId!, T)).toBe(7_050);
    expect(u.bank.available(a.userId!)).toBe(44_000);
    expect(u.bank.total()).toBe(0);
  });

  it('leaving during a hand stands the player up after it, with what the hand left them', async () => {
    const u = await unitTable();
    const [a, b] = await headsUp(u);
    await u.tick(1_000);
    expect(await u.send(b, { type: 'LEAVE' })).toEqual({ ok: true });
    expect(seatOf(u, b)!.status).toBe('leaving');
    await u.act([a, b], 'fold');
    expect(seatOf(u, b)).toBeUndefined();
    expect(u.bank.available(b.userId!)).toBe(50_050);
    expect(u.bank.seat(b.userId!, T)).toBe(0);
    expect(u.bank.total()).toBe(0);
  });

  it('a kick between hands cashes the player out at once; kicking someone not seated answers false', async () => {
    const u = await unitTable();
    const a = u.player();
    await u.sit(a, 3, 4_000);
    expect(await u.runtime.kick(a.userId!)).toBe(true);
    expect(u.bank.available(a.userId!)).toBe(50_000);
    expect(events(a, 'seat-left')).toEqual([expect.objectContaining({ seat: 3, reason: 'kicked' })]);
    expect(await u.runtime.kick(a.userId!)).toBe(false);
  });

  it("a kick's reason and the return minimum reach only the kicked player, not the other viewers", async () => {
    const u = await unitTable();
    const [a, b] = await headsUp(u);
    const spectator = u.player();
    expect(await u.runtime.kick(a.userId!, 'collusion review')).toBe(true);
    expect(events(a, 'seat-left')).toEqual([
      expect.objectContaining({ seat: 0, reason: 'kicked', note: 'collusion review' }),
    ]);
    for (const other of [b, spectator]) {
      const [left] = events(other, 'seat-left');
      expect(left).toMatchObject({ seat: 0, reason: 'kicked' });
      expect(left).not.toHaveProperty('note');
      expect(left).not.toHaveProperty('returnMinBuyIn');
    }
  });

  it('a seat freed by a leaver can be taken by someone else, who posts a big blind when two already play', async () => {
    const u = await unitTable();
    const [a, b] = await headsUp(u);
    const c = u.player();
    await u.tick(1_000);
    await u.act([a, b], 'fold');
    await u.send(a, { type: 'LEAVE' });
    await u.sit(c, 0, 3_000);
    const d = u.player();
    await u.sit(d, 2, 3_000);
    await u.tick(1_000);
    expect(u.runtime.isPlaying).toBe(true);
    expect(u.runtime.seatList().map((s) => [s.seat, s.userId])).toEqual([
      [0, c.userId],
      [1, b.userId],
      [2, d.userId],
    ]);
  });
});
