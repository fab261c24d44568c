import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { BALANCED, startTestServer, type TestServer } from '../src/testing/testServer.js';

describe.each(TEST_DRIVERS)('money under concurrency on $name', ({ url }) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  it('eight tables created at once all succeed, each with its own number', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.call({
          method: 'POST',
          url: '/api/v1/admin/table',
          token: t.admin.token,
          payload: {
            name: `Race ${i}`,
            variant: 'holdem',
            smallBlind: 1,
            bigBlind: 2,
            minBuyIn: 80,
            maxBuyIn: 200,
            maxPlayers: 6,
          },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const numbers = responses.map((r) => r.json().no as number);
    expect(new Set(numbers).size).toBe(8);
  });

  it('50 simultaneous withdrawals of the whole balance: exactly one succeeds', async () => {
    const p = await t.player(40_000);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call({
          method: 'POST',
          url: '/api/v1/user/withdrawal',
          token: p.token,
          payload: { amount: 40_000 },
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(await t.services.ledger.balancesOf(p.id)).toMatchObject({
      available: 0,
      pendingWithdrawals: 40_000,
    });
  });

  it('the same idempotent deposit sent 20 times at once makes one posting', async () => {
    const p = await t.player();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call({
          method: 'POST',
          url: '/api/v1/admin/deposit',
          token: t.admin.token,
          payload: { userId: p.id, amount: 77_000 },
          headers: { 'idempotency-key': `twenty-${p.id}` },
        }),
      ),
    );
    expect(responses.every((r) => r.statusCode === 201 || r.statusCode === 200)).toBe(true);
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(new Set(responses.map((r) => r.json().depositId)).size).toBe(1);
    expect((await t.services.ledger.balancesOf(p.id)).available).toBe(77_000);
    const [row] = await queryRows<{ n: string | number }>(
      t.services.db,
      sql`SELECT count(*) AS n FROM deposits WHERE user_id = ${p.id}`,
    );
    expect(Number(row.n)).toBe(1);
  });

  it('approve racing reject: one wins, the other is told it was already resolved', async () => {
    for (let round = 0; round < 5; round++) {
      const p = await t.player(9_000);
      const created = await t.call({
        method: 'POST',
        url: '/api/v1/user/withdrawal',
        token: p.token,
        payload: { amount: 9_000 },
      });
      const id = created.json().withdrawalId;
      const [approve, reject, approveAgain] = await Promise.all([
        t.call({
          method: 'PUT',
          url: `/api/v1/admin/withdrawal/approve?withdrawalId=${id}`,
          token: t.admin.token,
        }),
        t.call({
          method: 'PUT',
          url: `/api/v1/admin/withdrawal/reject?withdrawalId=${id}`,
          token: t.admin.token,
          payload: { reason: 'race' },
        }),
        t.call({
          method: 'PUT',
          url: `/api/v1/admin/withdrawal/approve?withdrawalId=${id}`,
          token: t.admin.token,
        }),
      ]);
      const codes = [approve.statusCode, reject.statusCode, approveAgain.statusCode];
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(2);
      const balances = await t.services.ledger.balancesOf(p.id);
      const rejected = reject.statusCode === 200;
      expect(balances).toMatchObject({ available: rejected ? 9_000 : 0, pendingWithdrawals: 0 });
    }
  });

  it('deposits and withdrawals of many players at once keep every balance equal to its postings', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => t.player(20_000)));
    await Promise.all(
      players.flatMap((p) => [
        t.call({
          method: 'POST',
          url: '/api/v1/user/withdrawal',
          token: p.token,
          payload: { amount: 5_000 },
        }),
        t.call({
          method: 'POST',
          url: '/api/v1/admin/deposit',
          token: t.admin.token,
          payload: { userId: p.id, amount: 1_000 },
        }),
        t.call({
          method: 'POST',
          url: '/api/v1/user/withdrawal',
          token: p.token,
          payload: { amount: 6_000 },
        }),
      ]),
    );
    for (const p of players) {
      expect(await t.services.ledger.balancesOf(p.id)).toMatchObject({
        available: 10_000,
        pendingWithdrawals: 11_000,
      });
    }
  });
});
