import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { BALANCED, startTestServer, type TestServer } from '../src/testing/testServer.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const ROUTES: Array<[Method, string]> = [
  ['POST', '/api/v1/user/login'],
  ['POST', '/api/v1/user/register'],
  ['POST', '/api/v1/user/logout'],
  ['POST', '/api/v1/user/forgot-password'],
  ['POST', '/api/v1/user/reset-password'],
  ['GET', '/api/v1/user/me'],
  ['GET', '/api/v1/user/fairness/head'],
  ['GET', '/api/v1/admin/fairness/verify'],
  ['PATCH', '/api/v1/user/me'],
  ['GET', '/api/v1/user/search'],
  ['GET', '/api/v1/user/tables'],
  ['GET', '/api/v1/user/deposit'],
  ['GET', '/api/v1/user/withdrawal'],
  ['POST', '/api/v1/user/withdrawal'],
  ['GET', '/api/v1/user/outcome'],
  ['GET', '/api/v1/user/block/%ZZ'],
  ['GET', '/api/v1/admin/user/search'],
  ['DELETE', '/api/v1/admin/user'],
  ['PATCH', '/api/v1/admin/user/role'],
  ['GET', '/api/v1/admin/deposit'],
  ['POST', '/api/v1/admin/deposit'],
  ['GET', '/api/v1/admin/withdrawal'],
  ['PUT', '/api/v1/admin/withdrawal/approve'],
  ['PUT', '/api/v1/admin/withdrawal/reject'],
  ['POST', '/api/v1/admin/table'],
  ['PATCH', '/api/v1/admin/table'],
  ['DELETE', '/api/v1/admin/table'],
  ['GET', '/api/v1/admin/table/session'],
  ['DELETE', '/api/v1/admin/table/kick'],
  ['PUT', '/api/v1/admin/table/simulate'],
  ['DELETE', '/api/v1/admin/table/simulate'],
  ['POST', '/api/v1/admin/block'],
  ['PUT', '/api/v1/admin/block/lobby-banner'],
  ['PUT', '/api/v1/admin/settings'],
  ['PUT', '/api/v1/admin/deposit/approve'],
  ['POST', '/api/v1/admin/deposit/reverse'],
  ['POST', '/api/v1/admin/adjustment'],
  ['PUT', '/api/v1/admin/user/block'],
  ['PUT', '/api/v1/admin/user/unblock'],
  ['GET', '/api/v1/admin/audit'],
  ['GET', '/api/v1/admin/audit.csv'],
];

const BODIES: unknown[] = [
  null,
  [],
  {},
  'a string',
  12345,
  { amount: 1e308, userId: -0, tableId: 'NaN', withdrawalId: [1] },
  { amount: 2 ** 53, userId: 2 ** 31, role: 'ADMIN ', reason: '' },
  { email: 'x@y', username: '../../etc', password: '', repeatPassword: null, bank: {}, accountNumber: 1 },
  { name: '💥'.repeat(100), block: { en: ['x'], mn: null }, variant: 'holdem', smallBlind: 1e20 },
  { withdrawal: { min: -1 }, rake: { percent: 'five' }, banks: [] },
  { preferences: { language: 'fr', darkTheme: 'yes' }, newPassword: 'x'.repeat(10_000) },
  { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } },
];

const QUERIES = [
  '',
  '?userId=-1',
  '?tableId=1e9&userId=0x10',
  '?page=99999999&pageSize=1',
  '?withdrawalId=1&withdrawalId=2',
  '?q=%27%3B--',
];

describe.each(TEST_DRIVERS)('garbage input on $name', ({ url }) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(() => t.close());

  it('no route answers garbage with a 5xx, and the books stay balanced', async () => {
    const failures: string[] = [];
    for (const [method, path] of ROUTES) {
      for (const [i, body] of BODIES.entries()) {
        const query = QUERIES[i % QUERIES.length];
        const res = await t.call({
          method,
          url: `${path}${query}`,
          token: t.admin.token,
          payload: method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(body),
          headers:
            method === 'GET' || method === 'DELETE' ? undefined : { 'content-type': 'application/json' },
        });
        if (res.statusCode >= 500)
          failures.push(`${method} ${path}${query} ${JSON.stringify(body)} -> ${res.statusCode} ${res.body}`);
        else if (res.statusCode >= 400 && typeof res.json().error?.code !== 'string')
          failures.push(`${method} ${path}${query} -> ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await t.audit()).toEqual(BALANCED);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
