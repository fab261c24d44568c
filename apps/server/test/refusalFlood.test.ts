// The attacker of issue 17's bench:auth over real TCP: one address sends wave after wave of concurrent
// PATCH /me. (The account number it sends is the stored one: a real change drops the user's cached
// sessions, and under load a lookup of the flooder's token racing two such drops answers 401: a matter of
// authService's session lookup, not of this test.) The rate limit answers 429, and each 429 still costs the server a
// parsed request; once the address has had its budget of refusals in the window, its connections are
// closed and new ones are refused at accept, without a byte read, while other addresses, and another
// user logging in, keep being served.
import http from 'node:http';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { BALANCED, startTestServer, type TestServer } from '../src/testing/testServer.js';

const U = '/api/v1/user';
/** 429 answers one address gets in a window before its connections are refused at accept. */
const REFUSALS = 10;
/** PATCH /me allows 5 × this a minute per address (50); login this (10). */
const AUTH_REQUESTS_PER_MINUTE = 10;
const WAVE = 30;
const MAX_WAVES = 12;
const FLOODER = '127.0.0.41';

/** A status code, or 'refused' when the connection closed without an answer. */
type Answer = number | 'refused';

function request(
  port: number,
  agent: http.Agent,
  method: string,
  path: string,
  payload?: object,
  token?: string,
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve('refused'));
      },
    );
    req.on('error', () => resolve('refused'));
    req.end(payload ? JSON.stringify(payload) : undefined);
  });
}

/** Whether a raw connection from `localAddress` is closed by the server without a byte (an upper bound, never the thing measured). */
function closedUnanswered(port: number, localAddress: string, withinMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    let received = '';
    const bound = setTimeout(() => {
      socket.destroy();
      resolve(false);
    }, withinMs);
    socket.on('connect', () => socket.write('GET /api/v1/user/tables HTTP/1.1\r\nHost: tenger\r\n\r\n'));
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(bound);
      resolve(received === '');
    });
  });
}

describe.each(TEST_DRIVERS)('a PATCH /me flood from one address on $name', ({ url }) => {
  let t: TestServer;
  let port: number;
  beforeAll(async () => {
    t = await startTestServer({
      databaseUrl: url,
      config: {
        tcpConnectionsPerIp: 100,
        httpRefusalsPerIp: REFUSALS,
        rateLimits: { failuresPerHour: 100, authRequestsPerMinute: AUTH_REQUESTS_PER_MINUTE },
      },
    });
    port = Number(new URL(await t.server.listen()).port);
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  it('after its budget of 429s the flooder is refused at accept, and another user logging in meanwhile is served every time', async () => {
    const flooder = await t.player();
    const other = await t.player();
    const flooding = new http.Agent({ keepAlive: true, localAddress: FLOODER });
    const answers: Answer[][] = [];
    const flood = (async () => {
      // Waves as the bench's attacker sends them: the next when the last is answered, until a whole wave
      // got no answer at all.
      while (answers.length < MAX_WAVES && !answers.at(-1)?.every((a) => a === 'refused')) {
        answers.push(
          await Promise.all(
            Array.from({ length: WAVE }, () =>
              request(
                port,
                flooding,
                'PATCH',
                `${U}/me`,
                { accountNumber: '5000123456', currentPassword: 'player-password' },
                flooder.token,
              ),
            ),
          ),
        );
      }
    })();
    // The other user logs in again and again from addresses of their own while the flood runs.
    const logins: Answer[] = [];
    // 127.0.0.60 … 127.0.0.249, then 127.0.1.60 …: a fast machine logs in more than one octet holds.
    let loginCount = 0;
    const loggingIn = (async () => {
      let floodDone = false;
      void flood.finally(() => (floodDone = true));
      while (!floodDone || logins.length < 3) {
        const n = loginCount++;
        const agent = new http.Agent({ localAddress: `127.0.${Math.floor(n / 190)}.${60 + (n % 190)}` });
        logins.push(
          await request(port, agent, 'POST', `${U}/login`, {
            username: other.username,
            password: 'player-password',
          }),
        );
        agent.destroy();
      }
    })();
    await Promise.all([flood, loggingIn]);
    flooding.destroy();

    const all = answers.flat();
    const refusals = all.filter((a) => a === 429).length;
    // The rate limit let the first requests through, then answered 429 ...
    expect(all.filter((a) => a === 200).length).toBeGreaterThan(0);
    expect(refusals).toBeGreaterThanOrEqual(REFUSALS);
    // ... but past the budget only the connections already open got one last answer each (with
    // Connection: close); every later request found its connection refused without an answer.
    expect(refusals).toBeLessThanOrEqual(REFUSALS + WAVE);
    expect(answers.at(-1)).toEqual(Array(WAVE).fill('refused'));
    expect(all.filter((a) => a !== 200 && a !== 429 && a !== 'refused')).toEqual([]);
    // The other user was never refused.
    expect(logins.length).toBeGreaterThanOrEqual(3);
    expect(logins).toEqual(Array(logins.length).fill(200));

    // A fresh connection from the flooder's address is closed unread; other addresses are served.
    expect(await closedUnanswered(port, FLOODER, 10_000)).toBe(true);
    expect(await request(port, new http.Agent({ localAddress: '127.0.0.42' }), 'GET', `${U}/tables`)).toBe(
      200,
    );
  });
});
