// An administrator's edit of a live table's stakes, on a fake clock and an in-memory bank: the hand in play
// keeps its blinds, the next hand deals with the new ones, and everyone at the table is told in advance.
import { describe, expect, it } from 'vitest';
import { snapshotOf, type Recorder } from '../../testing/testTables.js';
import { UNIT_TABLE, unitTable } from '../../testing/unitTable.js';

const blindsPosted = (viewer: Recorder, handNumber: number) => {
  const events = viewer.events();
  const start = events.findIndex((e) => e.type === 'hand-started' && e.handNumber === handNumber);
  const end = events.findIndex((e, i) => i > start && e.type === 'hand-started');
  return events
    .slice(start, end === -1 ? undefined : end)
    .flatMap((e) => (e.type === 'blind-posted' ? [e.amount] : []))
    .sort((x, y) => x - y);
};

describe('blinds changed on a live table', () => {
  it('a change during a hand leaves that hand’s blinds, applies from the next hand, and players and spectators hear it first', async () => {
    const u = await unitTable();
    const [a, b, spectator] = [u.player(), u.player(), u.player()];
    await u.sit(a, 0, 5_000);
    await u.sit(b, 1, 5_000);
    await u.tick(1_000);
    expect(u.runtime.isPlaying).toBe(true);

    await u.runtime.updateTable({ ...UNIT_TABLE, smallBlind: 100, bigBlind: 200 });

    for (const viewer of [a, b, spectator]) {
      expect(viewer.events().filter((e) => e.type === 'stakes-changing')).toEqual([
        { type: 'stakes-changing', smallBlind: 100, bigBlind: 200 },
      ]);
      expect(viewer.events().filter((e) => e.type === 'table-updated')).toEqual([]);
    }
    // The hand in play: its blinds, and the table as the viewers see it, are as they were.
    expect(blindsPosted(spectator, 1)).toEqual([50, 100]);
    expect(snapshotOf(u.runtime, spectator).table).toMatchObject({ smallBlind: 50, bigBlind: 100 });
    // One who opens the table now hears it from the snapshot.
    expect(snapshotOf(u.runtime, u.player()).table.nextStakes).toEqual({ smallBlind: 100, bigBlind: 200 });

    await u.act([a, b], 'fold');
    // Once the hand is over the edit applies (before the next deal), and viewers get the new table.
    expect(u.runtime.isPlaying).toBe(false);
    expect(snapshotOf(u.runtime, spectator).table).toMatchObject({ smallBlind: 100, bigBlind: 200 });
    expect(snapshotOf(u.runtime, spectator).table.nextStakes).toBeUndefined();
    const updates = spectator.events().flatMap((e) => (e.type === 'table-updated' ? [e.table] : []));
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ smallBlind: 100, bigBlind: 200 });
    expect(updates[0].nextStakes).toBeUndefined();

    await u.tick(1_000);
    expect(u.runtime.isPlaying).toBe(true);
    expect(blindsPosted(spectator, 2)).toEqual([100, 200]);
    expect(u.bank.total()).toBe(0);
  });

  it('between hands an edit applies at once with no notice; an edit during a hand that keeps the blinds brings none', async () => {
    const u = await unitTable();
    const [a, b] = [u.player(), u.player()];
    await u.sit(a, 0, 5_000);
    await u.runtime.updateTable({ ...UNIT_TABLE, smallBlind: 25, bigBlind: 50 });
    expect(snapshotOf(u.runtime, a).table).toMatchObject({ smallBlind: 25, bigBlind: 50 });
    await u.sit(b, 1, 5_000);
    await u.tick(1_000);
    expect(blindsPosted(a, 1)).toEqual([25, 50]);

    await u.runtime.updateTable({ ...UNIT_TABLE, smallBlind: 25, bigBlind: 50, name: 'Renamed' });
    expect(snapshotOf(u.runtime, a).table.name).toBe('Unit');
    await u.act([a, b], 'fold');
    expect(snapshotOf(u.runtime, a).table.name).toBe('Renamed');
    expect(a.events().filter((e) => e.type === 'stakes-changing')).toEqual([]);
  });
});
