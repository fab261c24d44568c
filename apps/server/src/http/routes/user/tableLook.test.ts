// GET/PUT /api/v1/user/table-look: the felt and card back kept on the account (migration 0029).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TABLE_LOOK } from '@tenger/protocol';
import { TEST_DRIVERS } from '../../../testing/database.js';
import { startTestServer, type TestServer } from '../../../testing/testServer.js';

const URL = '/api/v1/user/table-look';

describe.each(TEST_DRIVERS)('the table look on $name', ({ url }) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(() => t.close());

  it('starts at the green felt and classic back, keeps a choice, and keeps it per player', async () => {
    const [alice, bob] = [await t.player(), await t.player()];
    const look = async (token: string) => (await t.call({ method: 'GET', url: URL, token })).json();
    expect(await look(alice.token)).toEqual(DEFAULT_TABLE_LOOK);

    const saved = await t.call({
      method: 'PUT',
      url: URL,
      token: alice.token,
      payload: { felt: 'blue', cardBack: 'gold' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ felt: 'blue', cardBack: 'gold' });
    expect(await look(alice.token)).toEqual({ felt: 'blue', cardBack: 'gold' });
    expect(await look(bob.token)).toEqual(DEFAULT_TABLE_LOOK);
  });

  it('refuses a value outside the fixed set with the error shape, and changes nothing', async () => {
    const player = await t.player();
    await t.call({
      method: 'PUT',
      url: URL,
      token: player.token,
      payload: { felt: 'red', cardBack: 'navy' },
    });
    for (const payload of [
      { felt: 'purple', cardBack: 'navy' },
      { felt: 'red', cardBack: "x'); DROP TABLE users; --" },
      { felt: 'red' },
      { felt: 7, cardBack: null },
      [],
    ]) {
      const response = await t.call({ method: 'PUT', url: URL, token: player.token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'validation_failed', message: expect.any(String) },
      });
    }
    const response = await t.call({
      method: 'PUT',
      url: URL,
      token: player.token,
      payload: { felt: 'pink', cardBack: 'navy' },
    });
    expect(response.json().error.fields).toHaveProperty('felt');
    expect((await t.call({ method: 'GET', url: URL, token: player.token })).json()).toEqual({
      felt: 'red',
      cardBack: 'navy',
    });
  });

  it('needs a login', async () => {
    expect((await t.call({ method: 'GET', url: URL })).statusCode).toBe(401);
    const put = await t.call({ method: 'PUT', url: URL, payload: { felt: 'blue', cardBack: 'gold' } });
    expect(put.statusCode).toBe(401);
    expect(put.json()).toMatchObject({ error: { code: expect.any(String) } });
  });
});
