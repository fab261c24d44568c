// The waiting list from the lobby (issue 23): POST/DELETE /api/v1/user/tables/{id}/waitlist and GET
// /api/v1/user/tables/waitlists, wired to the table's own list (its rules: waitingList.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableServerMessage } from '@tenger/protocol';
import { startTestServer, type TestServer } from '../../../testing/testServer.js';
import { WsClient } from '../../../testing/wsClient.js';
import { createTestTable } from '../../../testing/testTables.js';

describe('the waiting list from the lobby', () => {
  let t: TestServer;
  let base: string;
  beforeAll(async () => {
    t = await startTestServer();
    base = (await t.server.listen()).replace('http', 'ws');
  });
  afterAll(() => t.close());

  /** A player seated at `seat` through the table channel; the open socket is returned. */
  async function seated(tableId: number, token: string, seat: number) {
    const client = await WsClient.open<TableServerMessage>(`${base}/ws/table/${tableId}`);
    client.send({ type: 'AUTH', token, requestId: 'a' });
    await client.waitFor((f) => f.type === 'ACK' && f.requestId === 'a');
    client.send({ type: 'SIT', seat, amount: 5_000, requestId: 's' });
    expect(
      await client.waitFor((f) => (f.type === 'ACK' || f.type === 'REJECT') && f.requestId === 's'),
    ).toMatchObject({ type: 'ACK' });
    return client;
  }

  it('a full table’s list is joined, shown with the place and the held seat, and left; refusals are 4xx', async () => {
    const table = await createTestTable(t, { maxPlayers: 2 });
    const [alice, bob, carol, dan] = await Promise.all([1, 2, 3, 4].map(() => t.player(20_000)));
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string) =>
      t.call({ method, url: `/api/v1/user${url}`, ...(token ? { token } : {}) });
    const mine = async (token: string) =>
      (await call('GET', '/tables/waitlists', token))
        .json()
        .tables.find((l: { tableId: number }) => l.tableId === table.id);

    const a = await seated(table.id, alice.token, 0);
    // A seat is free: sit down instead.
    expect((await call('POST', `/tables/${table.id}/waitlist`, carol.token)).json()).toMatchObject({
      error: { code: 'bad_seat' },
    });
    const b = await seated(table.id, bob.token, 1);

    expect((await call('POST', `/tables/${table.id}/waitlist`, carol.token)).statusCode).toBe(200);
    expect((await call('POST', `/tables/${table.id}/waitlist`, dan.token)).statusCode).toBe(200);
    expect(await mine(carol.token)).toEqual({ tableId: table.id, waiting: 2, place: 1, offer: null });
    expect(await mine(dan.token)).toEqual({ tableId: table.id, waiting: 2, place: 2, offer: null });
    expect(await mine(alice.token)).toEqual({ tableId: table.id, waiting: 2, place: null, offer: null });
    const seatedJoin = await call('POST', `/tables/${table.id}/waitlist`, alice.token);
    expect([seatedJoin.statusCode, seatedJoin.json().error.code]).toEqual([409, 'already_seated']);

    // Alice leaves: her seat is held for Carol, and only Carol is told.
    a.send({ type: 'LEAVE', requestId: 'l' });
    await a.waitFor((f) => f.type === 'ACK' && f.requestId === 'l');
    await expect.poll(async () => (await mine(carol.token))?.offer?.seat).toBe(0);
    expect((await mine(dan.token)).offer).toBeNull();

    // Carol passes: off the list, the seat goes to Dan.
    expect((await call('DELETE', `/tables/${table.id}/waitlist`, carol.token)).statusCode).toBe(200);
    expect(await mine(carol.token)).toMatchObject({ waiting: 1, place: null, offer: null });
    await expect.poll(async () => (await mine(dan.token))?.offer?.seat).toBe(0);

    expect((await call('POST', '/tables/abc/waitlist', carol.token)).statusCode).toBe(400);
    expect((await call('POST', '/tables/999999/waitlist', carol.token)).statusCode).toBe(404);
    expect((await call('POST', `/tables/${table.id}/waitlist`)).statusCode).toBe(401);
    expect((await call('GET', '/tables/waitlists')).statusCode).toBe(401);
    a.close();
    b.close();
  });
});
