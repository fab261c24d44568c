import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { BALANCED, startTestServer, type TestServer } from '../src/testing/testServer.js';

const U = '/api/v1/user';
const A = '/api/v1/admin';
const NUL = '\u0000';

describe.each(TEST_DRIVERS)('control characters from clients on $name', ({ url }) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(() => t.close());

  async function counts() {
    const [deposits, tables, blocks, users] = await Promise.all([
      t.call({ method: 'GET', url: `${A}/deposit?pageSize=100`, token: t.admin.token }),
      t.call({ method: 'GET', url: `${A}/table`, token: t.admin.token }),
      t.call({ method: 'GET', url: `${A}/block/list`, token: t.admin.token }),
      t.call({ method: 'GET', url: `${A}/user/search?pageSize=100`, token: t.admin.token }),
    ]);
    return { deposits: deposits.body, tables: tables.body, blocks: blocks.body, users: users.body };
  }

  it('NUL in a username, search, note, block, table name or reason answers 400 with a field message and changes nothing', async () => {
    const player = await t.player(5_000);
    const withdrawal = await t.call({
      method: 'POST',
      url: `${U}/withdrawal`,
      token: player.token,
      payload: { amount: 1_000 },
    });
    expect(withdrawal.statusCode).toBe(201);
    const withdrawalId = withdrawal.json().withdrawalId;
    const before = await counts();

    const attempts: Array<
      [
        string,
        { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; token?: string; payload?: object },
        string,
      ]
    > = [
      [
        'register username',
        {
          method: 'POST',
          url: `${U}/register`,
          payload: {
            email: 'nul@test.mn',
            username: `nul${NUL}user`,
            password: 'password-1',
            repeatPassword: 'password-1',
            acceptTerms: true,
            bank: 'Khan Bank',
            accountNumber: '12345678',
          },
        },
        'username',
      ],
      [
        'login username',
        { method: 'POST', url: `${U}/login`, payload: { username: `admin${NUL}`, password: 'x' } },
        'username',
      ],
      ['player search', { method: 'GET', url: `${U}/search?q=pl%00ayer`, token: player.token }, 'q'],
      ['admin search', { method: 'GET', url: `${A}/user/search?q=pl%00ayer`, token: t.admin.token }, 'q'],
      [
        'deposit note',
        {
          method: 'POST',
          url: `${A}/deposit`,
          token: t.admin.token,
          payload: { userId: player.id, amount: 100, note: `a${NUL}b` },
        },
        'note',
      ],
      [
        'block body',
        {
          method: 'PUT',
          url: `${A}/block/lobby-banner`,
          token: t.admin.token,
          payload: { en: `x${NUL}`, mn: 'y' },
        },
        'en',
      ],
      [
        'new block name',
        {
          method: 'POST',
          url: `${A}/block`,
          token: t.admin.token,
          payload: { name: `a${NUL}`, block: { en: 'x', mn: 'y' } },
        },
        'name',
      ],
      [
        'table name',
        {
          method: 'POST',
          url: `${A}/table`,
          token: t.admin.token,
          payload: {
            name: `T${NUL}`,
            variant: 'holdem',
            smallBlind: 5,
            bigBlind: 10,
            minBuyIn: 200,
            maxBuyIn: 1000,
            maxPlayers: 6,
          },
        },
        'name',
      ],
      [
        'reject reason',
        {
          method: 'PUT',
          url: `${A}/withdrawal/reject?withdrawalId=${withdrawalId}`,
          token: t.admin.token,
          payload: { reason: `no${NUL}` },
        },
        'reason',
      ],
      [
        'profile account number',
        {
          method: 'PATCH',
          url: `${U}/me`,
          token: player.token,
          payload: { accountNumber: `1234${NUL}5678` },
        },
        'accountNumber',
      ],
    ];
    for (const [what, request, field] of attempts) {
      const res = await t.call(request);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().error.fields?.[field], what).toMatch(/control characters/);
    }
    expect(await counts()).toEqual(before);
    const pending = await t.call({
      method: 'GET',
      url: `${A}/withdrawal?status=pending`,
      token: t.admin.token,
    });
    expect(pending.json().items.map((w: { withdrawalId: number }) => w.withdrawalId)).toContain(withdrawalId);
    expect(await t.audit()).toEqual(BALANCED);
  });

  it.each([
    ['2026-01-01', '9999-12-31'],
    ['0001-01-01', '2026-01-01'],
  ])('ledger.csv?from=%s&to=%s is a 400 before any CSV starts', async (from, to) => {
    const res = await t.call({
      method: 'GET',
      url: `${A}/ledger.csv?from=${from}&to=${to}`,
      token: t.admin.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.json().error.code).toBe('validation_failed');
  });
});
