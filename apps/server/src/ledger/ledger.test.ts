import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client.js';
import { queryRows } from '../db/client.js';
import { openTestDatabase, TEST_DRIVERS } from '../testing/database.js';
import { Accounts } from './accounts.js';
import { Ledger, type PostingResult } from './ledger.js';

describe.each(TEST_DRIVERS)('ledger on $name', ({ url }) => {
  let handle: DatabaseHandle;
  let ledger: Ledger;
  let alice: number;
  let bob: number;

  beforeAll(async () => {
    handle = await openTestDatabase(url);
    ledger = new Ledger(handle.db);
    const rows = await queryRows<{ id: number }>(
      handle.db,
      sql`INSERT INTO users (username, email, password_hash) VALUES ('alice', 'a@x.mn', 'x'), ('bob', 'b@x.mn', 'x') RETURNING id`,
    );
    [alice, bob] = rows.map((r) => Number(r.id));
    await ledger.transfer({
      from: Accounts.outsideBank,
      to: Accounts.available(alice),
      amount: 10_000,
      kind: 'deposit',
      key: 'seed-alice',
    });
  });
  afterAll(() => handle.close());

  const newUser = async (name: string) => {
    const [row] = await queryRows<{ id: number }>(
      handle.db,
      sql`INSERT INTO users (username, email, password_hash) VALUES (${name}, ${name + '@x.mn'}, 'x') RETURNING id`,
    );
    return Number(row.id);
  };
  afterEach(async () => {
    expect(await ledger.audit()).toEqual({
      total: 0,
      postingsTotal: 0,
      mismatchedAccounts: 0,
      unbalancedTransactions: 0,
    });
  });

  it('a deposit makes the balance available and the outside bank negative by the same amount', async () => {
    expect((await ledger.balancesOf(alice)).available).toBe(10_000);
    expect((await ledger.bookTotals()).outside_bank).toBe(-10_000);
  });

  it('refuses to spend more than the account holds and changes nothing', async () => {
    await expect(
      ledger.transfer({
        from: Accounts.available(bob),
        to: Accounts.available(alice),
        amount: 1,
        kind: 'correction',
        key: 'overdraw',
      }),
    ).rejects.toMatchObject({ code: 'insufficient_funds', status: 409 });
    expect((await ledger.balancesOf(bob)).available).toBe(0);
    const [row] = await queryRows<{ n: string }>(
      handle.db,
      sql`SELECT count(*) AS n FROM ledger_transactions WHERE idempotency_key = 'overdraw'`,
    );
    expect(Number(row.n)).toBe(0);
  });

  it('the same key posts once; the same key for another request is a conflict', async () => {
    const request = {
      from: Accounts.available(alice),
      to: Accounts.locked(alice),
      amount: 100,
      kind: 'withdrawal_request' as const,
      key: 'k1',
      requestHash: 'h1',
    };
    const first = await ledger.transfer(request);
    const again = await ledger.transfer(request);
    expect(again).toMatchObject({ transactionId: first.transactionId, replayed: true });
    await expect(ledger.transfer({ ...request, requestHash: 'h2' })).rejects.toMatchObject({
      code: 'idempotency_conflict',
    });
    expect(await ledger.balancesOf(alice)).toMatchObject({
      available: 9_900,
      pendingWithdrawals: 100,
      locked: 100,
    });
  });

  it('a hand settles several movements in one transaction, or none of them', async () => {
    const [table] = await queryRows<{ id: number }>(
      handle.db,
      sql`INSERT INTO poker_tables (no, name, variant, betting, small_blind, big_blind, min_buy_in, max_buy_in, max_players)
          VALUES (1, 'T', 'holdem', 'no-limit', 50, 100, 4000, 10000, 6) RETURNING id`,
    );
    const t = Number(table.id);
    await ledger.transfer({
      from: Accounts.available(alice),
      to: Accounts.seat(alice, t),
      amount: 4000,
      kind: 'buy_in',
      key: 'a-in',
    });
    await ledger.transfer({
      from: Accounts.outsideBank,
      to: Accounts.available(bob),
      amount: 4000,
      kind: 'deposit',
      key: 'b-dep',
    });
    await ledger.transfer({
      from: Accounts.available(bob),
      to: Accounts.seat(bob, t),
      amount: 4000,
      kind: 'buy_in',
      key: 'b-in',
    });
    const settle = (key: string, bobLoses: number) =>
      ledger.post({
        key,
        kind: 'gameplay',
        tableId: t,
        handId: key,
        movements: [
          { from: Accounts.seat(bob, t), to: Accounts.seat(alice, t), amount: bobLoses - 10 },
          { from: Accounts.seat(bob, t), to: Accounts.houseRake, amount: 8 },
          { from: Accounts.seat(bob, t), to: Accounts.jackpot, amount: 2 },
        ],
      });
    await expect(settle('hand-too-big', 4001)).rejects.toMatchObject({ code: 'insufficient_funds' });
    expect((await ledger.balancesOf(bob)).atTables).toBe(4000);
    const result = await settle('hand-1', 1000);
    expect(result.affectedUserIds.sort()).toEqual([alice, bob].sort());
    expect(result.jackpotChanged).toBe(true);
    expect((await ledger.balancesOf(alice)).atTables).toBe(4990);
    expect((await ledger.balancesOf(bob)).atTables).toBe(3000);
    expect(await ledger.jackpotAmount()).toBe(2);
    expect((await ledger.bookTotals()).house_rake).toBe(8);
  });

  it('postings are never updated or deleted', async () => {
    await expect(handle.db.execute(sql`UPDATE ledger_postings SET amount = amount + 1`)).rejects.toThrow();
    await expect(handle.db.execute(sql`DELETE FROM ledger_postings`)).rejects.toThrow();
  });

  it('the database itself refuses a negative player balance', async () => {
    await expect(
      handle.db.execute(
        sql`UPDATE ledger_accounts SET balance = -5 WHERE code = ${'player:' + alice + ':available'}`,
      ),
    ).rejects.toThrow();
  });

  it('fifty concurrent spends of the whole balance: exactly one succeeds', async () => {
    await ledger.transfer({
      from: Accounts.outsideBank,
      to: Accounts.available(bob),
      amount: 5000,
      kind: 'deposit',
      key: 'bob-5000',
    });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        ledger.transfer({
          from: Accounts.available(bob),
          to: Accounts.locked(bob),
          amount: 5000,
          kind: 'withdrawal_request',
          key: `race-${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await ledger.balancesOf(bob)).toMatchObject({ available: 0, pendingWithdrawals: 5000 });
  });

  it('fifty concurrent copies of one request (same key) for the whole balance: one posting, the rest replay it', async () => {
    const carol = await newUser('carol');
    await ledger.transfer({
      from: Accounts.outsideBank,
      to: Accounts.available(carol),
      amount: 3100,
      kind: 'deposit',
      key: 'carol-3100',
    });
    await ledger.transfer({
      from: Accounts.available(carol),
      to: Accounts.locked(carol),
      amount: 100,
      kind: 'withdrawal_request',
      key: 'carol-100',
    });
    const request = {
      from: Accounts.available(carol),
      to: Accounts.locked(carol),
      amount: 3000,
      kind: 'withdrawal_request' as const,
      key: 'carol-all',
      requestHash: 'same',
    };
    // The first copy holds its transaction open while the others start: on PostgreSQL they wait for
    // its locks with a snapshot taken before it committed, then find the balance spent.
    let copies: Promise<PostingResult[]> = Promise.resolve([]);
    const first = await ledger.inTransaction(async (tx) => {
      const posted = await ledger.transfer(request, tx);
      copies = Promise.all(Array.from({ length: 49 }, () => ledger.transfer(request)));
      await new Promise((resolve) => setTimeout(resolve, 300));
      return posted;
    });
    const results = await copies;
    expect(first.replayed).toBe(false);
    expect(results.every((r) => r.replayed && r.transactionId === first.transactionId)).toBe(true);
    expect(await ledger.balancesOf(carol)).toMatchObject({ available: 0, pendingWithdrawals: 3100 });
  });

  it('a reused key wins over the balance check: another body is a key conflict, not insufficient funds', async () => {
    const dave = await newUser('dave');
    await ledger.transfer({
      from: Accounts.outsideBank,
      to: Accounts.available(dave),
      amount: 700,
      kind: 'deposit',
      key: 'dave-700',
    });
    const spend = (requestHash: string) =>
      ledger.transfer({
        from: Accounts.available(dave),
        to: Accounts.locked(dave),
        amount: 700,
        kind: 'withdrawal_request',
        key: 'dave-all',
        requestHash,
      });
    const first = await spend('a');
    await expect(spend('a')).resolves.toMatchObject({ replayed: true, transactionId: first.transactionId });
    await expect(spend('b')).rejects.toMatchObject({ code: 'idempotency_conflict', status: 409 });
  });

  it('twenty concurrent deposits to accounts used for the first time all land', async () => {
    const erdene = await newUser('erdene');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ledger.transfer({
          from: Accounts.outsideBank,
          to: Accounts.available(erdene),
          amount: 10 + i,
          kind: 'deposit',
          key: `erdene-${i}`,
        }),
      ),
    );
    expect(results.every((r) => !r.replayed && r.affectedUserIds[0] === erdene)).toBe(true);
    expect((await ledger.balancesOf(erdene)).available).toBe(20 * 10 + (19 * 20) / 2);
  });

  it('postings inside one transaction see each other; a rolled-back transaction leaves no trace', async () => {
    const f = await newUser('fiona');
    const g = await newUser('gerel');
    await ledger.transfer({
      from: Accounts.outsideBank,
      to: Accounts.available(f),
      amount: 1000,
      kind: 'deposit',
      key: 'f-1000',
    });
    const move = (tx: Database, key: string, from: number, to: number, amount: number) =>
      ledger.postWithin(tx, {
        key,
        kind: 'correction',
        movements: [{ from: Accounts.available(from), to: Accounts.available(to), amount }],
      });
    // g's account is created by the first posting and spent by the second, in the same transaction.
    const [a, b] = await ledger.inTransaction(async (tx) => [
      await move(tx, 'f-to-g', f, g, 600),
      await move(tx, 'g-to-f', g, f, 250),
    ]);
    expect(a.replayed || b.replayed).toBe(false);
    expect((await ledger.balancesOf(f)).available).toBe(650);
    expect((await ledger.balancesOf(g)).available).toBe(350);
    await expect(
      ledger.inTransaction(async (tx) => {
        await move(tx, 'g-to-f-2', g, f, 350);
        await move(tx, 'g-to-f-3', g, f, 1); // g is empty now: refused, and the whole transaction with it
      }),
    ).rejects.toMatchObject({ code: 'insufficient_funds' });
    expect((await ledger.balancesOf(g)).available).toBe(350);
    const [row] = await queryRows<{ n: string }>(
      handle.db,
      sql`SELECT count(*) AS n FROM ledger_transactions WHERE idempotency_key IN ('g-to-f-2', 'g-to-f-3')`,
    );
    expect(Number(row.n)).toBe(0);
  });

  /** A hand's rake and jackpot contribution, paid from `payer`, in `tx`. */
  const rakeFrom = (tx: Database, key: string, payer: number, applyNow = false) =>
    ledger.postWithin(tx, {
      key,
      kind: 'gameplay',
      applyNow,
      movements: [
        { from: Accounts.available(payer), to: Accounts.houseRake, amount: 30 },
        { from: Accounts.available(payer), to: Accounts.jackpot, amount: 10 },
      ],
    });
  const houseRows = async () => ({
    rake: await ledger.balanceOf(Accounts.houseRake),
    jackpot: await ledger.jackpotAmount(),
  });

  it('credits to the rake and the jackpot are applied at commit, exactly; a rollback applies nothing', async () => {
    const payer = await newUser('ider');
    await ledger.transfer({
      from: Accounts.outsideBank,
      to: Accounts.available(payer),
      amount: 1000,
      kind: 'deposit',
      key: 'ider-1000',
    });
    const before = await houseRows();
    await ledger.inTransaction(async (tx) => {
      await rakeFrom(tx, 'ider-rake-1', payer);
      // Inside the transaction the credit is a posting, not yet the balance; the payer's debit is.
      expect(await ledger.balanceOf(Accounts.houseRake, tx)).toBe(before.rake);
      expect(await ledger.balanceOf(Accounts.available(payer), tx)).toBe(960);
    });
    expect(await houseRows()).toEqual({ rake: before.rake + 30, jackpot: before.jackpot + 10 });
    await expect(
      ledger.inTransaction(async (tx) => {
        await rakeFrom(tx, 'ider-rake-2', payer);
        throw new Error('the hand could not be stored');
      }),
    ).rejects.toThrow('could not be stored');
    expect(await houseRows()).toEqual({ rake: before.rake + 30, jackpot: before.jackpot + 10 });
    // applyNow: the transaction reads the pool with its own contribution in it (a bad beat).
    await ledger.inTransaction(async (tx) => {
      await rakeFrom(tx, 'ider-rake-3', payer, true);
      expect(await ledger.jackpotAmount(tx)).toBe(before.jackpot + 20);
    });
    expect(await houseRows()).toEqual({ rake: before.rake + 60, jackpot: before.jackpot + 20 });
    const [row] = await queryRows<{ n: string | number }>(
      handle.db,
      sql`SELECT count(*) AS n FROM ledger_postings WHERE at_commit AND amount <= 0`,
    );
    expect(Number(row.n)).toBe(0);
  });

  it.skipIf(!url)(
    'a settlement still open does not hold the rake and the jackpot: another one commits meanwhile (PostgreSQL)',
    async () => {
      const [p, q] = [await newUser('jargal'), await newUser('sarnai')];
      for (const [user, key] of [
        [p, 'jargal-1000'],
        [q, 'sarnai-1000'],
      ] as const)
        await ledger.transfer({
          from: Accounts.outsideBank,
          to: Accounts.available(user),
          amount: 1000,
          kind: 'deposit',
          key,
        });
      const before = await houseRows();
      // While p's settlement is open (its credits pending), q's commits on another connection.
      await ledger.inTransaction(async (tx) => {
        await rakeFrom(tx, 'jargal-rake', p);
        await rakeFrom(handle.db, 'sarnai-rake', q);
      });
      expect(await houseRows()).toEqual({ rake: before.rake + 60, jackpot: before.jackpot + 20 });
      // The control: applied at once, the rows stay locked until p's commit, and q's settlement waits.
      let qDone = false;
      let waiting: Promise<unknown> = Promise.resolve();
      await ledger.inTransaction(async (tx) => {
        await rakeFrom(tx, 'jargal-rake-now', p, true);
        waiting = rakeFrom(handle.db, 'sarnai-rake-now', q).then(() => (qDone = true));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(qDone).toBe(false);
      });
      await waiting;
      expect(await houseRows()).toEqual({ rake: before.rake + 120, jackpot: before.jackpot + 40 });
    },
  );

  it('refuses a balance beyond Number.MAX_SAFE_INTEGER and writes nothing', async () => {
    const h = await newUser('huslen');
    await expect(
      ledger.transfer({
        from: Accounts.outsideBank,
        to: Accounts.available(h),
        amount: Number.MAX_SAFE_INTEGER,
        kind: 'deposit',
        key: 'too-big',
      }),
    ).rejects.toMatchObject({ code: 'conflict', message: 'Amount is too large', status: 409 });
    const [row] = await queryRows<{ n: string }>(
      handle.db,
      sql`SELECT count(*) AS n FROM ledger_transactions WHERE idempotency_key = 'too-big'`,
    );
    expect(Number(row.n)).toBe(0);
    expect((await ledger.balancesOf(h)).available).toBe(0);
  });
  describe('announcements follow the commit', () => {
    const listen = () => {
      const heard: PostingResult[] = [];
      const stop = ledger.onPosted((result) => heard.push(result));
      return { heard, stop };
    };
    const gift = (key: string, to: number, amount: number) => ({
      from: Accounts.outsideBank,
      to: Accounts.available(to),
      amount,
      kind: 'deposit' as const,
      key,
    });

    it('what a transaction posts is announced once, only after it commits, and a replay is not announced again', async () => {
      const k = await newUser('khulan');
      const { heard, stop } = listen();
      const posted = await ledger.inTransaction(async (tx) => {
        const first = await ledger.transfer(gift('announce-1', k, 300), tx);
        const second = await ledger.transfer(gift('announce-2', k, 200), tx);
        expect(heard).toEqual([]); // not yet committed: nobody may push a balance that could roll back
        return [first, second];
      });
      expect(heard.map((r) => r.transactionId)).toEqual(posted.map((r) => r.transactionId));
      expect(heard.every((r) => r.affectedUserIds.includes(k))).toBe(true);
      await ledger.inTransaction((tx) => ledger.transfer(gift('announce-1', k, 300), tx));
      await ledger.transfer(gift('announce-2', k, 200));
      expect(heard).toHaveLength(2);
      stop();
      expect((await ledger.balancesOf(k)).available).toBe(500);
    });

    it('nothing is announced when the transaction rolls back', async () => {
      const m = await newUser('munkh');
      const { heard, stop } = listen();
      await expect(
        ledger.inTransaction(async (tx) => {
          await ledger.transfer(gift('rolled-back', m, 700), tx);
          throw new Error('the rest of the work failed');
        }),
      ).rejects.toThrow('the rest of the work failed');
      stop();
      expect(heard).toEqual([]);
      expect((await ledger.balancesOf(m)).available).toBe(0);
    });

    it('a posting on its own is announced once', async () => {
      const n = await newUser('nomin');
      const { heard, stop } = listen();
      const posted = await ledger.transfer(gift('alone', n, 50));
      stop();
      expect(heard.map((r) => r.transactionId)).toEqual([posted.transactionId]);
    });

    it('refuses to post in a transaction it did not open (it could not announce after that commit), and writes nothing', async () => {
      const o = await newUser('oyun');
      const { heard, stop } = listen();
      await expect(
        handle.db.transaction((tx) => ledger.transfer(gift('foreign-tx', o, 10), tx as unknown as Database)),
      ).rejects.toThrow('ledger: post inside ledger.inTransaction');
      stop();
      expect(heard).toEqual([]);
      expect((await ledger.balancesOf(o)).available).toBe(0);
    });
  });
});
