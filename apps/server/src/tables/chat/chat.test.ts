// Table chat over the real channel and database: who may talk, what is refused, what everybody reads,
// what administrators see and do, and what is kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ChatLine, TableServerMessage } from '@tenger/protocol';
import { TEST_DRIVERS } from '../../testing/database.js';
import { startTestServer, type TestPlayer, type TestServer } from '../../testing/testServer.js';
import { WsClient } from '../../testing/wsClient.js';
import { createTestTable } from '../../testing/testTables.js';
import { CHAT_RATE_LINES } from './chatService.js';

type TableClient = WsClient<TableServerMessage>;
const reply = (c: TableClient, requestId: string) =>
  c.waitFor((f) => (f.type === 'ACK' || f.type === 'REJECT') && f.requestId === requestId);
const heard = (c: TableClient, text: string) =>
  c.waitFor((f) => f.type === 'CHAT' && f.lines.some((l) => l.text === text));
const linesOf = (c: TableClient): ChatLine[] =>
  c.frames.flatMap((f) => (f.type === 'CHAT' && !f.history ? f.lines : []));

describe.each(TEST_DRIVERS)('table chat on $name', ({ url }) => {
  let t: TestServer;
  let base: string;

  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
    base = (await t.server.listen()).replace('http', 'ws');
  });
  afterAll(() => t.close());

  async function open(tableId: number, player?: TestPlayer): Promise<TableClient> {
    const client = await WsClient.open<TableServerMessage>(`${base}/ws/table/${tableId}`);
    await client.waitFor((f) => f.type === 'CHAT' && f.history === true);
    if (player) {
      client.send({ type: 'AUTH', token: player.token, requestId: 'auth' });
      expect(await reply(client, 'auth')).toMatchObject({ type: 'ACK' });
    }
    return client;
  }

  it('a seated player and a logged-in spectator talk; an anonymous spectator reads but may not write', async () => {
    const table = await createTestTable(t);
    const [alice, bob] = [await t.player(20_000), await t.player()];
    const a = await open(table.id, alice);
    a.send({ type: 'SIT', seat: 0, amount: 5_000, requestId: 'sit' });
    expect(await reply(a, 'sit')).toMatchObject({ type: 'ACK' });
    const b = await open(table.id, bob);
    const anonymous = await open(table.id);

    a.send({ type: 'CHAT', text: '  good luck all  ', requestId: 'c1' });
    expect(await reply(a, 'c1')).toMatchObject({ type: 'ACK' });
    for (const client of [a, b, anonymous]) {
      const frame = await heard(client, 'good luck all');
      expect(frame).toMatchObject({
        lines: [{ type: 'chat', userId: alice.id, username: alice.username, text: 'good luck all' }],
      });
    }
    b.send({ type: 'CHAT', text: 'watching from the rail', requestId: 'c2' });
    expect(await reply(b, 'c2')).toMatchObject({ type: 'ACK' });
    await heard(a, 'watching from the rail');

    anonymous.send({ type: 'CHAT', text: 'hello?', requestId: 'c3' });
    expect(await reply(anonymous, 'c3')).toMatchObject({ type: 'REJECT', code: 'unauthorized' });
    expect(linesOf(a).map((l) => l.text)).toEqual(['good luck all', 'watching from the rail']);

    // A newcomer gets the recent lines, oldest first.
    const late = await open(table.id);
    const history = late.frames.find((f) => f.type === 'CHAT' && f.history);
    expect(history?.type === 'CHAT' && history.lines.map((l) => l.text)).toEqual([
      'good luck all',
      'watching from the rail',
    ]);
    await t.services.tableLayer.kick(table.id, alice.id);
    for (const c of [a, b, anonymous, late]) c.close();
  });

  it('refuses a line over 200 characters, an empty one and one with control characters, and says nothing', async () => {
    const table = await createTestTable(t);
    const alice = await t.player();
    const a = await open(table.id, alice);
    a.send({ type: 'CHAT', text: 'x'.repeat(201), requestId: 'long' });
    expect(await reply(a, 'long')).toMatchObject({ type: 'REJECT', code: 'bad_message' });
    a.send({ type: 'CHAT', text: '   ', requestId: 'empty' });
    expect(await reply(a, 'empty')).toMatchObject({ type: 'REJECT', code: 'bad_message' });
    a.send({ type: 'CHAT', text: 'hi\u0007there', requestId: 'bell' });
    expect(await reply(a, 'bell')).toMatchObject({ type: 'REJECT', code: 'bad_message' });
    a.send({ type: 'CHAT', text: 'line\nbreak', requestId: 'newline' });
    expect(await reply(a, 'newline')).toMatchObject({ type: 'REJECT', code: 'bad_message' });
    a.send({ type: 'CHAT', text: 'ё'.repeat(200), requestId: 'max' });
    expect(await reply(a, 'max')).toMatchObject({ type: 'ACK' });
    expect(linesOf(a).map((l) => l.text.length)).toEqual([200]);
    a.close();
  });

  it(`lets a user say ${CHAT_RATE_LINES} lines quickly and refuses the next as too fast, on any socket`, async () => {
    const table = await createTestTable(t);
    const alice = await t.player();
    const first = await open(table.id, alice);
    const second = await open(table.id, alice);
    for (let i = 0; i < CHAT_RATE_LINES; i++) {
      first.send({ type: 'CHAT', text: `line ${i}`, requestId: `c${i}` });
      expect(await reply(first, `c${i}`)).toMatchObject({ type: 'ACK' });
    }
    second.send({ type: 'CHAT', text: 'one more', requestId: 'over' });
    expect(await reply(second, 'over')).toMatchObject({ type: 'REJECT', code: 'chat_too_fast' });
    expect(linesOf(first)).toHaveLength(CHAT_RATE_LINES);
    first.close();
    second.close();
  });

  it('masks filtered words for the table and keeps the typed text for administrators', async () => {
    const table = await createTestTable(t);
    const alice = await t.player();
    const a = await open(table.id, alice);
    a.send({ type: 'CHAT', text: 'what a shit river, новш', requestId: 'c' });
    await reply(a, 'c');
    expect((await heard(a, 'what a **** river, ****')).type).toBe('CHAT');
    const log = await t.call({
      method: 'GET',
      url: `/api/v1/admin/table/chat?tableId=${table.id}`,
      token: t.admin.token,
    });
    expect(log.statusCode).toBe(200);
    expect(log.json().lines).toEqual([
      expect.objectContaining({
        userId: alice.id,
        text: 'what a **** river, ****',
        original: 'what a shit river, новш',
        muted: false,
      }),
    ]);
    a.close();
  });

  it('an administrator mutes a user site-wide (audited); the muted user gets a clear REJECT until unmuted', async () => {
    const [one, two] = [await createTestTable(t), await createTestTable(t)];
    const alice = await t.player();
    const a = await open(one.id, alice);
    const mute = (muted: boolean) =>
      t.call({
        method: 'PUT',
        url: '/api/v1/admin/user/chat-mute',
        token: t.admin.token,
        payload: { userId: alice.id, muted },
      });

    expect((await mute(true)).statusCode).toBe(200);
    a.send({ type: 'CHAT', text: 'hello', requestId: 'muted' });
    expect(await reply(a, 'muted')).toMatchObject({
      type: 'REJECT',
      code: 'chat_muted',
      message: 'An administrator has muted your chat',
    });
    const elsewhere = await open(two.id, alice);
    elsewhere.send({ type: 'CHAT', text: 'hello', requestId: 'muted2' });
    expect(await reply(elsewhere, 'muted2')).toMatchObject({ type: 'REJECT', code: 'chat_muted' });
    expect((await mute(true)).json().message).toBe('Chat was already muted');

    const audit = await t.call({
      method: 'GET',
      url: '/api/v1/admin/audit?action=chat.mute',
      token: t.admin.token,
    });
    const rows = audit.json().items ?? audit.json().rows ?? audit.json();
    expect(JSON.stringify(rows)).toContain(`chat muted for user #${alice.id}`);
    expect(JSON.stringify(rows).match(/chat muted for user/g)).toHaveLength(1);

    expect((await mute(false)).statusCode).toBe(200);
    a.send({ type: 'CHAT', text: 'back again', requestId: 'free' });
    expect(await reply(a, 'free')).toMatchObject({ type: 'ACK' });
    const unmuted = await t.call({
      method: 'GET',
      url: '/api/v1/admin/audit?action=chat.unmute',
      token: t.admin.token,
    });
    expect(JSON.stringify(unmuted.json())).toContain(`chat unmuted for user #${alice.id}`);
    a.close();
    elsewhere.close();
  });

  it('admin chat calls refuse players and bad input with the error shape', async () => {
    const alice = await t.player();
    const asPlayer = await t.call({
      method: 'GET',
      url: '/api/v1/admin/table/chat?tableId=1',
      token: alice.token,
    });
    expect(asPlayer.statusCode).toBe(403);
    const bad = await t.call({
      method: 'GET',
      url: '/api/v1/admin/table/chat?tableId=x',
      token: t.admin.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: expect.any(String) } });
    const nobody = await t.call({
      method: 'PUT',
      url: '/api/v1/admin/user/chat-mute',
      token: t.admin.token,
      payload: { userId: 999_999, muted: true },
    });
    expect(nobody.statusCode).toBe(404);
  });

  it('keeps chat 30 days: the purge deletes older lines only', async () => {
    const table = await createTestTable(t);
    const alice = await t.player();
    const a = await open(table.id, alice);
    for (const text of ['old', 'recent', 'today']) {
      a.send({ type: 'CHAT', text, requestId: text });
      await reply(a, text);
    }
    await t.services.db.execute(
      sql`UPDATE chat_messages SET created_at = now() - interval '31 days' WHERE table_id = ${table.id} AND text = 'old'`,
    );
    await t.services.db.execute(
      sql`UPDATE chat_messages SET created_at = now() - interval '29 days' WHERE table_id = ${table.id} AND text = 'recent'`,
    );
    expect(await t.services.chat.purge()).toBeGreaterThanOrEqual(1);
    expect((await t.services.chat.recent(table.id)).map((l) => l.text)).toEqual(['recent', 'today']);
    a.close();
  });
});
