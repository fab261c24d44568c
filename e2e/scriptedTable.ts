import { request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ADMIN, type Person } from './site';
import { TableChannel, type TurnPolicy } from './tableChannel';

// What the specs with scripted cards share (knockout, satellite, bust-offer): a server of the spec's own
// (apps/server/src/testing/scriptedDeckServer.ts: the real site, an in-memory PGlite, decks the test scripts
// through the server's stdin) and scripted players on the table channel.

const SERVER_DIR = path.resolve('apps/server');
/** A scripted player calls up to this (the big blind of the specs' first level) and folds to more. */
const CALL_UP_TO = 20;

export interface Server {
  process: ChildProcess;
  address: string;
  /**
   * Sends one script line and waits for the server to take it: `{holes: {"<userId>": "As Ah", …}, board}`
   * (the first hand dealt with every listed player), or `{everyHand: {board}}` (the board of every other hand).
   */
  script(line: object): Promise<void>;
}

/**
 * The spec's own scripted-deck server, started before its tests and stopped after them: `site()` (in a
 * test) gives the server and an API client on it.
 */
export function scriptedSite(): () => { server: Server; api: APIRequestContext } {
  let server: Server | undefined;
  let api: APIRequestContext | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer();
    api = await playwrightRequest.newContext({ baseURL: server.address });
  });
  test.afterAll(async () => {
    await api?.dispose();
    server?.process.kill('SIGKILL');
  });
  return () => ({ server: server!, api: api! });
}

/** Starts the scripted-deck server on a port of its own; resolves once it listens. */
export function startServer(): Promise<Server> {
  const port = 5100 + Math.floor(Math.random() * 800);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/testing/scriptedDeckServer.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'error',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_EMAIL: 'admin@tenger.test',
      // The spec's API clients keep idle connections without a limit: the server must not close them first.
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '600000',
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting: Array<() => void> = [];
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const lines = out.split('\n');
      out = lines.pop()!;
      for (const line of lines.filter((l) => l.startsWith('{'))) {
        const parsed = JSON.parse(line) as { address?: string; queued?: number };
        if (parsed.queued !== undefined) waiting.shift()?.();
        if (parsed.address)
          resolve({
            process: child,
            address: parsed.address,
            script: (script) =>
              new Promise((done) => {
                waiting.push(done);
                child.stdin!.write(`${JSON.stringify(script)}\n`);
              }),
          });
      }
    });
    child.on('exit', (code) => reject(new Error(`the scripted-deck server exited (${code})`)));
  });
}

/**
 * A scripted opponent's play: checks when free, calls up to the big blind (so every unscripted hand goes to
 * a split showdown), folds to more — and goes all-in holding `shoveWith`.
 */
export function splitUnlessHolding(shoveWith: string[] | null): TurnPolicy {
  return (legal, cards) => {
    const types = legal.actions.map((a) => a.type);
    const shove = shoveWith !== null && shoveWith.every((c) => cards.includes(c));
    if (shove && types.includes('allin')) return 'allin';
    if (types.includes('check')) return 'check';
    return legal.toCall <= CALL_UP_TO || shove ? 'call' : 'fold';
  };
}

/** `player` on the table channel of the spec's server, in the seat the director gave them (splitUnlessHolding). */
export function scriptedOpponent(
  server: Server,
  tableId: number,
  player: Person,
  shoveWith: string[] | null = null,
): Promise<TableChannel> {
  return TableChannel.open(server.address, tableId, player.token, splitUnlessHolding(shoveWith));
}

/** Opens `path` and taps the 'Tap to Fullscreen' gate once it shows (the app waits behind it). */
export async function go(page: Page, path: string) {
  await page.goto(path);
  await page
    .getByRole('button', { name: /Tap to Fullscreen|Бүтэн дэлгэцээр/ })
    .click({ timeout: 10_000 })
    .catch(() => undefined);
}
