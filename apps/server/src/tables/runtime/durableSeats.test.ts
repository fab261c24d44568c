// Durable seats through a real crash: a server process with people and bots seated is killed with
// SIGKILL in the middle of a hand and started again on the same data (PGlite directory or PostgreSQL
// database). Everyone is seated again with the stacks the voided hand began with, the bots play on,
// a new hand settles, the books total zero and the voided hand's number is never dealt again.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase, queryRows, type DatabaseHandle } from '../../db/client.js';
import { Ledger } from '../../ledger/ledger.js';
import { seatBalances } from '../../ledger/ledgerReads.js';
import { openTestDatabase, TEST_DRIVERS } from '../../testing/database.js';
import { BALANCED, TEST_ADMIN } from '../../testing/testServer.js';

const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');
const CHILD = path.join(SERVER_DIR, 'src/testing/serverProcess.ts');

interface Child {
  process: ChildProcess;
  address: string;
}

const children: ChildProcess[] = [];

function startChild(env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ process: child, address: (JSON.parse(line) as { address: string }).address });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
}

function killed(child: Child, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    child.process.once('exit', () => resolve());
    child.process.kill(signal);
  });
}

async function call<T>(
  child: Child,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(child.address + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text) as T;
}

type Frame = { type: string; seq?: number; event?: { type: string; seat?: number; handNumber?: number } };

/** A person at the table through a real socket, who never acts (so hands wait on them). */
async function seatPerson(child: Child, tableId: number, token: string, seat: number, amount: number) {
  const socket = new WebSocket(`${child.address.replace('http', 'ws')}/ws/table/${tableId}`);
  const frames: Frame[] = [];
  const waiters: Array<{ test: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Frame;
    frames.push(frame);
    for (const w of waiters.splice(0))
      if (w.test(frame)) w.resolve(frame);
      else waiters.push(w);
  });
  socket.on('error', () => undefined);
  const next = (test: (f: Frame) => boolean) =>
    new Promise<Frame>((resolve) => waiters.push({ test, resolve }));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'AUTH', token }));
  await next((f) => f.type === 'SNAPSHOT');
  socket.send(JSON.stringify({ type: 'SIT', seat, amount, requestId: `sit-${seat}` }));
  const reply = await next((f) => f.type === 'ACK' || f.type === 'REJECT');
  expect(reply.type).toBe('ACK');
  return { socket, next, seat };
}

describe.each(TEST_DRIVERS)('seats that survive a kill -9 on $name', ({ url }) => {
  it('the same people sit in the same seats with the stacks the voided hand began with, bots play on and the voided number is never dealt again', async () => {
    let dataDir: string | undefined;
    let pgHandle: (DatabaseHandle & { databaseUrl?: string }) | undefined;
    const env: Record<string, string> = {};
    if (url) {
      pgHandle = await openTestDatabase(url);
      env.DATABASE_URL = pgHandle.databaseUrl!;
    } else {
      dataDir = mkdtempSync(path.join(tmpdir(), 'tenger-crash-'));
      env.DATA_DIR = dataDir;
    }
    /** Reads the data while no server writes to it (PGlite allows one process at a time). */
    const withDatabase = async <T>(work: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> => {
      if (pgHandle) return work(pgHandle.db);
      const handle = await openDatabase({ pgliteDir: path.join(dataDir!, 'pglite') });
      try {
        return await work(handle.db);
      } finally {
        await handle.close();
      }
    };

    try {
      const first = await startChild(env);
      const admin = (
        await call<{ accessToken: string }>(first, 'POST', '/api/v1/user/login', undefined, {
          username: TEST_ADMIN.username,
          password: TEST_ADMIN.password,
        })
      ).accessToken;
      const [table] = await call<Array<{ tableId: number; buyIn: { min: number } }>>(
        first,
        'GET',
        '/api/v1/user/tables',
      );
      const people = [];
      for (const name of ['saraa', 'temuujin']) {
        const { accessToken, user } = await call<{ accessToken: string; user: { userId: number } }>(
          first,
          'POST',
          '/api/v1/user/register',
          undefined,
          {
            email: `${name}@crash.mn`,
            username: name,
            password: 'player-password',
            repeatPassword: 'player-password',
            bank: 'Khan Bank',
            accountNumber: '5000123456',
          },
        );
        await call(first, 'POST', '/api/v1/admin/deposit', admin, { userId: user.userId, amount: 50_000 });
        people.push({ id: user.userId, token: accessToken });
      }
      const sockets = await Promise.all(
        people.map((p, i) => seatPerson(first, table.tableId, p.token, i, table.buyIn.min + 1_000 * (i + 1))),
      );
      await call(first, 'PUT', `/api/v1/admin/table/simulate?tableId=${table.tableId}`, admin);

      // A person's clock runs: the hand waits on them. Crash now.
      const clocks = await Promise.race(
        sockets.map((s) => s.next((f) => f.event?.type === 'clock' && f.event.seat === s.seat)),
      );
      const voidedNumber = clocks.event!.handNumber!;
      await killed(first, 'SIGKILL');
      for (const s of sockets) s.socket.terminate();

      const before = await withDatabase(async (db) => ({
        balances: await seatBalances(db, table.tableId),
        seats: await queryRows<{ seat: number; user_id: number }>(
          db,
          sql`SELECT seat, user_id FROM table_seats WHERE table_id = ${table.tableId} ORDER BY seat`,
        ),
      }));
      const expected = before.seats.map((s) => ({
        seat: Number(s.seat),
        userId: Number(s.user_id),
        stack: before.balances.find((b) => b.userId === Number(s.user_id))!.balance,
      }));
      expect(expected.map((s) => s.userId)).toEqual(expect.arrayContaining(people.map((p) => p.id)));
      expect(expected.length).toBeGreaterThanOrEqual(3); // the two people and at least one bot

      // The first deal waits 2 s, so the seats are read before a new hand moves a chip.
      const second = await startChild({ ...env, TEST_NEXT_HAND_MS: '2000' });
      try {
        const adminAgain = (
          await call<{ accessToken: string }>(second, 'POST', '/api/v1/user/login', undefined, {
            username: TEST_ADMIN.username,
            password: TEST_ADMIN.password,
          })
        ).accessToken;
        type Session = {
          simulation: boolean;
          handsPlayed: number;
          seats: Array<{ seat: number; userId: number; stack: number; connected: boolean; isBot: boolean }>;
        };
        const session = () =>
          call<Session>(second, 'GET', `/api/v1/admin/table/session?tableId=${table.tableId}`, adminAgain);
        const restored = await session();
        expect(restored.simulation).toBe(true);
        expect(restored.seats.map(({ seat, userId, stack }) => ({ seat, userId, stack }))).toEqual(expected);
        for (const person of people)
          expect(restored.seats.find((s) => s.userId === person.id)).toMatchObject({ connected: false });

        const settledBefore = restored.handsPlayed;
        const until = Date.now() + 60_000;
        while ((await session()).handsPlayed <= settledBefore) {
          if (Date.now() > until) throw new Error('no hand settled within a minute of the restart');
          await new Promise((r) => setTimeout(r, 200));
        }
      } finally {
        await killed(second, 'SIGTERM');
      }

      await withDatabase(async (db) => {
        expect(await new Ledger(db).audit()).toEqual(BALANCED);
        const numbers = (
          await queryRows<{ hand_number: number }>(
            db,
            sql`SELECT hand_number FROM hands WHERE table_id = ${table.tableId}`,
          )
        ).map((r) => Number(r.hand_number));
        expect(numbers).not.toContain(voidedNumber);
        expect(Math.max(...numbers)).toBeGreaterThan(voidedNumber);
        const voided = await queryRows<{ hand_number: number; seed_commitment: string; reason: string }>(
          db,
          sql`SELECT hand_number, seed_commitment, reason FROM voided_hands WHERE table_id = ${table.tableId}`,
        );
        expect(voided).toContainEqual(
          expect.objectContaining({ hand_number: voidedNumber, reason: 'restart' }),
        );
        expect(voided.find((v) => v.hand_number === voidedNumber)!.seed_commitment).toMatch(/^[0-9a-f]{64}$/);
      });
    } finally {
      for (const child of children)
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await pgHandle?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
