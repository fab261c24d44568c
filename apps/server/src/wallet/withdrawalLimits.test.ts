import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DRIVERS } from '../testing/database.js';
import { BALANCED, startTestServer, type TestServer } from '../testing/testServer.js';

const U = '/api/v1/user';

describe.each(TEST_DRIVERS)('withdrawal limits on $name', ({ url }) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  const withdraw = (token: string, amount: number) =>
    t.call({ method: 'POST', url: `${U}/withdrawal`, token, payload: { amount } });

  it.each([
    [500, 1_000],
    [500, 400],
    [0, 5_000],
  ])(
    'with a balance of %i (below the minimum of 1000) a withdrawal of %i says so plainly and moves nothing',
    async (balance, amount) => {
      const p = await t.player(balance);
      const res = await withdraw(p.token, amount);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'insufficient_funds',
        message: 'Your balance is below the minimum withdrawal of 1000',
      });
      expect((await t.call({ method: 'GET', url: `${U}/me`, token: p.token })).json()).toMatchObject({
        balance,
        locked: 0,
      });
    },
  );

  it.each([[1.5], [-5], ['500']])(
    'with a balance below the minimum a malformed amount (%j) never reads "between 1000 and 500"',
    async (amount) => {
      const p = await t.player(500);
      const res = await t.call({
        method: 'POST',
        url: `${U}/withdrawal`,
        token: p.token,
        payload: { amount },
      });
      expect(res.json().error.message).toBe('Your balance is below the minimum withdrawal of 1000');
      expect((await t.call({ method: 'GET', url: `${U}/me`, token: p.token })).json().balance).toBe(500);
    },
  );

  it('with a balance at or above the minimum the range is still given: too low is 400, too much is 409', async () => {
    const p = await t.player(1_500);
    const low = await withdraw(p.token, 999);
    expect(low.statusCode).toBe(400);
    expect(low.json().error).toMatchObject({
      code: 'validation_failed',
      message: 'Amount must be between 1000 and 1500',
      fields: { amount: 'Too low' },
    });
    const high = await withdraw(p.token, 1_501);
    expect(high.statusCode).toBe(409);
    expect(high.json().error).toMatchObject({
      code: 'insufficient_funds',
      message: 'Amount must be between 1000 and 1500',
      fields: { amount: 'Too much' },
    });
    expect((await withdraw(p.token, 1_500)).statusCode).toBe(201);
  });
});
