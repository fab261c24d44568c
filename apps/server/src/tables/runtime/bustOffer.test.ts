// Busting at a cash table (issue 23 item 3): the seat is kept for 60 s, sitting out, with an offer to
// add chips; on a fake clock, an in-memory bank and a scripted deck (the bust happens in hand 1).
import { describe, expect, it } from 'vitest';
import { dealingDeck, ScriptedDeals } from '../../testing/scriptedDeals.js';
import { snapshotOf, type Recorder } from '../../testing/testTables.js';
import { unitTable, type UnitTable } from '../../testing/unitTable.js';
import { BUST_OFFER_MS } from './seatExits.js';

const T = 7; // UNIT_TABLE.id: min 2,000, max 10,000, blinds 50/100

/**
 * Three players; hand 1 (button seat 0): A folds, B (small blind, aces) goes all in, C (big blind,
 * kings, 2,000) calls all in and busts. C starts with `cBalance`.
 */
async function cBusts(cBalance = 50_000) {
  const deals = new ScriptedDeals().next(dealingDeck(['As Ad', 'Ks Kd', '7c 2d'], '3h 4h 9c Jd 5s'));
  const u = await unitTable({ deckSource: deals });
  const [a, b, c] = [u.player(), u.player(), u.player(cBalance)];
  await u.sit(a, 0, 5_000);
  await u.sit(b, 1, 5_000);
  await u.sit(c, 2, 2_000);
  await u.tick(1_000);
  await u.act([a, b, c], 'fold');
  await allIn(u, [a, b, c]);
  await u.act([a, b, c], 'call');
  return { u, a, b, c };
}

async function allIn(u: UnitTable, viewers: Recorder[]) {
  const turn = u.toAct(viewers);
  const reply = await u.send(turn.viewer, {
    type: 'ACTION',
    action: 'allin',
    handNumber: turn.handNumber,
    stateId: turn.stateId,
  });
  expect(reply).toEqual({ ok: true });
}

/** A RECHARGE of `amount` is refused with `code`. */
async function refused(u: UnitTable, viewer: Recorder, amount: number, code: string) {
  expect(await u.send(viewer, { type: 'RECHARGE', amount })).toMatchObject({ ok: false, code });
}

const seatOf = (u: UnitTable, viewer: Recorder) =>
  snapshotOf(u.runtime, viewer).table.seats.find((s) => s.userId === viewer.userId);
const left = (viewer: Recorder) =>
  viewer.events().filter((e) => e.type === 'seat-left' && e.userId === viewer.userId);
const dealtIn = (u: UnitTable, viewer: Recorder) =>
  snapshotOf(u.runtime, viewer).hand?.seats.some((s) => s.seat === seatOf(u, viewer)?.seat) ?? false;

describe('busting at a cash table', () => {
  it('keeps the seat for 60 s, sitting out and not dealt in, then stands the player up (busted)', async () => {
    const { u, a, b, c } = await cBusts();
    const bustAt = u.clock.now();
    expect(seatOf(u, c)).toMatchObject({
      seat: 2,
      stack: 0,
      status: 'sitting-out',
      bustOfferDeadline: bustAt + BUST_OFFER_MS,
    });
    expect(left(c)).toEqual([]);
    // The others play on without C.
    await u.tick(1_000);
    expect(u.runtime.isPlaying).toBe(true);
    expect(dealtIn(u, a) && dealtIn(u, b)).toBe(true);
    expect(dealtIn(u, c)).toBe(false);
    expect(await u.send(c, { type: 'SIT_IN' })).toMatchObject({ ok: false, code: 'bad_amount' });
    await u.tick(BUST_OFFER_MS - 1_001);
    expect(seatOf(u, c)?.bustOfferDeadline).toBe(bustAt + BUST_OFFER_MS);
    await u.tick(1);
    expect(seatOf(u, c)).toBeUndefined();
    expect(left(c)).toEqual([expect.objectContaining({ seat: 2, reason: 'busted' })]);
    expect(u.bank.available(c.userId!)).toBe(48_000);
    expect(u.bank.total()).toBe(0);
  });

  it('chips added within the offer (table minimum to maximum) keep the seat and deal the player in next hand', async () => {
    const { u, a, b, c } = await cBusts();
    await u.tick(30_000);
    await refused(u, c, 1_999, 'bad_amount');
    await refused(u, c, 10_001, 'above_max');
    expect(u.bank.available(c.userId!)).toBe(48_000);
    // A hand between A and B is running: the chips land at once, C plays from the next one.
    expect(u.runtime.isPlaying).toBe(true);
    expect(await u.send(c, { type: 'RECHARGE', amount: 3_000 })).toEqual({ ok: true });
    const seat = seatOf(u, c)!;
    expect(seat).toMatchObject({ stack: 3_000, status: 'waiting' });
    expect(seat.bustOfferDeadline).toBeUndefined();
    expect(u.bank.seat(c.userId!, T)).toBe(3_000);
    expect(u.bank.available(c.userId!)).toBe(45_000);
    expect(u.bank.total()).toBe(0);
    await u.act([a, b, c], 'fold');
    await u.tick(1_000);
    expect(dealtIn(u, c)).toBe(true);
    // The offer's timer is gone with it: nobody is stood up when the 60 s would have ended.
    await u.tick(BUST_OFFER_MS);
    expect(left(c)).toEqual([]);
    expect(u.bank.total()).toBe(0);
  });

  it('declining (Leave) stands the player up at once, reason busted', async () => {
    const { u, c } = await cBusts();
    expect(await u.send(c, { type: 'LEAVE' })).toEqual({ ok: true });
    expect(left(c)).toEqual([expect.objectContaining({ reason: 'busted' })]);
    expect(seatOf(u, c)).toBeUndefined();
    expect(u.bank.available(c.userId!)).toBe(48_000);
  });

  it('a player whose balance is below the minimum still gets the offer, cannot take it, and is stood up at its end', async () => {
    const { u, c } = await cBusts(3_000);
    expect(seatOf(u, c)?.bustOfferDeadline).toBeDefined();
    expect(u.bank.available(c.userId!)).toBe(1_000);
    await refused(u, c, 2_000, 'insufficient_funds');
    await refused(u, c, 1_000, 'bad_amount');
    await u.tick(BUST_OFFER_MS);
    expect(left(c)).toEqual([expect.objectContaining({ reason: 'busted' })]);
    expect(u.bank.available(c.userId!)).toBe(1_000);
    expect(u.bank.total()).toBe(0);
  });
});
