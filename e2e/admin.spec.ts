import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { adminToken as signInAdmin, newPerson, openAs, register } from './site';

// The admin panel against the real server on a fresh database (issue 6). One story, in order: the
// steps share the player, the money and the table they create.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const PLAYER = newPerson('e2e');
const TABLE_NAME = `E2E Omaha ${stamp}`;

let adminToken = '';
let playerToken = '';

async function me(request: APIRequestContext, token: string) {
  const response = await request.get('/api/v1/user/me', { headers: { Authorization: `Bearer ${token}` } });
  return (await response.json()) as { balance: number; locked: number };
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  playerToken = (await register(request, PLAYER)).token;
  adminToken = await signInAdmin(request);
  await request.dispose();
});

test('a player who opens an /admin URL lands on /', async ({ browser }) => {
  const page = await openAs(browser, playerToken, '/admin/withdraw');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('tab', { name: 'Tables' })).toBeVisible();
  await page.context().close();
});

test('the admin finds the new player and credits a deposit', async ({ browser, request }) => {
  const page = await openAs(browser, adminToken, '/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await page.getByLabel('Search users').fill(PLAYER.username);
  await page.getByLabel('Search users').press('Enter');
  const row = page.getByRole('row').filter({ hasText: PLAYER.username });
  await expect(row).toContainText(PLAYER.email);
  await expect(row).toContainText(PLAYER.accountNumber);
  await row.getByRole('link', { name: 'Deposits' }).click();

  await expect(page).toHaveURL(/\/admin\/deposit\?userId=\d+/);
  await expect(page.getByRole('menuitem', { name: 'Deposits' })).toHaveClass(/ant-menu-item-selected/);
  await expect(page.getByText(`${PLAYER.username} · ${PLAYER.email}`)).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Amount' }).fill('50000');
  await page.getByLabel('Note').fill('E2E bank transfer');
  await page.getByRole('button', { name: 'Credit the deposit' }).click();
  // Nothing is credited before the admin has seen who gets what.
  const check = page.getByRole('dialog', { name: 'Check the deposit' });
  await expect(check).toContainText(PLAYER.username);
  await expect(check).toContainText('₮50,000');
  await expect(check).toContainText('E2E bank transfer');
  expect((await me(request, playerToken)).balance).toBe(0);
  await check.getByRole('button', { name: 'Credit it' }).dblclick();
  await expect(check).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'E2E bank transfer' })).toHaveCount(1);
  expect((await me(request, playerToken)).balance).toBe(50_000);
  await page.context().close();
});

test('the player requests a withdrawal and the admin approves it; the player sees it', async ({
  browser,
  request,
}) => {
  const player = await openAs(browser, playerToken, '/profile');
  await player.getByRole('tab', { name: 'Withdraw' }).click();
  await player.getByRole('spinbutton', { name: 'Amount' }).fill('20000');
  await player.getByRole('button', { name: 'Request withdrawal' }).click();
  await player.getByRole('dialog').getByRole('button', { name: 'Yes, withdraw' }).click();
  await expect(player.getByRole('row').filter({ hasText: '₮20,000' })).toContainText('Pending');
  expect(await me(request, playerToken)).toMatchObject({ balance: 30_000, locked: 20_000 });

  const admin = await openAs(browser, adminToken, '/admin/withdraw');
  const row = admin.getByRole('row').filter({ hasText: PLAYER.username });
  await expect(row).toContainText('₮20,000');
  await expect(row).toContainText(PLAYER.bank);
  await expect(row).toContainText(PLAYER.accountNumber);
  await row.getByRole('button', { name: 'Approve' }).click();
  await admin.locator('.ant-popover').getByRole('button', { name: 'Approve' }).click();
  await expect(row).toHaveCount(0); // gone from the pending list
  expect(await me(request, playerToken)).toMatchObject({ balance: 30_000, locked: 0 });

  await player.reload();
  await player.getByText('Tap to Fullscreen').click();
  await expect(player.getByText('₮30,000').first()).toBeVisible();
  await player.getByRole('tab', { name: 'Withdraw' }).click();
  await expect(player.getByRole('row').filter({ hasText: '₮20,000' })).toContainText('Approved');
  await player.context().close();
  await admin.context().close();
});

/**
 * Picks an option of an antd select in a dialog and waits until the select shows it: a click during the
 * dialog's opening animation can miss (seen once in a full run: the table was created as Hold'em).
 */
async function choose(page: Page, dialog: Locator, label: string, option: string): Promise<void> {
  await expect(async () => {
    await dialog.getByLabel(label).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: option })
      .click({ timeout: 2_000 });
    await expect(dialog.getByTitle(option, { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test('the admin creates an Omaha table and it is listed', async ({ browser }) => {
  const page = await openAs(browser, adminToken, '/admin/table');
  await page.getByRole('button', { name: 'New table' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(TABLE_NAME);
  await choose(page, dialog, 'Variant', 'Omaha');
  await choose(page, dialog, 'Betting', 'Pot limit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row').filter({ hasText: TABLE_NAME });
  await expect(row).toContainText('Omaha · Pot limit');
  await expect(row).toContainText('0 / 6');
  await page.context().close();
});

test('simulation plays hands in the live session, a bot can be kicked, and simulation stops', async ({
  browser,
  request,
}) => {
  const auth = { Authorization: `Bearer ${adminToken}` };
  const tables = (await (await request.get('/api/v1/admin/table', { headers: auth })).json()) as {
    tableId: number;
    name: string;
  }[];
  const table = tables.find((t) => t.name === TABLE_NAME);
  expect(table).toBeDefined();
  // The table runtime with bots is built separately; this step runs once the server can simulate.
  const probe = await request.put(`/api/v1/admin/table/simulate?tableId=${table!.tableId}`, {
    headers: auth,
  });
  await request.delete(`/api/v1/admin/table/simulate?tableId=${table!.tableId}`, { headers: auth });
  test.skip(probe.status() !== 200, `the server cannot simulate yet (${probe.status()})`);

  const page = await openAs(browser, adminToken, '/admin/table');
  const row = page.getByRole('row').filter({ hasText: TABLE_NAME });
  await row.getByRole('button', { name: 'Start simulation' }).click();
  await page.locator('.ant-popover').getByRole('button', { name: 'Start simulation' }).click();
  await expect(row).toContainText('Simulation');
  await row.getByRole('link', { name: 'Live session' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/table/${table!.tableId}$`));
  await expect(page.getByTestId('hand-number')).toHaveText(/^\d+$/, { timeout: 60_000 });
  const first = Number(await page.getByTestId('hand-number').textContent());
  await expect
    .poll(async () => Number(await page.getByTestId('hand-number').textContent()), { timeout: 90_000 })
    .toBeGreaterThan(first);

  const botRow = page.getByRole('row').filter({ hasText: 'Bot' }).first();
  const botName = (await botRow.locator('td').nth(1).textContent())?.replace('Bot', '').trim() ?? '';
  await botRow.getByRole('button', { name: 'Kick' }).click();
  await page.locator('.ant-popover').getByRole('button', { name: 'Kick' }).click();
  // Kicked mid-hand, the bot stands up when the hand ends: its row says Leaving until then, then goes.
  const kicked = page.getByRole('row').filter({ hasText: botName });
  await expect
    .poll(async () => ((await kicked.count()) === 0 ? 'gone' : await kicked.first().innerText()))
    .toMatch(/gone|Leaving/);

  await page.getByRole('button', { name: 'Stop simulation' }).click();
  await page.locator('.ant-popover').getByRole('button', { name: 'Stop simulation' }).click();
  await expect(page.getByRole('button', { name: 'Start simulation' })).toBeVisible();
  await page.context().close();
});

test('the Data page reads balanced', async ({ browser }) => {
  const page = await openAs(browser, adminToken, '/admin/user');
  await page.getByRole('button', { name: 'Data' }).click();
  await expect(page).toHaveURL(/\/admin\/data$/);
  await expect(page.getByText('Balanced: every tugrik is accounted for')).toBeVisible();
  await expect(page.getByTestId('books-total')).toHaveText('₮0');
  await page.context().close();
});
