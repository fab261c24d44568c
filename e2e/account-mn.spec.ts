import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { postLogin } from './site';
import { latinOnlyTexts } from './latinText';

// Issue 13, parts 3–5, against the real server on a fresh database: profile changes (and a wrong current
// password refused), server errors translated in both languages, lists that follow the pushes, and a
// walk through every player and admin page in Mongolian. Waits are on durable state (the API, rows,
// form fields), never on toasts.
test.describe.configure({ mode: 'serial' });

const ADMIN = { username: 'admin', password: 'e2e-admin-password' };
const stamp = Date.now().toString(36);
const PLAYER = {
  username: `mn_${stamp}`,
  email: `mn_${stamp}@tenger.test`,
  password: 'mn-player-password',
  bank: 'Khan Bank',
  accountNumber: '5000123456',
};
const NEW_PASSWORD = 'mn-player-password-2';
const REJECT_REASON = `Account name mismatch ${stamp}`;

let adminToken = '';
let playerToken = '';
let playerId = 0;

async function signIn(request: APIRequestContext, username: string, password: string): Promise<number> {
  const response = await postLogin(request, { username, password });
  return response.status();
}

/**
 * Presses the section's Save and returns the status of its PATCH /me. A 429 (the password gate: the other
 * worker's specs check passwords from the same address) is pressed again after a moment, as a person would.
 * Waiting on the answer itself, not on a poll with the new credentials: such a poll counts wrong passwords
 * for this account and address, and the save that then arrives is refused as guessing.
 */
async function save(section: Locator): Promise<number> {
  const page = section.page();
  let status = 0;
  for (let attempt = 0; attempt < 20; attempt++) {
    const [response] = await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === '/api/v1/user/me',
      ),
      section.getByRole('button', { name: 'Хадгалах' }).click(),
    ]);
    status = response.status();
    if (status !== 429) return status;
    await page.waitForTimeout(250);
  }
  return status;
}

async function me(request: APIRequestContext) {
  const response = await request.get('/api/v1/user/me', {
    headers: { Authorization: `Bearer ${playerToken}` },
  });
  return (await response.json()) as { email: string; bank: string; accountNumber: string; balance: number };
}

/** A page in `language` signed in with `token`, opened at `path`, past the 'Tap to Fullscreen' gate. */
async function openAs(
  browser: Browser,
  token: string | null,
  path: string,
  language: 'en' | 'mn',
): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(
    ({ value, lng }) => {
      if (value) localStorage.setItem('accessToken', value);
      localStorage.setItem('i18nextLng', lng);
    },
    { value: token, lng: language },
  );
  const page = await context.newPage();
  await page.goto(path);
  await page
    .getByText(language === 'mn' ? 'Бүтэн дэлгэцээр нээхийн тулд дарна уу' : 'Tap to Fullscreen')
    .click();
  return page;
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const registered = await request.post('/api/v1/user/register', {
    data: { ...PLAYER, repeatPassword: PLAYER.password, acceptTerms: true },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const body = (await registered.json()) as { accessToken: string; user: { userId: number } };
  playerToken = body.accessToken;
  playerId = body.user.userId;
  const login = await postLogin(request, ADMIN);
  adminToken = ((await login.json()) as { accessToken: string }).accessToken;
  await request.dispose();
});

test('server errors arrive translated: a taken username in Mongolian and in English', async ({ browser }) => {
  for (const [language, expected] of [
    ['mn', 'Энэ хэрэглэгчийн нэр бүртгэгдсэн байна.'],
    ['en', 'This username is already taken.'],
  ] as const) {
    const page = await openAs(browser, null, '/auth/register', language);
    const labels =
      language === 'mn'
        ? {
            email: 'Имэйл',
            username: 'Хэрэглэгчийн нэр',
            password: 'Нууц үг',
            repeat: 'Нууц үгээ давтана уу',
            account: 'Дансны дугаар',
            submit: 'Бүртгэл үүсгэх',
          }
        : {
            email: 'Email',
            username: 'Username',
            password: 'Password',
            repeat: 'Repeat password',
            account: 'Account number',
            submit: 'Register',
          };
    await page.getByLabel(labels.email, { exact: true }).fill(`other_${language}_${stamp}@tenger.test`);
    await page.getByLabel(labels.username, { exact: true }).fill(PLAYER.username);
    await page.getByLabel(labels.password, { exact: true }).fill('long-enough-pass');
    await page.getByLabel(labels.repeat, { exact: true }).fill('long-enough-pass');
    // The bank: chosen again until the form shows it (under load a click can land while the list opens).
    await expect(async () => {
      await page.getByRole('combobox').click();
      const option = page.locator('.ant-select-item-option').first();
      const bank = (await option.textContent())!.trim();
      await option.click();
      await expect(page.locator('form').getByTitle(bank, { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await page.getByLabel(labels.account, { exact: true }).fill('5000123456');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: labels.submit }).click();
    // The field's own message stays under the field (durable, unlike the toast).
    await expect(page.locator('.ant-form-item-explain-error').filter({ hasText: expected })).toBeVisible();
    await expect(page.getByText('Username is already taken', { exact: true })).toHaveCount(0);
    await page.context().close();
  }
});

test('the profile changes the payout account, email and password, and refuses a wrong current password', async ({
  browser,
  request,
}) => {
  const page = await openAs(browser, playerToken, '/profile', 'mn');
  await page.getByRole('tab', { name: 'Бүртгэл' }).click();

  const payout = page.getByTestId('account-payout');
  await payout.getByRole('combobox').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Голомт банк' }).click();
  await payout.getByLabel('Дансны дугаар').fill('7000111222');
  await payout.getByLabel('Одоогийн нууц үг').fill('not-my-password');
  expect(await save(payout)).toBe(400);
  await expect(payout.getByRole('alert')).toHaveText('Одоогийн нууц үг буруу байна.');
  expect((await me(request)).bank).toBe('Khan Bank');

  await payout.getByLabel('Одоогийн нууц үг').fill(PLAYER.password);
  expect(await save(payout)).toBe(200);
  expect((await me(request)).bank).toBe('Golomt Bank');
  expect((await me(request)).accountNumber).toBe('7000111222');

  const email = page.getByTestId('account-email');
  const newEmail = `mn2_${stamp}@tenger.test`;
  await email.getByLabel('Имэйл').fill('not-an-email');
  await email.getByLabel('Одоогийн нууц үг').fill(PLAYER.password);
  await email.getByRole('button', { name: 'Хадгалах' }).click();
  await expect(email.getByText('Зөв имэйл хаяг оруулна уу')).toBeVisible();
  await email.getByLabel('Имэйл').fill(newEmail);
  expect(await save(email)).toBe(200);
  expect((await me(request)).email).toBe(newEmail);

  const password = page.getByTestId('account-password');
  await password.getByLabel('Шинэ нууц үг', { exact: true }).fill(NEW_PASSWORD);
  await password.getByLabel('Шинэ нууц үгээ давтана уу').fill(NEW_PASSWORD);
  await password.getByLabel('Одоогийн нууц үг').fill(PLAYER.password);
  expect(await save(password)).toBe(200);
  expect(await signIn(request, PLAYER.username, NEW_PASSWORD)).toBe(200);
  expect(await signIn(request, PLAYER.username, PLAYER.password)).toBe(401);
  await page.context().close();
});

test('deposits and a rejected withdrawal reach the lists live; the withdrawal names the account and asks first', async ({
  browser,
  request,
}) => {
  const admin = { Authorization: `Bearer ${adminToken}` };
  const page = await openAs(browser, playerToken, '/profile', 'mn');
  await expect(page.getByText('Хэрхэн цэнэглэх вэ')).toBeVisible();

  const deposit = await request.post('/api/v1/admin/deposit', {
    headers: { ...admin, 'Idempotency-Key': `mn-${stamp}` },
    data: { userId: playerId, amount: 50_000, note: 'туршилтын цэнэглэлт' },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
  const depositCode = ((await deposit.json()) as { code: string }).code;
  // No reload: the balance push refreshes the list.
  await expect(page.getByRole('row').filter({ hasText: depositCode })).toBeVisible();

  await page.getByRole('tab', { name: 'Татан авалт' }).click();
  await expect(page.getByTestId('withdraw-destination')).toHaveText(
    'Шилжүүлэх данс: Голомт банк, 7000111222',
  );
  await page.getByRole('spinbutton').fill('5000');
  await page.getByRole('button', { name: 'Татан авах хүсэлт илгээх' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Голомт банк');
  await expect(confirm).toContainText('7000111222');
  await confirm.getByRole('button', { name: 'Тийм, татах' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Хүлээгдэж буй' });
  await expect(row).toBeVisible();

  const list = await request.get('/api/v1/admin/withdrawal', {
    headers: admin,
    params: { status: 'pending' },
  });
  const pending = ((await list.json()) as { items: { withdrawalId: number; username: string }[] }).items.find(
    (w) => w.username === PLAYER.username,
  );
  expect(pending).toBeDefined();
  const rejected = await request.put(
    `/api/v1/admin/withdrawal/reject?withdrawalId=${pending!.withdrawalId}`,
    {
      headers: admin,
      data: { reason: REJECT_REASON },
    },
  );
  expect(rejected.status(), await rejected.text()).toBe(200);
  const refused = page.getByRole('row').filter({ hasText: 'Татгалзсан' });
  await expect(refused).toContainText(`Шалтгаан: ${REJECT_REASON}`);
  await page.context().close();
});

test('every player and admin page in Mongolian shows no Latin-only text except names, numbers and brands', async ({
  browser,
  request,
}) => {
  const tables = (await (await request.get('/api/v1/user/tables')).json()) as {
    tableId: number;
    name: string;
  }[];
  // Names are data: every user's and table's name on the site when a page is read (the specs running
  // beside this one add people and tables all the while).
  const siteNames = async () => {
    const names = new Set<string>([PLAYER.username, ADMIN.username]);
    for (let page = 1; ; page++) {
      const response = await request.get(`/api/v1/admin/user/search?pageSize=100&page=${page}`, {
        headers: { Authorization: `Bearer ${adminToken}` },
      });
      expect(response.ok(), await response.text()).toBe(true);
      const { items } = (await response.json()) as { items: { username: string }[] };
      items.forEach((u) => names.add(u.username));
      if (items.length < 100) break;
    }
    const current = (await (await request.get('/api/v1/user/tables')).json()) as { name: string }[];
    current.forEach((t) => names.add(t.name));
    return names;
  };
  const { banks } = (await (await request.get('/api/v1/user/banks')).json()) as { banks: string[] };
  const tableId = tables[0].tableId;
  const visits: { token: string | null; paths: string[] }[] = [
    { token: null, paths: ['/', '/auth/login', '/auth/register', '/auth/forgot-password'] },
    { token: playerToken, paths: ['/', '/profile', `/table/${tableId}`] },
    {
      token: adminToken,
      paths: [
        '/admin/user',
        `/admin/user/history?userId=${playerId}`,
        '/admin/withdraw',
        '/admin/deposit',
        '/admin/data',
        '/admin/settings',
        '/admin/audit',
        '/admin/table',
        `/admin/table/${tableId}`,
      ],
    },
  ];
  const found: string[] = [];
  for (const { token, paths } of visits) {
    for (const path of paths) {
      const page = await openAs(browser, token, path, 'mn');
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html')).toHaveAttribute('lang', 'mn');
      const tabs = path === '/profile' ? await page.getByRole('tab').all() : [null];
      for (const tab of tabs) {
        if (tab) {
          await tab.click();
          await page.waitForLoadState('networkidle');
        }
        // Banks' names are their own spellings: the settings page edits the list, the Deposit tab names the
        // site's receiving accounts' banks.
        const names = new Set([...(await siteNames()), ...banks]);
        // The audit log's rows are stored records (append-only, written in English by the server); so are the
        // references administrators typed on deposits and withdrawals (other specs' people make them meanwhile).
        const records = ['/admin/audit', '/admin/deposit', '/admin/withdraw'].includes(path)
          ? '.ant-table-tbody'
          : null;
        for (const text of await latinOnlyTexts(page, names, records)) found.push(`${path}: ${text}`);
      }
      await page.context().close();
    }
  }
  expect([...new Set(found)]).toEqual([]);
});
