// The waiting list of a full cash table (issue 23 item 3), in the table runtime's memory: on a fake
// clock and an in-memory bank, a table of two seats.
import { describe, expect, it } from 'vitest';
import { snapshotOf, type Recorder } from '../../testing/testTables.js';
import { unitTable, type UnitTable } from '../../testing/unitTable.js';
import { WAITLIST_OFFER_MS } from './waitingList.js';

async function fullTable() {
  const u = await unitTable({ table: { maxPlayers: 2 } });
  const [a, b, c, d] = [u.player(), u.player(), u.player(), u.player()];
  await u.sit(a, 0, 5_000);
  expect(await u.send(c, { type: 'WAITLIST', join: true })).toMatchObject({ ok: false, code: 'bad_seat' });
  await u.sit(b, 1, 5_000);
  return { u, a, b, c, d };
}

const join = (u: UnitTable, v: Recorder) => u.send(v, { type: 'WAITLIST', join: true });
const waitlist = (u: UnitTable, v: Recorder) => snapshotOf(u.runtime, v).table.waitlist;
const sit = (u: UnitTable, v: Recorder, seat: number) => u.send(v, { type: 'SIT', seat, amount: 2_000 });

describe('the waiting list of a full table', () => {
  it('players join in order; a freed seat is held 30 s for the first, whom it is told, and nobody else may take it', async () => {
    const { u, a, b, c, d } = await fullTable();
    expect(await join(u, a)).toMatchObject({ ok: false, code: 'already_seated' });
    expect(await join(u, c)).toEqual({ ok: true });
    expect(await join(u, d)).toEqual({ ok: true });
    expect(await join(u, c)).toEqual({ ok: true }); // once only
    expect(waitlist(u, d)).toEqual({ userIds: [c.userId, d.userId], offer: null });

    await u.send(a, { type: 'LEAVE' });
    const offer = { userId: c.userId, seat: 0, deadline: u.clock.now() + WAITLIST_OFFER_MS };
    expect(waitlist(u, b)).toEqual({ userIds: [c.userId, d.userId], offer });
    const told = c.events().filter((e) => e.type === 'table-updated');
    expect(told.at(-1)).toMatchObject({ table: { waitlist: { offer } } });
    expect(await sit(u, d, 0)).toMatchObject({ ok: false, code: 'seat_taken' });
    expect(u.bank.available(d.userId!)).toBe(50_000);

    await u.tick(WAITLIST_OFFER_MS - 1);
    expect(await sit(u, c, 0)).toEqual({ ok: true });
    expect(waitlist(u, b)).toEqual({ userIds: [d.userId], offer: null });
    expect(u.bank.total()).toBe(0);
  });

  it('an offer not taken in 30 s passes to the next in line; with nobody left the seat is anyone’s', async () => {
    const { u, a, c, d } = await fullTable();
    await join(u, c);
    await join(u, d);
    await u.send(a, { type: 'LEAVE' });
    await u.tick(WAITLIST_OFFER_MS);
    expect(waitlist(u, d)).toEqual({
      userIds: [d.userId],
      offer: { userId: d.userId, seat: 0, deadline: u.clock.now() + WAITLIST_OFFER_MS },
    });
    expect(await sit(u, c, 0)).toMatchObject({ ok: false, code: 'seat_taken' });
    // d passes (leaves the list): the seat is free for anyone, the list is empty (and says so).
    expect(await u.send(d, { type: 'WAITLIST', join: false })).toEqual({ ok: true });
    expect(waitlist(u, c)).toBeUndefined();
    const last = c
      .events()
      .filter((e) => e.type === 'table-updated')
      .at(-1);
    expect(last).toMatchObject({ table: { waitlist: { userIds: [], offer: null } } });
    expect(await sit(u, c, 0)).toEqual({ ok: true });
  });
});
