import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN, adminToken, bearer, newPerson, openAs, register, postLogin } from './site';

// The administrators' second factor in the browser, against the real server (issue 17 part 6). The e2e
// server does not require it site-wide, so a new administrator enrols from /auth/second-factor; once
// enrolled, every login of theirs asks for the code. One story, in order.
test.describe.configure({ mode: 'serial' });

const NEW_ADMIN = newPerson('e2e_2fa', 'e2e-admin2-password');

let newAdminId = 0;
let secret = '';
let recoveryCodes: string[] = [];

/** The authenticator app: the code `steps` time steps from now (each step is accepted once by the server). */
function code(steps: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** A password login that may stop at the second factor. */
async function signIn(request: APIRequestContext, username: string, password: string) {
  const response = await postLogin(request, { username, password });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { accessToken: string; secondFactor?: string };
}

async function logInWithPassword(browser: Browser): Promise<Page> {
  const page = await openAs(browser, null, '/auth/login');
  await page.getByLabel('Username', { exact: true }).fill(NEW_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(NEW_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/auth\/second-factor$/);
  return page;
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  newAdminId = (await register(request, NEW_ADMIN)).userId;
  const granted = await request.patch(`/api/v1/admin/user/role?userId=${newAdminId}`, {
    headers: bearer(await adminToken(request)),
    data: { role: 'ADMIN' },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  await request.dispose();
});

test('a new administrator sets up the authenticator: QR code, the key as text, a first code, the recovery codes once', async ({
  browser,
  request,
}) => {
  const { accessToken } = await signIn(request, NEW_ADMIN.username, NEW_ADMIN.password);
  const page = await openAs(browser, accessToken, '/auth/second-factor');
  await page.getByRole('button', { name: 'Set up the authenticator app' }).click();
  await expect(page.getByAltText('QR code for the authenticator app')).toBeVisible();
  secret = (await page.getByTestId('second-factor-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('The 6-digit code the app shows now').fill(await code(0));
  await page.getByRole('button', { name: 'Confirm' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  recoveryCodes = await list.getByRole('listitem').allTextContents();
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page).toHaveURL(/\/admin/);
  await expect(page.getByText('Admin Panel')).toBeVisible();
  await page.context().close();
});

test('the next login asks for the code after the password; a wrong code is refused, the right one opens the admin panel', async ({
  browser,
}) => {
  const page = await logInWithPassword(browser);
  await page.getByLabel('Code', { exact: true }).fill('12345x');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('The code is wrong or has been used already.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/second-factor$/);
  await page.getByLabel('Code', { exact: true }).fill(await code(1));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin/);
  await expect(page.getByText('Admin Panel')).toBeVisible();
  await page.context().close();
});

test('a recovery code opens the panel once; then the admin pages send a session without the factor back to the code', async ({
  browser,
}) => {
  const page = await logInWithPassword(browser);
  await page.getByLabel('Code', { exact: true }).fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin/);
  await expect(page.getByText('Admin Panel')).toBeVisible();
  await page.context().close();

  const again = await logInWithPassword(browser);
  await again.getByLabel('Code', { exact: true }).fill(recoveryCodes[0]);
  await again.getByRole('button', { name: 'Continue' }).click();
  await expect(again.getByText('The code is wrong or has been used already.')).toBeVisible();
  // Straight to an admin page with this session: refused by the server, sent back to the code.
  await again.goto('/admin/user');
  await again.getByText('Tap to Fullscreen').click();
  await expect(again).toHaveURL(/\/auth\/second-factor$/);
  await again.context().close();
});

// The next specs share this server: leave it with its one administrator, as they found it.
test.afterAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { accessToken } = await signIn(request, ADMIN.username, ADMIN.password);
  const demoted = await request.patch(`/api/v1/admin/user/role?userId=${newAdminId}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { role: 'PLAYER' },
  });
  expect(demoted.status(), await demoted.text()).toBeLessThan(300);
  await request.dispose();
});
