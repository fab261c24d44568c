import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { elementsOutside, expectInside } from './layout';

// The player's pages on a phone (issue 13, "Done when"): at 360 and 390 px with touch, the sign-in pages and
// every profile tab lay out inside the screen (nothing sticks out sideways) and the page's main action can be
// reached. The lobby and the table have their own phone specs (phone-lobby, chat-phone).
const PLAYER = { password: 'e2e-player-password', bank: 'Khan Bank', accountNumber: '5000123456' };
const SHOTS = 'e2e/artifacts/player-phone';

let playerToken = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const registered = await request.post('/api/v1/user/register', {
    data: {
      ...PLAYER,
      username: `pp_${stamp}`,
      email: `pp_${stamp}@tenger.test`,
      repeatPassword: PLAYER.password,
      acceptTerms: true,
    },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  playerToken = ((await registered.json()) as { accessToken: string }).accessToken;
  // Money in and a withdrawal request, so the lists have rows to lay out.
  const login = await request.post('/api/v1/user/login', {
    data: { username: 'admin', password: 'e2e-admin-password' },
  });
  const adminToken = ((await login.json()) as { accessToken: string }).accessToken;
  const me = await request.get('/api/v1/user/me', { headers: { Authorization: `Bearer ${playerToken}` } });
  const userId = ((await me.json()) as { userId: number }).userId;
  const deposit = await request.post('/api/v1/admin/deposit', {
    headers: { Authorization: `Bearer ${adminToken}`, 'Idempotency-Key': `pp-${stamp}` },
    data: { userId, amount: 40_000, note: 'phone layout' },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
  const withdrawal = await request.post('/api/v1/user/withdrawal', {
    headers: { Authorization: `Bearer ${playerToken}`, 'Idempotency-Key': `pp-w-${stamp}` },
    data: { amount: 5_000 },
  });
  expect(withdrawal.status(), await withdrawal.text()).toBe(201);
  await request.dispose();
});

async function open(browser: Browser, width: number, path: string, signedIn: boolean): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
  });
  await context.addInitScript(
    ([token, signed]) => {
      if (signed) localStorage.setItem('accessToken', token);
      localStorage.setItem('i18nextLng', 'en');
    },
    [playerToken, signedIn] as const,
  );
  const page = await context.newPage();
  await page.goto(path);
  await page.getByText('Tap to Fullscreen').tap();
  return page;
}

const AUTH_PAGES: Record<string, { path: string; action: (page: Page) => Locator }> = {
  login: { path: '/auth/login', action: (page) => page.getByRole('button', { name: 'Login' }).last() },
  register: {
    path: '/auth/register',
    action: (page) => page.getByRole('button', { name: /Register/ }).last(),
  },
  forgot: {
    path: '/auth/forgot-password',
    action: (page) => page.getByRole('button', { name: 'Send the link' }),
  },
};

const PROFILE_TABS: Record<string, { tab: string; action: (page: Page) => Locator }> = {
  deposit: { tab: 'Deposit', action: (page) => page.getByText('DEP-', { exact: false }).first() },
  withdraw: { tab: 'Withdraw', action: (page) => page.getByRole('button', { name: 'Request withdrawal' }) },
  history: { tab: 'Game History', action: (page) => page.getByRole('tab', { name: 'Game History' }) },
  account: { tab: 'Account', action: (page) => page.getByRole('button', { name: 'Save' }).last() },
};

for (const width of [360, 390]) {
  test.describe(`at ${width} px with touch`, () => {
    for (const [name, auth] of Object.entries(AUTH_PAGES)) {
      test(`${name}: nothing outside the screen and the form's button reachable`, async ({ browser }) => {
        const page = await open(browser, width, auth.path, false);
        await expect(auth.action(page)).toBeVisible({ timeout: 30_000 });
        await page.screenshot({ path: `${SHOTS}/${width}-${name}.png`, fullPage: true });
        expect(await elementsOutside(page)).toEqual([]);
        await expectInside(page, auth.action(page));
        await page.context().close();
      });
    }

    test('every profile tab: nothing outside the screen and its main action reachable', async ({
      browser,
    }) => {
      const page = await open(browser, width, '/profile', true);
      for (const [name, profile] of Object.entries(PROFILE_TABS)) {
        await page.getByRole('tab', { name: profile.tab }).tap();
        await expect(profile.action(page)).toBeVisible({ timeout: 30_000 });
        await page.screenshot({ path: `${SHOTS}/${width}-profile-${name}.png`, fullPage: true });
        expect(await elementsOutside(page), `profile tab ${name}`).toEqual([]);
        await expectInside(page, profile.action(page));
      }
      await page.context().close();
    });
  });
}
