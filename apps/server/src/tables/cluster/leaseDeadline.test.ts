// The local lease deadline: a process knows it may have lost a table from its own clock alone, before
// any renewal has been tried (a process woken from SIGSTOP must not act on what it held before).
import { describe, expect, it } from 'vitest';
import type { TableLeases } from '../../cluster/tableLeases.js';
import { TableOwnership } from './tableOwnership.js';

const TTL = 8_000;

function leaseStore(expiring: boolean, renews = true): TableLeases {
  return {
    nodeId: 'node-a',
    expiring,
    acquire: async () => 1,
    renew: async () => renews,
    release: async () => undefined,
    owner: async () => 'node-a',
    close: async () => undefined,
  };
}

function ownership(leases: TableLeases) {
  const clock = { now: 1_000_000 };
  const lost: number[] = [];
  const owned = new TableOwnership(
    leases,
    { lost: (tableId) => lost.push(tableId), warn: () => undefined },
    2_500,
    TTL,
    () => clock.now,
  );
  return { owned, clock, lost };
}

describe('the local lease deadline', () => {
  it('a lease acquired or renewed less than one lease period ago is current; one period later it is not, before any renewal is tried', async () => {
    const { owned, clock } = ownership(leaseStore(true));
    await owned.acquire(3);
    clock.now += TTL - 1;
    expect(owned.current(3)).toBe(true);
    clock.now += 1;
    expect(owned.current(3)).toBe(false);
    owned.stop();
  });

  it('a renewal that succeeds makes the lease current again from when it was sent', async () => {
    const { owned, clock } = ownership(leaseStore(true));
    await owned.acquire(3);
    clock.now += TTL + 5_000;
    await owned.renewAll();
    expect(owned.current(3)).toBe(true);
    clock.now += TTL;
    expect(owned.current(3)).toBe(false);
    owned.stop();
  });

  it('a lost renewal ends ownership at once; a table never held is not current', async () => {
    const { owned, lost } = ownership(leaseStore(true, false));
    await owned.acquire(3);
    await owned.renewAll();
    expect(owned.current(3)).toBe(false);
    expect(lost).toEqual([3]);
    expect(owned.current(4)).toBe(false);
  });

  it('a local lease (one process, no Redis) never lapses, however long the process slept', async () => {
    const { owned, clock } = ownership(leaseStore(false));
    await owned.acquire(3);
    clock.now += 10 * TTL;
    expect(owned.current(3)).toBe(true);
    owned.stop();
  });
});
