// Two processes, one site: two servers in this test process on one PostgreSQL database and one Redis
// (different NODE_IDs, a key prefix of their own). Whatever one process changes, the other must act on:
// pushes, revocations, settings, login-failure counters, rate limits and the per-address socket cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_CHANNELS } from '../src/cluster/siteEvent.js';
import { startSite, type Site, type SiteNode } from '../src/testing/siteNodes.js';
import { TEST_ADMIN } from '../src/testing/testServer.js';
import { WsClient } from '../src/testing/wsClient.js';

const REDIS = process.env.TEST_REDIS_URL;
const POSTGRES = process.env.TEST_DATABASE_URL;
const FAILURES_PER_HOUR = 6;
const AUTH_REQUESTS_PER_MINUTE = 20;
const SOCKETS_PER_IP = 4;
const U = '/api/v1/user';
const A = '/api/v1/admin';

type Node = SiteNode;

describe.skipIf(!REDIS || !POSTGRES)('two processes, one site (PostgreSQL + Redis)', () => {
  let site: Site;
  let a: Node;
  let b: Node;
  let admin: string;

  beforeAll(async () => {
    site = await startSite(POSTGRES!, REDIS!, ['node-a', 'node-b'], {
      config: {
        wsConnectionsPerIp: SOCKETS_PER_IP,
        rateLimits: { failuresPerHour: FAILURES_PER_HOUR, authRequestsPerMinute: AUTH_REQUESTS_PER_MINUTE },
      },
      remoteAddress: '10.9.0.1',
    });
    [a, b] = site.nodes as [Node, Node];
    admin = (await a.server.services.auth.login(TEST_ADMIN, 'test')).accessToken;
  });

  afterAll(() => site?.close());

  /** A new player registered through process A; `token` is one session of theirs. */
  const player = () => site.player();

  async function login(node: Node, username: string, password: string, ip: string) {
    return node.call({
      method: 'POST',
      url: `${U}/login`,
      payload: { username, password },
      remoteAddress: ip,
    });
  }

  async function onGlobal(node: Node, token: string, from?: string) {
    const client = await WsClient.open(`${node.ws}/ws/global`, from);
    client.send({ type: 'AUTH', token });
    await client.waitFor((f) => f.type === 'AUTH_OK');
    await client.waitFor((f) => f.type === 'BALANCE_UPDATE');
    return client;
  }

  async function onTable(node: Node, token: string, from?: string) {
    const client = await WsClient.open(`${node.ws}/ws/table/1`, from);
    client.send({ type: 'AUTH', token, requestId: 'auth' });
    await client.waitFor((f) => f.type === 'ACK' && (f as { requestId?: string }).requestId === 'auth');
    return client;
  }

  it('a deposit credited through process A reaches the player on process B in under 100 ms', async () => {
    const p = await player();
    const client = await onGlobal(b, p.token, '127.0.0.31');
    // When A announced the posting (right after the commit), from A's own bus.
    const bus = a.server.services.cluster.bus;
    const publish = bus.publish.bind(bus);
    let announcedAt = 0;
    bus.publish = async (channel, data) => {
      if (channel === CLUSTER_CHANNELS.ledgerPosted) announcedAt ||= performance.now();
      return publish(channel, data);
    };
    const arrivedAt = new Map<number, number>(); // balance -> when the frame reached the client
    client.socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; data?: { balance: number } };
      if (frame.type === 'BALANCE_UPDATE' && frame.data) arrivedAt.set(frame.data.balance, performance.now());
    });
    const latencies: number[] = [];
    try {
      for (let i = 1; i <= 20; i++) {
        announcedAt = 0;
        const seen = client.frames.length;
        const res = await a.call({
          method: 'POST',
          url: `${A}/deposit`,
          token: admin,
          payload: { userId: p.id, amount: 1_000 },
          headers: { 'idempotency-key': `cluster-deposit-${p.id}-${i}` },
        });
        expect(res.statusCode).toBe(201);
        await client.waitFor(
          (f) =>
            client.frames.indexOf(f) >= seen &&
            f.type === 'BALANCE_UPDATE' &&
            (f as { data?: { balance?: number } }).data?.balance === 1_000 * i,
        );
        latencies.push(arrivedAt.get(1_000 * i)! - announcedAt);
      }
    } finally {
      bus.publish = publish;
      client.close();
    }
    const sorted = [...latencies].sort((x, y) => x - y);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    console.log(
      `deposit on A -> BALANCE_UPDATE on B's socket: p50 ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (n=${sorted.length})`,
    );
    // The median is the claim; the p90 bound only catches a path that is slow by design (this machine is
    // shared by several test runs, so single pushes may wait behind other work).
    expect(at(0.5)).toBeLessThan(100);
    expect(at(0.9)).toBeLessThan(250);
  });

  it('a logout on A closes that session’s global and table sockets on B with 4001 and B forgets the token', async () => {
    const p = await player();
    const other = (await login(a, p.username, 'player-password', '10.9.1.1')).json().accessToken as string;
    expect((await b.call({ method: 'GET', url: `${U}/me`, token: p.token })).statusCode).toBe(200); // cached on B
    const global = await onGlobal(b, p.token, '127.0.0.32');
    const table = await onTable(b, p.token, '127.0.0.32');
    const keeps = await onGlobal(b, other, '127.0.0.32');
    const began = Date.now();
    expect((await a.call({ method: 'POST', url: `${U}/logout`, token: p.token })).statusCode).toBe(200);
    expect(await global.closedWithin(1_000)).toBe(4001);
    expect(await table.closedWithin(1_000)).toBe(4001);
    console.log(`logout on A -> sockets on B closed 4001 after ${Date.now() - began} ms`);
    expect((await b.call({ method: 'GET', url: `${U}/me`, token: p.token })).statusCode).toBe(401);
    expect(await keeps.closedWithin(300)).toBeNull(); // the player's other session stays
    keeps.close();
  });

  it('a chat line said at a table through A is heard by its viewers on B', async () => {
    const [p, q] = [await player(), await player()];
    const speaker = await onTable(a, p.token, '127.0.0.36');
    const listener = await onTable(b, q.token, '127.0.0.37');
    await listener.waitFor((f) => f.type === 'CHAT' && (f as { history?: boolean }).history === true);
    speaker.send({ type: 'CHAT', text: 'sain uu from A', requestId: 'c1' });
    await speaker.waitFor((f) => f.type === 'ACK' && (f as { requestId?: string }).requestId === 'c1');
    const heard = await listener.waitFor(
      (f) =>
        f.type === 'CHAT' &&
        (f as { lines?: { text: string; userId: number }[] }).lines?.some(
          (l) => l.text === 'sain uu from A' && l.userId === p.id,
        ) === true,
    );
    expect(heard).toBeTruthy();
    // Said once, heard once (not once per process).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const copies = listener.frames.filter(
      (f) => f.type === 'CHAT' && JSON.stringify(f).includes('sain uu from A'),
    );
    expect(copies).toHaveLength(1);
    speaker.close();
    listener.close();
  });

  it('blocking on A closes every socket of the user on B with 4001', async () => {
    const p = await player();
    const global = await onGlobal(b, p.token, '127.0.0.33');
    const table = await onTable(b, p.token, '127.0.0.33');
    const res = await a.call({ method: 'PUT', url: `${A}/user/block?userId=${p.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(await global.closedWithin(1_000)).toBe(4001);
    expect(await table.closedWithin(1_000)).toBe(4001);
    expect((await b.call({ method: 'GET', url: `${U}/me`, token: p.token })).statusCode).toBe(401);
  });

  it('a password change on A signs out the other sessions on B, but not the one that changed it', async () => {
    const p = await player();
    const second = (await login(b, p.username, 'player-password', '10.9.2.1')).json().accessToken as string;
    const kept = await onGlobal(b, p.token, '127.0.0.34');
    const ended = await onGlobal(b, second, '127.0.0.34');
    const res = await a.call({
      method: 'PATCH',
      url: `${U}/me`,
      token: p.token,
      payload: { currentPassword: 'player-password', newPassword: 'brand-new-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(await ended.closedWithin(1_000)).toBe(4001);
    expect(await kept.closedWithin(300)).toBeNull();
    expect((await b.call({ method: 'GET', url: `${U}/me`, token: p.token })).statusCode).toBe(200);
    expect((await b.call({ method: 'GET', url: `${U}/me`, token: second })).statusCode).toBe(401);
    kept.close();
  });

  it('a setting changed on A is what B uses next (maintenance included)', async () => {
    const read = async () =>
      (await b.call({ method: 'GET', url: `${A}/settings`, token: admin })).json().withdrawal.min as number;
    expect(await read()).toBe(1_000); // B has it cached now
    const put = (payload: object) => a.call({ method: 'PUT', url: `${A}/settings`, token: admin, payload });
    expect((await put({ withdrawal: { min: 2_500 } })).statusCode).toBe(200);
    expect(await poll(read, (min) => min === 2_500)).toBe(2_500);

    const p = await player();
    expect((await put({ maintenance: { enabled: true } })).statusCode).toBe(200);
    try {
      const refused = await poll(
        () => login(b, p.username, 'player-password', '10.9.3.1'),
        (res) => res.statusCode === 503,
      );
      expect(refused.statusCode).toBe(503);
    } finally {
      await put({ maintenance: { enabled: false } });
    }
  });

  it('a table changed on A is changed in B’s lobby and B’s live tables hear of it', async () => {
    const lobby = async () =>
      (
        (await b.call({ method: 'GET', url: `${U}/tables` })).json() as Array<{
          tableId: number;
          name: string;
        }>
      ).find((t) => t.tableId === 1)?.name;
    const before = await lobby();
    expect(before).toBeTruthy();
    const heard: Array<[number, string | null]> = [];
    const layer = b.server.services.tableLayer;
    const onTableChanged = layer.onTableChanged.bind(layer);
    layer.onTableChanged = (tableId, row) => {
      heard.push([tableId, row?.name ?? null]);
      onTableChanged(tableId, row);
    };
    const res = await a.call({
      method: 'PATCH',
      url: `${A}/table?tableId=1`,
      token: admin,
      payload: { name: 'Renamed on A' },
    });
    expect(res.statusCode).toBe(200);
    expect(await poll(lobby, (name) => name === 'Renamed on A')).toBe('Renamed on A');
    expect(
      await poll(
        async () => heard,
        (h) => h.length > 0,
      ),
    ).toEqual([[1, 'Renamed on A']]);
  });

  it('login failures count on both processes: the guessing address is refused on either, the owner elsewhere is not', async () => {
    const p = await player();
    for (let i = 0; i < FAILURES_PER_HOUR; i++) {
      const node = i % 2 === 0 ? a : b;
      expect((await login(node, p.username, 'wrong-password', '10.9.4.1')).statusCode).toBe(401);
    }
    expect((await login(a, p.username, 'player-password', '10.9.4.1')).statusCode).toBe(429);
    expect((await login(b, p.username, 'player-password', '10.9.4.1')).statusCode).toBe(429);
    expect((await login(b, p.username, 'player-password', '10.9.4.100')).statusCode).toBe(200);
  });

  it('the per-address request limit of the auth routes counts requests to both processes', async () => {
    // Bodies that fail validation: only the request limit counts them (no password is checked).
    const register = (node: Node) =>
      node.call({
        method: 'POST',
        url: `${U}/register`,
        payload: { username: 'x' },
        remoteAddress: '10.9.5.1',
      });
    for (let i = 0; i < AUTH_REQUESTS_PER_MINUTE; i++)
      expect((await register(i % 2 ? b : a)).statusCode).toBe(400);
    expect((await register(a)).statusCode).toBe(429);
    expect((await register(b)).statusCode).toBe(429);
  });

  it('one address may hold only the configured number of sockets, counted on both processes', async () => {
    const from = '127.0.0.41';
    const held: WsClient[] = [];
    for (let i = 0; i < SOCKETS_PER_IP; i++)
      held.push(await WsClient.open(`${(i % 2 === 0 ? a : b).ws}/ws/global`, from));
    await expect(WsClient.open(`${a.ws}/ws/global`, from)).rejects.toThrow(/429/);
    await expect(WsClient.open(`${b.ws}/ws/table/1`, from)).rejects.toThrow(/429/);
    // A socket closed on A frees a place that B may give.
    held[0].close();
    await held[0].closed;
    const again = await poll(
      () => WsClient.open(`${b.ws}/ws/global`, from).catch(() => null),
      (client) => client !== null,
    );
    expect(again).not.toBeNull();
    [...held, again!].forEach((c) => c.close());
  });
});

/** Calls `read` until `done` holds (or 5 s passed); returns the last answer. */
async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}
