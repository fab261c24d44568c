// Whole-server tests that stop a real server process (kill -9, SIGTERM) and start it again on the same
// data: the child process (serverProcess.ts), its data (a PGlite folder or a PostgreSQL database),
// HTTP calls and WebSocket clients that record every frame and how the socket closed.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { openTestDatabase } from './database.js';
import { TEST_ADMIN } from './testServer.js';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const CHILD = path.join(SERVER_DIR, 'src/testing/serverProcess.ts');

export interface Child {
  process: ChildProcess;
  address: string;
  /** Every JSON line the child printed on stdout. */
  lines: Array<Record<string, unknown>>;
}

const children: ChildProcess[] = [];

/** Starts serverProcess.ts with `env` on top of quiet test defaults; resolves once it listens. */
export function startChild(env: Record<string, string>): Promise<Child> {
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
  const lines: Child['lines'] = [];
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const complete = out.split('\n');
      out = complete.pop()!;
      for (const line of complete.filter((l) => l.startsWith('{'))) {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        lines.push(parsed);
        if (typeof parsed.address === 'string') resolve({ process: child, address: parsed.address, lines });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
}

/** How the child ended. */
export function exited(child: Child): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.process.exitCode !== null || child.process.signalCode !== null)
    return Promise.resolve({ code: child.process.exitCode, signal: child.process.signalCode });
  return new Promise((resolve) => child.process.once('exit', (code, signal) => resolve({ code, signal })));
}

export async function killed(child: Child, signal: NodeJS.Signals): Promise<void> {
  const exit = exited(child);
  child.process.kill(signal);
  await exit;
}

/** Kills every child still running (a failed test must not leave servers behind). */
export function killChildren(): void {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** One HTTP call: status and parsed body. */
export async function request<T>(
  child: Child,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(child.address + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const parsed = text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text;
  return { status: res.status, body: parsed as T };
}

/** One HTTP call that must succeed. */
export async function call<T>(
  child: Child,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const res = await request<T>(child, method, url, token, body);
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function adminToken(child: Child): Promise<string> {
  const login = await call<{ accessToken: string }>(child, 'POST', '/api/v1/user/login', undefined, {
    username: TEST_ADMIN.username,
    password: TEST_ADMIN.password,
  });
  return login.accessToken;
}

/** Registers a person and deposits `deposit` for them. */
export async function registerPerson(
  child: Child,
  admin: string,
  name: string,
  deposit: number,
): Promise<{ id: number; token: string }> {
  const { accessToken, user } = await call<{ accessToken: string; user: { userId: number } }>(
    child,
    'POST',
    '/api/v1/user/register',
    undefined,
    {
      email: `${name}@restart.mn`,
      username: name,
      password: 'player-password',
      repeatPassword: 'player-password',
      acceptTerms: true,
      bank: 'Khan Bank',
      accountNumber: '5000123456',
    },
  );
  await call(child, 'POST', '/api/v1/admin/deposit', admin, { userId: user.userId, amount: deposit });
  return { id: user.userId, token: accessToken };
}

export type Frame = {
  type: string;
  code?: string;
  requestId?: string | null;
  seq?: number;
  event?: {
    type: string;
    seat?: number;
    handNumber?: number;
    legal?: { actions: Array<{ type: string }> };
  };
};

/** A WebSocket client that records every frame and how the socket closed. */
export class FrameSocket {
  readonly frames: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string; at: number }>;
  private waiters: Array<{ test: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => (w.test(frame) ? (w.resolve(frame), false) : true));
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString(), at: Date.now() })),
    );
  }

  static async open(url: string): Promise<FrameSocket> {
    const client = new FrameSocket(new WebSocket(url));
    await new Promise((resolve, reject) => {
      client.socket.once('open', resolve);
      client.socket.once('error', reject);
    });
    return client;
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  /** The next frame passing `test` (from now on, or one already received when `past`). */
  next(test: (f: Frame) => boolean, options: { timeoutMs?: number; past?: boolean } = {}): Promise<Frame> {
    const seen = options.past ? this.frames.find(test) : undefined;
    if (seen) return Promise.resolve(seen);
    const timeoutMs = options.timeoutMs ?? 30_000;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        // What the socket saw last says why (a stalled table, a REJECT, a closed socket).
        const last = this.frames
          .slice(-8)
          .map((f) =>
            [f.type, f.event?.type, f.event?.seat, f.code].filter((x) => x !== undefined).join(':'),
          );
        reject(
          new Error(`timed out waiting for a frame: ${String(test).slice(0, 160)}; last: ${last.join(' ')}`),
        );
      }, timeoutMs);
      this.waiters.push({ test, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  }

  /** The reply (ACK or REJECT) to `requestId`. */
  reply(requestId: string): Promise<Frame> {
    return this.next((f) => (f.type === 'ACK' || f.type === 'REJECT') && f.requestId === requestId);
  }
}

/** A short random suffix for names (tables, people, Redis prefixes) that must not meet another run's. */
export const uniqueSuffix = () => randomBytes(4).toString('hex');

/** The WebSocket address of a table at a child. */
export const tableSocketUrl = (child: Child, tableId: number) =>
  `${child.address.replace('http', 'ws')}/ws/table/${tableId}`;

/**
 * The data and environment of a site of several processes: a fresh PostgreSQL database and a Redis
 * prefix of its own on the shared Redis, leases of `leaseTtlMs` and an action time of `actionMs`.
 */
export async function siteData(
  postgresUrl: string,
  redisUrl: string,
  options: { leaseTtlMs: number; actionMs: number },
) {
  const data = await childData(postgresUrl);
  const env = {
    ...data.env,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `tenger-test-${uniqueSuffix()}:`,
    TABLE_LEASE_TTL_MS: String(options.leaseTtlMs),
    TEST_ACTION_MS: String(options.actionMs),
  };
  return { ...data, env };
}

/** The child's data: a fresh PGlite folder, or a fresh PostgreSQL database when `url` is set. */
export async function childData(url: string | undefined) {
  let dataDir: string | undefined;
  let pgHandle: (DatabaseHandle & { databaseUrl?: string }) | undefined;
  const env: Record<string, string> = {};
  if (url) {
    pgHandle = await openTestDatabase(url);
    env.DATABASE_URL = pgHandle.databaseUrl!;
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tenger-restart-'));
    env.DATA_DIR = dataDir;
  }
  return {
    env,
    /** Reads the data while no server writes to it (PGlite allows one process at a time). */
    async withDatabase<T>(work: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> {
      if (pgHandle) return work(pgHandle.db);
      const handle = await openDatabase({ pgliteDir: path.join(dataDir!, 'pglite') });
      try {
        return await work(handle.db);
      } finally {
        await handle.close();
      }
    },
    async remove(): Promise<void> {
      killChildren();
      await pgHandle?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
