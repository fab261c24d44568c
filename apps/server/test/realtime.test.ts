import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { GlobalServerMessageSchema, type GlobalServerMessage } from '@tenger/protocol';
import { Accounts } from '../src/ledger/accounts.js';
import { BALANCED, startTestServer, type TestServer } from '../src/testing/testServer.js';

/** A test client that records every message it receives. */
class Client {
  readonly messages: GlobalServerMessage[] = [];
  private waiters: Array<() => void> = [];
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.messages.push(GlobalServerMessageSchema.parse(JSON.parse(String(data))));
      for (const w of this.waiters.splice(0)) w();
    });
  }
  static async open(url: string, origin?: string): Promise<Client> {
    const socket = new WebSocket(url, origin ? { origin } : undefined);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
    return new Client(socket);
  }
  send(value: unknown): void {
    this.socket.send(typeof value === 'string' ? value : JSON.stringify(value));
  }
  async next(predicate: (m: GlobalServerMessage) => boolean, timeoutMs = 5000): Promise<GlobalServerMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) {
        this.messages.splice(this.messages.indexOf(found), 1);
        return found;
      }
      if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
  close(): void {
    this.socket.close();
  }
}

describe('/ws/global', () => {
  let t: TestServer;
  let wsUrl: string;
  beforeAll(async () => {
    t = await startTestServer();
    const address = await t.server.listen();
    wsUrl = `${address.replace(/^http/, 'ws')}/ws/global`;
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  it('after AUTH the player gets BALANCE_UPDATE whenever their money changes', async () => {
    const p = await t.player(1_000);
    const client = await Client.open(wsUrl);
    client.send({ type: 'AUTH', token: p.token });
    expect(await client.next((m) => m.type === 'AUTH_OK')).toEqual({ type: 'AUTH_OK', userId: p.id });
    expect(await client.next((m) => m.type === 'BALANCE_UPDATE')).toMatchObject({
      data: { userId: p.id, balance: 1_000 },
    });
    await t.call({
      method: 'POST',
      url: '/api/v1/admin/deposit',
      token: t.admin.token,
      payload: { userId: p.id, amount: 5_000 },
    });
    expect(await client.next((m) => m.type === 'BALANCE_UPDATE')).toEqual({
      type: 'BALANCE_UPDATE',
      data: { userId: p.id, balance: 6_000, locked: 0 },
    });
    await t.call({
      method: 'POST',
      url: '/api/v1/user/withdrawal',
      token: p.token,
      payload: { amount: 2_000 },
    });
    expect(await client.next((m) => m.type === 'BALANCE_UPDATE')).toMatchObject({
      data: { balance: 4_000, locked: 2_000 },
    });
    client.close();
  });

  it("nobody else receives a player's balance", async () => {
    const a = await t.player();
    const b = await t.player();
    const watcher = await Client.open(wsUrl);
    watcher.send({ type: 'AUTH', token: b.token });
    await watcher.next((m) => m.type === 'AUTH_OK');
    await watcher.next((m) => m.type === 'BALANCE_UPDATE');
    await t.call({
      method: 'POST',
      url: '/api/v1/admin/deposit',
      token: t.admin.token,
      payload: { userId: a.id, amount: 3_000 },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(watcher.messages.filter((m) => m.type === 'BALANCE_UPDATE')).toEqual([]);
    watcher.close();
  });

  it('a jackpot change reaches every connection, signed in or not', async () => {
    const anonymous = await Client.open(wsUrl);
    const p = await t.player(10_000);
    const [table] = await t.services.tables.list();
    await t.services.ledger.transfer({
      from: Accounts.available(p.id),
      to: Accounts.seat(p.id, table.id),
      amount: 10_000,
      kind: 'buy_in',
      key: `jp-in-${p.id}`,
      tableId: table.id,
    });
    await t.services.ledger.transfer({
      from: Accounts.seat(p.id, table.id),
      to: Accounts.jackpot,
      amount: 300,
      kind: 'gameplay',
      key: `jp-${p.id}`,
      tableId: table.id,
    });
    const update = await anonymous.next((m) => m.type === 'GAME');
    expect(update).toEqual({
      type: 'GAME',
      action: 'JACKPOT_UPDATE',
      amount: await t.services.ledger.jackpotAmount(),
    });
    anonymous.close();
  });

  it('a bad token or a garbage message gets an error and the socket stays usable', async () => {
    const p = await t.player(2_500);
    const client = await Client.open(wsUrl);
    client.send({ type: 'AUTH', token: 'not-a-token' });
    expect(await client.next((m) => m.type === 'ERROR')).toMatchObject({ code: 'unauthorized' });
    client.send('{{{ not json');
    expect(await client.next((m) => m.type === 'ERROR')).toMatchObject({ code: 'bad_message' });
    client.send({ type: 'DANCE' });
    expect(await client.next((m) => m.type === 'ERROR')).toMatchObject({ code: 'bad_message' });
    client.send({ type: 'PING' });
    expect(await client.next((m) => m.type === 'PONG')).toEqual({ type: 'PONG' });
    client.send({ type: 'AUTH', token: p.token });
    expect(await client.next((m) => m.type === 'BALANCE_UPDATE')).toMatchObject({ data: { balance: 2_500 } });
    client.close();
  });

  it('refuses a WebSocket from an origin outside the allow-list', async () => {
    await expect(Client.open(wsUrl, 'https://evil.example')).rejects.toThrow(/403/);
    const allowed = await Client.open(wsUrl, 'http://localhost:5173');
    allowed.close();
  });

  it("a blocked player's connection is closed", async () => {
    const p = await t.player();
    const client = await Client.open(wsUrl);
    client.send({ type: 'AUTH', token: p.token });
    await client.next((m) => m.type === 'AUTH_OK');
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)));
    await t.call({ method: 'DELETE', url: `/api/v1/admin/user?userId=${p.id}`, token: t.admin.token });
    expect(await closed).toBe(4001);
  });
});
