// Who may stay and who may sit: blocked or deleted players are taken off the table, and during
// maintenance only administrators sit down. Fake clock, in-memory bank.
import { describe, expect, it } from 'vitest';
import type { Recorder } from '../../testing/testTables.js';
import { unitTable, type UnitTable } from '../../testing/unitTable.js';

const T = 7;

const seatOf = (u: UnitTable, viewer: Recorder) =>
  u.runtime.seatList().find((s) => s.userId === viewer.userId);
const events = (viewer: Recorder, type: string) => viewer.events().filter((e) => e.type === type);

async function headsUpDealt(u: UnitTable) {
  const a = u.player();
  const b = u.player();
  await u.sit(a, 0, 5_000);
  await u.sit(b, 1, 5_000);
  await u.tick(1_000);
  return [a, b] as const;
}

describe('removing a blocked or deleted player', () => {
  it('a player not in a hand is stood up and cashed out at once', async () => {
    const u = await unitTable();
    const a = u.player();
    await u.sit(a, 2, 4_000);
    expect(await u.runtime.removePlayer(a.userId!)).toBe(true);
    expect(seatOf(u, a)).toBeUndefined();
    expect(events(a, 'seat-left')).toEqual([
      expect.objectContaining({ userId: a.userId, reason: 'removed' }),
    ]);
    expect(u.bank.available(a.userId!)).toBe(50_000);
    expect(u.bank.seat(a.userId!, T)).toBe(0);
    expect(await u.runtime.removePlayer(a.userId!)).toBe(false);
  });

  it('a player whose turn it is folds at once and is cashed out when the hand ends', async () => {
    const u = await unitTable();
    const [a, b] = await headsUpDealt(u);
    expect(u.toAct([a, b]).viewer).toBe(a);
    await u.runtime.removePlayer(a.userId!);
    await u.tick(0);
    expect(u.runtime.isPlaying).toBe(false);
    expect(events(b, 'timed-out')).toEqual([]);
    expect(seatOf(u, a)).toBeUndefined();
    expect(u.bank.available(a.userId!)).toBe(50_000 - 50);
    expect(u.bank.seat(b.userId!, T)).toBe(5_050);
    expect(u.bank.total()).toBe(0);
  });

  it('a player waiting for the turn can do nothing more, folds without a clock when the turn comes, and leaves after the hand', async () => {
    const u = await unitTable();
    const [a, b] = await headsUpDealt(u);
    await u.runtime.removePlayer(b.userId!);
    expect(seatOf(u, b)!.status).toBe('leaving');
    for (const message of [{ type: 'RECHARGE', amount: 100 }, { type: 'SIT_IN' }] as const) {
      expect(await u.send(b, message)).toMatchObject({ ok: false, code: 'unauthorized' });
    }
    const clocks = events(a, 'clock').length;
    const turn = u.toAct([a, b]);
    await u.send(a, {
      type: 'ACTION',
      action: 'raise',
      amount: 300,
      handNumber: turn.handNumber,
      stateId: turn.stateId,
    });
    expect(events(a, 'clock')).toHaveLength(clocks); // no clock ran for the removed player
    expect(u.runtime.isPlaying).toBe(false);
    expect(seatOf(u, b)).toBeUndefined();
    expect(u.bank.available(b.userId!)).toBe(50_000 - 100);
    expect(u.bank.seat(a.userId!, T)).toBe(5_100);
    expect(u.bank.total()).toBe(0);
  });

  it('a removed player is not dealt into another hand', async () => {
    const u = await unitTable();
    const [a, b] = await headsUpDealt(u);
    const c = u.player();
    await u.sit(c, 2, 5_000);
    await u.runtime.removePlayer(b.userId!);
    await u.act([a, b, c], 'fold');
    await u.tick(1_000);
    expect(u.runtime.seatList().map((s) => s.userId)).toEqual([a.userId, c.userId]);
  });
});

describe('sitting down during maintenance', () => {
  it('only administrators may sit while the site is under maintenance; a refused player keeps every tugrik', async () => {
    const u = await unitTable({ settings: { maintenance: { enabled: true, message: 'Back soon' } } });
    const player = u.player();
    const bot = u.player(0, { isBot: true });
    const admin = u.player(50_000, { role: 'ADMIN' });
    expect(await u.send(player, { type: 'SIT', seat: 0, amount: 2_000 })).toMatchObject({
      ok: false,
      code: 'maintenance',
    });
    expect(await u.send(bot, { type: 'SIT', seat: 1, amount: 2_000 })).toMatchObject({ ok: false });
    expect(u.bank.available(player.userId!)).toBe(50_000);
    expect(await u.send(admin, { type: 'SIT', seat: 0, amount: 2_000 })).toEqual({ ok: true });
    u.settings.maintenance = { enabled: false, message: '' };
    expect(await u.send(player, { type: 'SIT', seat: 1, amount: 2_000 })).toEqual({ ok: true });
  });

  it('a blocked account cannot sit at all', async () => {
    const u = await unitTable();
    const blocked = u.player(50_000, { active: false });
    expect(await u.send(blocked, { type: 'SIT', seat: 0, amount: 2_000 })).toMatchObject({
      ok: false,
      code: 'unauthorized',
    });
    expect(u.bank.available(blocked.userId!)).toBe(50_000);
  });
});
