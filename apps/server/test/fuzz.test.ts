// Property-based abuse of the whole edge: random strings (control characters, NUL, lone surrogates, long
// unicode, numbers as strings, huge numbers) and nested junk go to every HTTP route the app registers (as a
// player, as an administrator and anonymously) and to every command of /ws/global and /ws/table. No answer may
// be a 5xx, the process must keep serving, and not one tugrik may move. garbage.test.ts keeps the fixed cases;
// this file draws new ones on every run (FUZZ_SEED reproduces a run, FUZZ_RUNS scales it).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { routesOf } from '../src/http/routeCatalog.js';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { BALANCED, startTestServer, type TestServer } from '../src/testing/testServer.js';

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const WS_FRAMES = Number(process.env.FUZZ_WS_FRAMES ?? 150);

/** Every field name the protocol knows, so junk reaches the validators of real fields. */
const FIELDS = [
  'username',
  'password',
  'email',
  'bank',
  'accountNumber',
  'currentPassword',
  'newPassword',
  'repeatPassword',
  'token',
  'accessToken',
  'amount',
  'userId',
  'tableId',
  'withdrawalId',
  'depositId',
  'note',
  'colour',
  'reason',
  'name',
  'variant',
  'betting',
  'smallBlind',
  'bigBlind',
  'minBuyIn',
  'maxBuyIn',
  'maxPlayers',
  'actionTimeSeconds',
  'closed',
  'role',
  'status',
  'en',
  'mn',
  'block',
  'maintenance',
  'message',
  'messages',
  'withdrawal',
  'rake',
  'jackpot',
  'banks',
  'timeBankSeconds',
  'preferences',
  'language',
  'q',
  'page',
  'pageSize',
  'type',
  'from',
  'to',
  'days',
  'handId',
  'seat',
  'action',
  'requestId',
  'lastSeq',
  'stateId',
  'handNumber',
  'limit',
  'before',
  'actor',
  'target',
  '__proto__',
  'constructor',
];

const CONTROL = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
  '\ud800',
  '\udfff',
  '\u2028',
  '\ufeff',
];

/**
 * Numbers that can never be a valid id or amount (so no junk request can move money by luck):
 * huge, negative, fractional, exponent and hex forms, and the boundaries beyond them.
 */
const badNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1.5,
    2 ** 31,
    2 ** 53,
    2 ** 64,
    1e308,
    -1e308,
    Number.MAX_VALUE,
    1_000_000_000_001,
  ),
  fc.integer({ min: -1_000_000_000, max: -1 }),
  fc.double({ noNaN: true }).filter((n) => !Number.isInteger(n)),
  fc.bigInt({ min: 2n ** 63n, max: 2n ** 200n }).map((n) => Number(n)),
);
const numberString = fc.oneof(
  badNumber.map(String),
  fc.constantFrom(
    'NaN',
    'Infinity',
    '-Infinity',
    '1e999',
    '0x10',
    '0b1',
    '1_000',
    ' 1',
    '1 ',
    '+1',
    '٣',
    '１',
    '99999999999999999999999',
  ),
);
const junkString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 300, maxLength: 3000 }),
  {
    // Control characters (NUL first among them) are what broke the site before: draw them most often.
    weight: 4,
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...CONTROL), fc.string({ maxLength: 3 })), {
        minLength: 1,
        maxLength: 12,
      })
      .map((a) => a.join('')),
  },
  numberString,
  fc.constantFrom(
    '',
    ' ',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    "' OR 1=1 --",
    '%00',
    '../../etc/passwd',
    'ADMIN',
  ),
);
const { junk } = fc.letrec<{ junk: unknown }>((tie) => ({
  junk: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    junkString,
    badNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('junk'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie('junk'), { maxKeys: 5 }),
  ),
}));
const body = fc.oneof(fc.dictionary(fc.constantFrom(...FIELDS), junk, { maxKeys: 8 }), junk);
/** The names real query strings use, drawn more often than the rest. */
const QUERY_FIELDS = [
  'q',
  'userId',
  'tableId',
  'withdrawalId',
  'page',
  'pageSize',
  'status',
  'type',
  'role',
  'from',
  'to',
  'days',
];
const query = fc.dictionary(
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...QUERY_FIELDS) }, fc.constantFrom(...FIELDS)),
  junkString,
  { maxKeys: 4 },
);

type Role = 'anonymous' | 'player' | 'admin';

/** One account's money: every ledger account's balance, in id order. */
async function books(t: TestServer): Promise<string> {
  const rows = await queryRows<{ id: number; balance: string | number }>(
    t.services.db,
    sql`SELECT id, balance FROM ledger_accounts ORDER BY id`,
  );
  const [{ n }] = await queryRows<{ n: string | number }>(
    t.services.db,
    sql`SELECT count(*) AS n FROM ledger_transactions`,
  );
  return JSON.stringify({
    accounts: rows.map((r) => [Number(r.id), Number(r.balance)]),
    transactions: Number(n),
  });
}

/** Percent-encodes anything; a lone surrogate (not encodable) becomes bytes that are not UTF-8 at all. */
function encodePart(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    out += ch.length === 1 && code >= 0xd800 && code <= 0xdfff ? '%ED%A0%80' : encodeURIComponent(ch);
  }
  return out;
}

function encodeQuery(q: Record<string, string>): string {
  const pairs = Object.entries(q).map(([k, v]) => `${encodePart(k)}=${encodePart(v)}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

describe.each(TEST_DRIVERS)('random junk everywhere on $name', ({ url }) => {
  let t: TestServer;
  let player: { id: number; token: string };
  let booksBefore: string;

  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
    player = await t.player(10_000);
    booksBefore = await books(t);
  });
  afterAll(() => t.close());

  const tokenOf = (role: Role) =>
    role === 'admin' ? t.admin.token : role === 'player' ? player.token : undefined;

  it.each<Role>(['anonymous', 'player', 'admin'])(
    'every HTTP route answers random junk from %s without a 5xx, and no money moves',
    async (role) => {
      // Logging out would end the session the rest of the run uses; it is fuzzed anonymously.
      const routes = routesOf(t.app).filter(
        (r) => !r.websocket && r.method !== 'HEAD' && (role === 'anonymous' || !r.url.endsWith('/logout')),
      );
      expect(routes.length).toBeGreaterThan(40);
      const failures: string[] = [];
      const request = fc.record({
        route: fc.constantFrom(...routes),
        body,
        query,
        param: junkString,
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ route, body, query, param }) => {
          const path = route.url.replace(/:[A-Za-z]+/g, () => encodePart(param) || '%00');
          const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
          const res = await t.call({
            method: route.method as 'GET',
            url: `${path}${encodeQuery(query)}`,
            token: tokenOf(role),
            payload: hasBody ? JSON.stringify(body) : undefined,
            headers: hasBody ? { 'content-type': 'application/json' } : undefined,
          });
          const line = `${route.method} ${path}${encodeQuery(query)} ${JSON.stringify(body).slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode >= 500) failures.push(line);
          // Our errors have one JSON shape (the CORS plugin's preflight answer is its own).
          else if (
            res.statusCode >= 400 &&
            route.method !== 'OPTIONS' &&
            !String(res.headers['content-type'] ?? '').includes('json')
          )
            failures.push(line);
          return res.statusCode < 500;
        }),
        { numRuns: routes.length * RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
      );
      expect(failures).toEqual([]);
      expect((await t.call({ method: 'GET', url: '/api/v1/user/tables' })).statusCode).toBe(200);
      expect(await t.audit()).toEqual(BALANCED);
      expect(await books(t)).toBe(booksBefore);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it('every WebSocket command on /ws/global and /ws/table answers random junk without an internal error, and no money moves', async () => {
    const address = await t.server.listen();
    const wsBase = address.replace(/^http/, 'ws');
    const channels = [
      { path: '/ws/global', commands: ['AUTH', 'PING'] },
      {
        path: '/ws/table/1',
        commands: ['AUTH', 'SIT', 'ACTION', 'SIT_OUT', 'SIT_IN', 'RECHARGE', 'LEAVE', 'RESUME', 'PING'],
      },
    ];
    const internal: string[] = [];
    for (const channel of channels) {
      for (const role of ['anonymous', 'player'] as Role[]) {
        const frame = fc.oneof(
          junkString,
          junk.map((j) => JSON.stringify(j) ?? 'null'),
          fc
            .record({
              type: fc.constantFrom(...channel.commands),
              fields: fc.dictionary(fc.constantFrom(...FIELDS), junk, { maxKeys: 5 }),
            })
            .map(({ type, fields }) => JSON.stringify({ ...fields, type })),
        );
        const frames = fc.sample(frame, { numRuns: WS_FRAMES, seed: SEED });
        let socket: WebSocket | undefined;
        for (const [i, data] of frames.entries()) {
          if (!socket || socket.readyState !== WebSocket.OPEN) {
            socket?.terminate();
            socket = await open(`${wsBase}${channel.path}`, internal);
            if (role === 'player') socket.send(JSON.stringify({ type: 'AUTH', token: player.token }));
          }
          socket.send(data);
          // Stay near an honest client's pace so rate limits close few sockets and more commands are parsed.
          if (i % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 60));
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
        socket?.terminate();
      }
    }
    expect(internal).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/api/v1/user/tables' })).statusCode).toBe(200);
    expect(await t.audit()).toEqual(BALANCED);
    expect(await books(t)).toBe(booksBefore);
  });
});

/** Opens a socket that records any answer that looks like a server fault. */
async function open(url: string, internal: string[]): Promise<WebSocket> {
  const socket = new WebSocket(url);
  socket.on('message', (data) => {
    const text = String(data);
    if (/"code":"internal"|Something went wrong/.test(text)) internal.push(`${url}: ${text.slice(0, 300)}`);
  });
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}
