// Graceful shutdown of a live table on a fake clock and an in-memory bank: the drain lets the running
// hand finish, deals nothing new, seats nobody, and past its limit voids the hand as a crash would.
import { describe, expect, it } from 'vitest';
import type { DrainResult } from './drain.js';
import type { Recorder } from '../../testing/testTables.js';
import { unitTable, type UnitTable } from '../../testing/unitTable.js';

const T = 7; // UNIT_TABLE.id
const LIMIT_MS = 60_000;

async function handRunning(u: UnitTable, stacks: [number, number] = [5_000, 5_000]) {
  const a = u.player();
  const b = u.player();
  await u.sit(a, 0, stacks[0]);
  await u.sit(b, 1, stacks[1]);
  await u.tick(1_000);
  expect(u.runtime.isPlaying).toBe(true);
  return [a, b] as const;
}

/** The drain's promise, and whether it has resolved yet. */
function watch(drain: Promise<DrainResult>) {
  const seen: { result: DrainResult | null } = { result: null };
  void drain.then((result) => (seen.result = result));
  return seen;
}

const events = (viewer: Recorder, type: string) => viewer.events().filter((e) => e.type === type);

describe('draining a live table (graceful shutdown)', () => {
  it('a table draining deals no new hand and resolves when the running hand settles', async () => {
    const u = await unitTable();
    const [a, b] = await handRunning(u);
    const handNumber = u.runtime.totals.lastHandNumber;
    const drain = watch(u.runtime.drain(LIMIT_MS));
    await u.tick(0);
    expect(drain.result).toBeNull();
    expect(u.runtime.isPlaying).toBe(true);

    await u.act([a, b], 'fold');
    await u.tick(0);
    expect(drain.result).toEqual({ tableId: T, outcome: 'settled', handNumber });
    expect(u.bank.settled).toHaveLength(1);
    expect(u.bank.seat(a.userId!, T) + u.bank.seat(b.userId!, T)).toBe(10_000);
    expect(u.bank.seat(a.userId!, T)).not.toBe(5_000);

    // Long past the pause between hands: still no new hand, and no hand number used.
    await u.tick(LIMIT_MS * 2);
    expect(u.runtime.isPlaying).toBe(false);
    expect(u.runtime.totals.lastHandNumber).toBe(handNumber);
    expect(events(a, 'hand-started')).toHaveLength(1);
    expect(u.bank.total()).toBe(0);
  });

  it('the seats are saved with the stacks after the hand, sitting-out state and time banks', async () => {
    const u = await unitTable();
    const [a, b] = await handRunning(u);
    const drain = u.runtime.drain(LIMIT_MS);
    await u.act([a, b], 'fold');
    await drain;
    const saved = await u.store.loadSeats(T);
    expect(saved.map((s) => ({ userId: s.userId, stack: s.stack }))).toEqual(
      [a, b].map((p) => ({ userId: p.userId, stack: u.bank.seat(p.userId!, T) })),
    );
    expect(saved.every((s) => s.timeBankMs > 0 && !s.sittingOut)).toBe(true);
  });

  it('nobody sits down during the drain: SIT is refused with server-restarting and moves nothing', async () => {
    const u = await unitTable();
    const [a, b] = await handRunning(u);
    const latecomer = u.player(20_000);
    const drain = u.runtime.drain(LIMIT_MS);
    expect(await u.send(latecomer, { type: 'SIT', seat: 2, amount: 3_000 })).toMatchObject({
      ok: false,
      code: 'server_restarting',
    });
    expect(u.bank.available(latecomer.userId!)).toBe(20_000);
    expect(u.runtime.seatedCount).toBe(2);
    // The running hand still takes its players' actions.
    await u.act([a, b], 'fold');
    await drain;
  });

  it('a drained table refuses every command until the process exits', async () => {
    const u = await unitTable();
    const [a, b] = await handRunning(u);
    const drain = u.runtime.drain(LIMIT_MS);
    await u.act([a, b], 'fold');
    expect((await drain).outcome).toBe('settled');
    for (const message of [
      { type: 'LEAVE' },
      { type: 'SIT_OUT' },
      { type: 'RECHARGE', amount: 1_000 },
    ] as const) {
      expect(await u.send(a, message)).toMatchObject({ ok: false, code: 'server_restarting' });
    }
    expect(u.runtime.seatedCount).toBe(2);
    expect(u.bank.total()).toBe(0);
  });

  it('a table with no hand running drains at once', async () => {
    const u = await unitTable();
    const a = u.player();
    await u.sit(a, 0, 4_000);
    const result = await u.runtime.drain(LIMIT_MS);
    expect(result).toEqual({ tableId: T, outcome: 'idle', handNumber: null });
    expect((await u.store.loadSeats(T)).map((s) => [s.userId, s.stack])).toEqual([[a.userId, 4_000]]);
    const b = u.player();
    expect(await u.send(b, { type: 'SIT', seat: 1, amount: 4_000 })).toMatchObject({
      code: 'server_restarting',
    });
    await u.tick(10_000);
    expect(u.runtime.isPlaying).toBe(false);
  });

  it('the drain limit voids the hand and restores the stacks as it began, a waiting recharge included', async () => {
    const u = await unitTable({ timing: { actionTimeMs: 30_000, timeBankMaxMs: 0 } });
    const [a, b] = await handRunning(u, [5_000, 6_000]);
    const handNumber = u.runtime.totals.lastHandNumber;
    await u.act([a, b], 'call'); // the small blind calls: chips are in the pot, none moved in the bank
    const waiting = u.toAct([a, b]).viewer === a ? b : a;
    expect(await u.send(waiting, { type: 'RECHARGE', amount: 500 })).toMatchObject({ ok: true });

    const drain = watch(u.runtime.drain(5_000));
    await u.tick(4_999);
    expect(drain.result).toBeNull();
    await u.tick(1);
    expect(drain.result).toEqual({ tableId: T, outcome: 'voided', handNumber });

    const start = new Map([
      [a.userId, 5_000],
      [b.userId, 6_000],
    ]);
    start.set(waiting.userId, start.get(waiting.userId)! + 500);
    for (const p of [a, b]) expect(u.bank.seat(p.userId!, T)).toBe(start.get(p.userId));
    expect(u.bank.settled).toHaveLength(0);
    expect(u.bank.total()).toBe(0);
    expect(u.store.voided).toEqual([expect.objectContaining({ tableId: T, handNumber, reason: 'shutdown' })]);
    expect(events(a, 'hand-voided')).toEqual([expect.objectContaining({ handNumber })]);
    const saved = await u.store.loadSeats(T);
    expect(saved.map((s) => s.stack + s.pendingRecharge).sort()).toEqual(
      [...start.values()].sort((x, y) => x - y),
    );
    await u.tick(LIMIT_MS);
    expect(u.runtime.isPlaying).toBe(false);
    expect(u.runtime.totals.lastHandNumber).toBe(handNumber);
  });

  it('a hand that settles before the limit is not voided later', async () => {
    const u = await unitTable();
    const [a, b] = await handRunning(u);
    const drain = u.runtime.drain(5_000);
    await u.act([a, b], 'fold');
    expect((await drain).outcome).toBe('settled');
    await u.tick(10_000);
    expect(u.store.voided).toEqual([]);
    expect(events(a, 'hand-voided')).toEqual([]);
  });
});
