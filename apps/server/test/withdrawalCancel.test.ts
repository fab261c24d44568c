import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LockedMoneySchema, WithdrawalSchema } from '@tenger/protocol';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { BUY_IN, FEE, SIT_AND_GO } from './tournamentFixtures.js';
import { BALANCED, startTestServer, type TestPlayer, type TestServer } from '../src/testing/testServer.js';

const U = '/api/v1/user';

describe.each(TEST_DRIVERS)('a player cancels a pending withdrawal on $name', ({ url }) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  const me = async (p: TestPlayer) =>
    (await t.call({ method: 'GET', url: `${U}/me`, token: p.token })).json();
  const ask = async (p: TestPlayer, amount: number) => {
    const res = await t.call({ method: 'POST', url: `${U}/withdrawal`, token: p.token, payload: { amount } });
    expect(res.statusCode).toBe(201);
    return WithdrawalSchema.parse(res.json());
  };
  const cancel = (p: TestPlayer, withdrawalId: number | string) =>
    t.call({ method: 'PUT', url: `${U}/withdrawal/cancel?withdrawalId=${withdrawalId}`, token: p.token });

  it('puts the money back into the available balance at once, marks it cancelled and audits it', async () => {
    const p = await t.player(10_000);
    const w = await ask(p, 4_000);
    expect(await me(p)).toMatchObject({ balance: 6_000, locked: 4_000 });
    const res = await cancel(p, w.withdrawalId);
    expect(res.statusCode).toBe(200);
    expect(WithdrawalSchema.parse(res.json())).toMatchObject({ status: 'cancelled', amount: 4_000 });
    expect(await me(p)).toMatchObject({ balance: 10_000, locked: 0 });
    const list = await t.call({ method: 'GET', url: `${U}/withdrawal`, token: p.token });
    expect(list.json().items[0]).toMatchObject({ withdrawalId: w.withdrawalId, status: 'cancelled' });
    const audit = await t.call({
      method: 'GET',
      url: `/api/v1/admin/audit?action=withdrawal.cancel&target=withdrawal:${w.withdrawalId}`,
      token: t.admin.token,
    });
    expect(audit.json().items).toHaveLength(1);
    expect(audit.json().items[0]).toMatchObject({ actorId: p.id });
  });

  it('is idempotent: cancelling twice returns the cancelled withdrawal and moves the money once', async () => {
    const p = await t.player(10_000);
    const w = await ask(p, 3_000);
    const [a, b] = await Promise.all([cancel(p, w.withdrawalId), cancel(p, w.withdrawalId)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await cancel(p, w.withdrawalId)).json()).toMatchObject({ status: 'cancelled' });
    expect(await me(p)).toMatchObject({ balance: 10_000, locked: 0 });
  });

  it("someone else's withdrawal is a 404 and stays pending", async () => {
    const owner = await t.player(10_000);
    const other = await t.player(10_000);
    const w = await ask(owner, 2_000);
    const res = await cancel(other, w.withdrawalId);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(await me(owner)).toMatchObject({ balance: 8_000, locked: 2_000 });
    expect(await me(other)).toMatchObject({ balance: 10_000, locked: 0 });
  });

  it('an approved or rejected withdrawal cannot be cancelled: 409, nothing moves', async () => {
    const p = await t.player(10_000);
    const paid = await ask(p, 2_000);
    const approve = await t.call({
      method: 'PUT',
      url: `/api/v1/admin/withdrawal/approve?withdrawalId=${paid.withdrawalId}`,
      token: t.admin.token,
    });
    expect(approve.statusCode).toBe(200);
    const res = await cancel(p, paid.withdrawalId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('already_resolved');
    const refused = await ask(p, 1_000);
    await t.call({
      method: 'PUT',
      url: `/api/v1/admin/withdrawal/reject?withdrawalId=${refused.withdrawalId}`,
      token: t.admin.token,
      payload: { reason: 'wrong account' },
    });
    expect((await cancel(p, refused.withdrawalId)).statusCode).toBe(409);
    expect(await me(p)).toMatchObject({ balance: 8_000, locked: 0 });
  });

  it('bad ids get a 400, no token a 401', async () => {
    const p = await t.player(1_000);
    for (const id of ['abc', '0', '-1', '1.5', '']) expect((await cancel(p, id)).statusCode, id).toBe(400);
    expect((await t.call({ method: 'PUT', url: `${U}/withdrawal/cancel?withdrawalId=1` })).statusCode).toBe(
      401,
    );
  });

  it('"locked" is broken down: at tables, in withdrawals, in tournaments', async () => {
    const p = await t.player(10_000);
    await ask(p, 2_500);
    const res = await t.call({ method: 'GET', url: `${U}/balance/locked`, token: p.token });
    expect(res.statusCode).toBe(200);
    expect(LockedMoneySchema.parse(res.json())).toEqual({
      atTables: 0,
      inWithdrawals: 2_500,
      inTournaments: 0,
      total: 2_500,
    });
    expect((await t.call({ method: 'GET', url: `${U}/balance/locked` })).statusCode).toBe(401);
  });

  it('a tournament entry counts in tournaments until the player unregisters', async () => {
    const p = await t.player(20_000);
    const created = await t.call({
      method: 'POST',
      url: '/api/v1/admin/tournament',
      token: t.admin.token,
      payload: { ...SIT_AND_GO, name: 'Locked money SNG' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().tournamentId as number;
    const locked = async () =>
      LockedMoneySchema.parse(
        (await t.call({ method: 'GET', url: `${U}/balance/locked`, token: p.token })).json(),
      );
    expect(
      (await t.call({ method: 'POST', url: `${U}/tournaments/${id}/register`, token: p.token })).statusCode,
    ).toBe(200);
    expect(await locked()).toMatchObject({ inTournaments: BUY_IN + FEE, total: 0 });
    expect(
      (await t.call({ method: 'DELETE', url: `${U}/tournaments/${id}/register`, token: p.token })).statusCode,
    ).toBe(200);
    expect(await locked()).toMatchObject({ inTournaments: 0 });
  });
});
