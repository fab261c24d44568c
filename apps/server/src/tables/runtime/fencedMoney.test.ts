// Every money move of a table checks the owner's fencing token in the posting's own transaction: an
// owner whose token is no longer the newest, or who cannot prove its lease, moves no tugrik.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FencedOffError, issueFencingToken } from '../../cluster/fencing.js';
import type { TableLeases } from '../../cluster/tableLeases.js';
import { HandStore } from '../../hands/handStore.js';
import { seatBalances } from '../../ledger/ledgerReads.js';
import { TEST_DRIVERS } from '../../testing/database.js';
import { BALANCED, startTestServer, type TestServer } from '../../testing/testServer.js';
import { TableOwnership } from '../cluster/tableOwnership.js';
import { LedgerBank } from './ledgerBank.js';
import { createTestTable } from '../../testing/testTables.js';

const TTL = 8_000;

describe.each(TEST_DRIVERS)('fenced table money on $name', ({ url }) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Node A owning `tableId` under an expiring lease, with its own clock, and its bank. */
  async function ownerA(tableId: number) {
    const db = t.services.db;
    const clock = { now: 1_000_000 };
    const leases: TableLeases = {
      nodeId: 'node-a',
      expiring: true,
      acquire: (id) => issueFencingToken(db, id, 'node-a'),
      renew: async () => true,
      release: async () => undefined,
      owner: async () => 'node-a',
      close: async () => undefined,
    };
    const owned = new TableOwnership(
      leases,
      { lost: () => undefined, warn: () => undefined },
      2_500,
      TTL,
      () => clock.now,
    );
    expect(await owned.acquire(tableId)).toBe(true);
    owned.stop();
    const bank = new LedgerBank(db, t.services.ledger, new HandStore(db), owned.fence);
    return { clock, bank };
  }

  /** The player's balance and what sits in their seat at `tableId`. */
  const money = async (userId: number, tableId: number) => ({
    available: (await t.services.ledger.balancesOf(userId)).available,
    seat: (await seatBalances(t.services.db, tableId)).find((s) => s.userId === userId)?.balance ?? 0,
  });

  it('after another process took the table, the old owner’s recharge and cash-out are refused and move nothing', async () => {
    const table = await createTestTable(t);
    const alice = await t.player(10_000);
    const a = await ownerA(table.id);
    const who = { userId: alice.id, isBot: false };
    expect(await a.bank.toSeat(who, table.id, 3_000, 'buy_in')).toBe(true);
    const before = await money(alice.id, table.id);

    await issueFencingToken(t.services.db, table.id, 'node-b'); // B takes the table over
    await expect(a.bank.toSeat(who, table.id, 1_000, 'recharge')).rejects.toBeInstanceOf(FencedOffError);
    await expect(a.bank.fromSeat(who, table.id, 3_000, 'left')).rejects.toBeInstanceOf(FencedOffError);

    expect(await money(alice.id, table.id)).toEqual(before);
    expect((await a.bank.seatAccounts(table.id)).get(alice.id)).toBe(3_000);
    expect(await t.audit()).toEqual(BALANCED);
  });

  it('an owner that slept past its lease period cannot buy in or cash out, though its token is still the newest', async () => {
    const table = await createTestTable(t);
    const bob = await t.player(10_000);
    const a = await ownerA(table.id);
    const who = { userId: bob.id, isBot: false };
    expect(await a.bank.toSeat(who, table.id, 2_000, 'buy_in')).toBe(true);
    const before = await money(bob.id, table.id);

    a.clock.now += TTL;
    await expect(a.bank.toSeat(who, table.id, 2_000, 'buy_in')).rejects.toBeInstanceOf(FencedOffError);
    await expect(a.bank.fromSeat(who, table.id, 2_000, 'left')).rejects.toBeInstanceOf(FencedOffError);

    expect(await money(bob.id, table.id)).toEqual(before);
    expect(await t.audit()).toEqual(BALANCED);
  });
});
