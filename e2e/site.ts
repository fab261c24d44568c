import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

// What every spec needs of the site, through its API: the administrator, people of its own, money,
// tables of its own (so that specs running side by side never meet each other's players or bots), and a
// browser page signed in and past the 'Tap to Fullscreen' gate.

/** The administrator the e2e server starts with (playwright.config.ts). */
export const ADMIN = { username: 'admin', password: 'e2e-admin-password' };

/** A name no other spec, worker or run uses. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** The registration form of a new person whose name starts with `prefix`. */
export function newPerson(prefix: string, password = 'e2e-player-password') {
  const username = uniqueName(prefix);
  return {
    username,
    email: `${username}@tenger.test`,
    password,
    bank: 'Khan Bank',
    accountNumber: '5000123456',
  };
}

export interface Person {
  userId: number;
  username: string;
  password: string;
  token: string;
}

/** Registers a person (a new one named after `prefix`, or the form given) and returns their session. */
export async function register(
  request: APIRequestContext,
  form: string | ReturnType<typeof newPerson>,
): Promise<Person> {
  const person = typeof form === 'string' ? newPerson(form) : form;
  const response = await request.post('/api/v1/user/register', {
    data: { ...person, repeatPassword: person.password, acceptTerms: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { accessToken: string; user: { userId: number } };
  return {
    userId: body.user.userId,
    username: person.username,
    password: person.password,
    token: body.accessToken,
  };
}

/** Logs in with a password (no second factor) and returns the access token. */
export async function signIn(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<string> {
  const response = await postLogin(request, { username, password });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/**
 * POST /login, again after a moment while the answer is 429: the server checks one password per account at a
 * time (auth/passwordGate.ts) and specs on the other worker sign the same administrator in.
 */
export async function postLogin(request: APIRequestContext, data: object) {
  let response = await request.post('/api/v1/user/login', { data });
  for (let attempt = 0; attempt < 20 && response.status() === 429; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    response = await request.post('/api/v1/user/login', { data });
  }
  return response;
}

export const adminToken = (request: APIRequestContext) => signIn(request, ADMIN.username, ADMIN.password);

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The administrator credits `amount` to the person (once, whatever retries happen). */
export async function deposit(request: APIRequestContext, admin: string, userId: number, amount: number) {
  const response = await request.post('/api/v1/admin/deposit', {
    headers: { ...bearer(admin), 'Idempotency-Key': uniqueName(`deposit-${userId}`) },
    data: { userId, amount, note: 'e2e' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** A Hold'em no-limit table of 50/100 with a short action time, as the table specs use. */
export const TEST_TABLE = {
  variant: 'holdem',
  betting: 'no-limit',
  smallBlind: 50,
  bigBlind: 100,
  minBuyIn: 2_000,
  maxBuyIn: 10_000,
  maxPlayers: 6,
  actionTimeSeconds: 8,
};

/** A table of this spec's own; returns its id. */
export async function createTable(
  request: APIRequestContext,
  admin: string,
  name: string,
  overrides: Partial<typeof TEST_TABLE> = {},
): Promise<number> {
  const response = await request.post('/api/v1/admin/table', {
    headers: bearer(admin),
    data: { ...TEST_TABLE, ...overrides, name },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { tableId: number }).tableId;
}

/** Bots fill the table and play (on), or leave it (off). */
export async function simulate(request: APIRequestContext, admin: string, tableId: number, on = true) {
  const path = `/api/v1/admin/table/simulate?tableId=${tableId}`;
  const response = on
    ? await request.put(path, { headers: bearer(admin) })
    : await request.delete(path, { headers: bearer(admin) });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Opens the site; the app asks for a tap first (spec §1): tapped whenever it shows. */
export async function go(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const gate = page.getByRole('button', { name: /Tap to Fullscreen|Бүтэн дэлгэцээр/ });
  if (await gate.isVisible().catch(() => false)) await gate.click();
}

/**
 * A fresh browser signed in with `token` (or a visitor), in `language`, opened at `path` past the
 * 'Tap to Fullscreen' gate; `storage` adds other localStorage entries (table settings, …).
 */
export async function openAs(
  browser: Browser,
  token: string | null,
  path: string,
  options: {
    language?: 'en' | 'mn';
    context?: BrowserContextOptions;
    storage?: Record<string, string>;
    /** Runs on the page before it loads (listeners that must see the first frame). */
    beforeLoad?: (page: Page) => void;
  } = {},
): Promise<Page> {
  const context = await browser.newContext(options.context);
  await context.addInitScript(
    ({ value, language, storage }) => {
      if (value) localStorage.setItem('accessToken', value);
      localStorage.setItem('i18nextLng', language);
      for (const [key, item] of Object.entries(storage)) localStorage.setItem(key, item);
    },
    { value: token, language: options.language ?? 'en', storage: options.storage ?? {} },
  );
  const page = await context.newPage();
  options.beforeLoad?.(page);
  await page.goto(path);
  await page
    .getByText(options.language === 'mn' ? 'Бүтэн дэлгэцээр нээхийн тулд дарна уу' : 'Tap to Fullscreen')
    .click();
  return page;
}
