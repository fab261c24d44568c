// Setting the stage through the public HTTP API, as an operator and players would: the administrator
// logs in, creates the tables and deposits money; players register (each registration is a real
// scrypt hash at the server's production cost, so this is the slow part).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { URL } from 'node:url';

/** The server allows 60 registrations per minute per IP; each simulated client gets its own loopback address. */
export const REGISTRATIONS_PER_ADDRESS = 50;
/** Registrations in flight at once (the server hashes passwords on libuv's 4 worker threads). */
const REGISTERING_AT_ONCE = 4;
const OTHER_REQUESTS_AT_ONCE = 8;

/** The stakes of every benchmark table: 100/200 ₮ blinds, buy-ins of 40–100 big blinds. */
export const BENCH_TABLE = {
  variant: 'holdem',
  betting: 'no-limit',
  smallBlind: 100,
  bigBlind: 200,
  minBuyIn: 8_000,
  maxBuyIn: 20_000,
};
export const BUY_IN = 20_000;

/**
 * Creates `tables` tables of `seatsPerTable` seats and registers and funds `accounts` players.
 * @returns {Promise<{ tableIds: number[], tokens: string[], seconds: { tables: number, register: number, deposit: number } }>}
 */
export async function prepare({ base, admin, tables, seatsPerTable, accounts, depositPerAccount, log }) {
  const api = new Api(base);
  try {
    return await prepareWith(api, { admin, tables, seatsPerTable, accounts, depositPerAccount, log });
  } finally {
    api.close();
  }
}

async function prepareWith(api, { admin, tables, seatsPerTable, accounts, depositPerAccount, log }) {
  const { accessToken: adminToken } = await api.request('POST', '/api/v1/user/login', {
    username: admin.username,
    password: admin.password,
  });

  let started = Date.now();
  const run = randomBytes(3).toString('hex');
  // One at a time: the server numbers tables with max(no) + 1, and concurrent creations collide (a 500).
  const tableIds = await inParallel(tables, 1, async (i) => {
    const table = await api.request(
      'POST',
      '/api/v1/admin/table',
      {
        name: `Load ${run} ${String(i + 1).padStart(3, '0')}`,
        ...BENCH_TABLE,
        maxPlayers: Math.max(2, seatsPerTable),
      },
      adminToken,
    );
    return table.tableId;
  });
  const tablesSeconds = (Date.now() - started) / 1000;
  log(`created ${tables} tables in ${tablesSeconds.toFixed(1)} s`);

  started = Date.now();
  let done = 0;
  const players = await inParallel(accounts, REGISTERING_AT_ONCE, async (i) => {
    const username = `load${run}${i}`;
    const body = {
      email: `${username}@bench.local`,
      username,
      password: 'load-bench-password',
      repeatPassword: 'load-bench-password',
      acceptTerms: true,
      bank: 'Khan Bank',
      accountNumber: '5000123456',
    };
    // 127.0.0.2, 127.0.0.3, ...: a new address every REGISTRATIONS_PER_ADDRESS players.
    const address = loopbackAddress(2 + Math.floor(i / REGISTRATIONS_PER_ADDRESS));
    const { accessToken, user } = await api.request('POST', '/api/v1/user/register', body, null, address);
    if (++done % 100 === 0) log(`registered ${done}/${accounts} players`);
    return { userId: user.userId, token: accessToken };
  });
  const registerSeconds = (Date.now() - started) / 1000;
  log(`registered ${accounts} players in ${registerSeconds.toFixed(1)} s`);

  started = Date.now();
  // A deposit above `deposit.dualApprovalAbove` waits for a second administrator: credit the amount in
  // deposits this one administrator may make alone.
  let settings = await api.request('GET', '/api/v1/admin/settings', undefined, adminToken);
  // A second administrator is also needed once one account got more than dualApprovalAbove ₮ in a
  // rolling day (fourEyes.ts): on this fresh bench site, raise it to what each account needs.
  if (depositPerAccount > settings.deposit.dualApprovalAbove) {
    settings = await api.request(
      'PUT',
      '/api/v1/admin/settings',
      { deposit: { dualApprovalAbove: depositPerAccount } },
      adminToken,
    );
  }
  const chunk = Math.min(settings.deposit.dualApprovalAbove, settings.deposit.maxAmount);
  const chunks = Math.ceil(depositPerAccount / chunk);
  await inParallel(accounts * chunks, OTHER_REQUESTS_AT_ONCE, async (k) => {
    const i = Math.floor(k / chunks);
    const amount = Math.min(chunk, depositPerAccount - (k % chunks) * chunk);
    const deposit = await api.request(
      'POST',
      '/api/v1/admin/deposit',
      { userId: players[i].userId, amount, note: 'load benchmark' },
      adminToken,
    );
    if (deposit.status !== 'credited') throw new Error(`deposit of ${amount} ₮ is ${deposit.status}`);
  });
  const depositSeconds = (Date.now() - started) / 1000;
  log(`deposited ${depositPerAccount} ₮ to each player in ${depositSeconds.toFixed(1)} s`);

  return {
    tableIds,
    tokens: players.map((p) => p.token),
    adminToken,
    seconds: { tables: tablesSeconds, register: registerSeconds, deposit: depositSeconds },
  };
}

/** The i-th loopback address (127.0.0.0/8 is all local on Linux). */
export function loopbackAddress(i) {
  return `127.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

/** Runs `task(0..count-1)` with at most `limit` at once; results in index order. */
export async function inParallel(count, limit, task) {
  const results = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

/** JSON over HTTP with a keep-alive agent per local address. */
export class Api {
  constructor(base) {
    this.base = new URL(base);
    this.agents = new Map();
  }

  request(method, pathname, body, token, localAddress) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const agent = this.agentFor(localAddress ?? '127.0.0.1');
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          path: pathname,
          method,
          agent,
          localAddress,
          headers: {
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => {
            if (res.statusCode >= 200 && res.statusCode < 300) resolve(text ? JSON.parse(text) : null);
            else reject(new Error(`${method} ${pathname}: ${res.statusCode} ${text}`));
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  agentFor(address) {
    let agent = this.agents.get(address);
    if (!agent) {
      agent = new http.Agent({ keepAlive: true, localAddress: address });
      this.agents.set(address, agent);
    }
    return agent;
  }

  close() {
    for (const agent of this.agents.values()) agent.destroy();
  }
}
