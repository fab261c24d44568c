import { expect, test, type APIRequestContext } from '@playwright/test';
import { elementsOutside, expectInside } from './layout';

// Issue 24 "Done when": limits and self-exclusion in the browser at 390 px, against the real server. A limit
// lowered applies at once and a raise says when it will apply; a time-out logs the player out, the login then
// says until when, and the balance can still be withdrawn. Waits are on durable state (the API), not toasts.
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const PLAYER = {
  username: `pg_${stamp}`,
  email: `pg_${stamp}@tenger.test`,
  password: 'e2e-player-password',
  bank: 'Khan Bank',
  accountNumber: '5000123456',
};
const SHOTS = 'e2e/artifacts/protection-phone';
let playerToken = '';
let adminToken = '';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const registered = await request.post('/api/v1/user/register', {
    data: { ...PLAYER, repeatPassword: PLAYER.password, acceptTerms: true },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const body = (await registered.json()) as { accessToken: string; user: { userId: number } };
  playerToken = body.accessToken;
  const login = await request.post('/api/v1/user/login', {
    data: { username: 'admin', password: 'e2e-admin-password' },
  });
  adminToken = ((await login.json()) as { accessToken: string }).accessToken;
  const deposit = await request.post('/api/v1/admin/deposit', {
    headers: { ...bearer(adminToken), 'Idempotency-Key': `pg-${stamp}` },
    data: { userId: body.user.userId, amount: 40_000, note: 'protection' },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
  await request.dispose();
});

async function limits(request: APIRequestContext) {
  const response = await request.get('/api/v1/user/limits', { headers: bearer(playerToken) });
  return (await response.json()) as {
    inForce: Record<string, number | null>;
    pending: Record<string, { value: number | null }>;
  };
}

test('at 390 px: set limits, lower applies at once, a raise waits; a time-out logs out and still withdraws', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 800 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
  });
  await context.addInitScript((token) => {
    localStorage.setItem('accessToken', token);
    localStorage.setItem('i18nextLng', 'en');
  }, playerToken);
  const page = await context.newPage();
  await page.goto('/profile');
  await page.getByText('Tap to Fullscreen').tap();
  await page.getByRole('tab', { name: 'Account' }).tap();

  const limitsForm = page.getByRole('form', { name: 'Your limits' });
  await limitsForm.getByLabel('Losses per day (₮)').fill('5000');
  await limitsForm.getByLabel('Deposits per day (₮)').fill('20000');
  await limitsForm.getByRole('button', { name: 'Save limits' }).tap();
  await expect.poll(async () => (await limits(request)).inForce.lossDaily).toBe(5_000);
  expect((await limits(request)).inForce.depositDaily).toBe(20_000);

  await limitsForm.getByLabel('Losses per day (₮)').fill('9000');
  await limitsForm.getByRole('button', { name: 'Save limits' }).tap();
  await expect.poll(async () => (await limits(request)).pending.lossDaily?.value).toBe(9_000);
  expect((await limits(request)).inForce.lossDaily).toBe(5_000);
  await expect(page.getByTestId('pending-lossDaily')).toContainText('Changes to ₮9,000 on');
  await page.screenshot({ path: `${SHOTS}/390-limits.png`, fullPage: true });
  expect(await elementsOutside(page)).toEqual([]);

  const breakForm = page.getByRole('form', { name: 'Take a break' });
  await breakForm.getByText('7 days').tap();
  await breakForm.getByLabel('Current password').fill(PLAYER.password);
  await expectInside(page, breakForm.getByRole('button', { name: 'Start my break' }));
  await breakForm.getByRole('button', { name: 'Start my break' }).tap();
  await page.getByRole('button', { name: 'Yes, start now' }).tap();
  await expect(page.getByText('Your time-out has started').filter({ visible: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/390-timeout.png`, fullPage: true });
  expect(await elementsOutside(page)).toEqual([]);
  await page.getByRole('button', { name: 'OK' }).tap();
  await page.waitForURL('**/auth/login');

  // The session is gone; the login says until when and offers the withdrawal.
  const old = await request.get('/api/v1/user/me', { headers: bearer(playerToken) });
  expect(old.status()).toBe(401);
  const refused = await request.post('/api/v1/user/login', {
    data: { username: PLAYER.username, password: PLAYER.password },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('excluded');

  const fullscreen = page.getByText('Tap to Fullscreen');
  if (await fullscreen.isVisible()) await fullscreen.tap();
  await page.getByLabel('Username').fill(PLAYER.username);
  await page.getByLabel('Password').fill(PLAYER.password);
  await page.getByRole('button', { name: 'Login' }).last().tap();
  await expect(page.getByRole('alert')).toContainText('Your account is in a time-out until');
  await page.screenshot({ path: `${SHOTS}/390-excluded-login.png`, fullPage: true });
  expect(await elementsOutside(page)).toEqual([]);
  await page.getByRole('button', { name: 'Withdraw my balance' }).tap();
  await expect
    .poll(async () => {
      const list = await request.get('/api/v1/admin/withdrawal?status=pending&pageSize=100', {
        headers: bearer(adminToken),
      });
      const page = (await list.json()) as { items: { username: string; amount: number }[] };
      return page.items.find((w) => w.username === PLAYER.username)?.amount;
    })
    .toBe(40_000);
  await context.close();
});
