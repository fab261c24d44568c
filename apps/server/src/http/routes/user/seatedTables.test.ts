// GET /api/v1/user/tables/seated: the lobby's "you sit here" mark comes from the caller's seat accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableServerMessage } from '@tenger/protocol';
import { TEST_DRIVERS } from '../../../testing/database.js';
import { startTestServer, type TestServer } from '../../../testing/testServer.js';
import { WsClient } from '../../../testing/wsClient.js';
import { createTestTable } from '../../../testing/testTables.js';

describe.each(TEST_DRIVERS)('the tables I sit at on $name', ({ url }) => {
  let t: TestServer;
  let base: string;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
    base = (await t.server.listen()).replace('http', 'ws');
  });
  afterAll(() => t.close());

  it('lists the tables where the caller is seated, and only theirs; needs a login', async () => {
    const [one, two] = [await createTestTable(t), await createTestTable(t)];
    const [alice, bob] = [await t.player(20_000), await t.player(20_000)];
    const seated = async (token: string) =>
      (await t.call({ method: 'GET', url: '/api/v1/user/tables/seated', token })).json().tableIds;
    expect(await seated(alice.token)).toEqual([]);

    const client = await WsClient.open<TableServerMessage>(`${base}/ws/table/${two.id}`);
    client.send({ type: 'AUTH', token: alice.token, requestId: 'a' });
    await client.waitFor((f) => f.type === 'ACK' && f.requestId === 'a');
    client.send({ type: 'SIT', seat: 2, amount: 5_000, requestId: 's' });
    expect(
      await client.waitFor((f) => (f.type === 'ACK' || f.type === 'REJECT') && f.requestId === 's'),
    ).toMatchObject({
      type: 'ACK',
    });
    expect(await seated(alice.token)).toEqual([two.id]);
    expect(await seated(bob.token)).toEqual([]);
    expect(await seated(alice.token)).not.toContain(one.id);

    client.send({ type: 'LEAVE', requestId: 'l' });
    await client.waitFor((f) => f.type === 'ACK' && f.requestId === 'l');
    await expect.poll(() => seated(alice.token)).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/api/v1/user/tables/seated' })).statusCode).toBe(401);
    client.close();
  });
});
