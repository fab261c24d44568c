import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminToken as signInAdmin, openAs, register } from './site';

// What the administrator changes for the whole site at once: the lobby's content block and maintenance
// mode. Every player of every other spec would see them, so these run alone, after the others
// (playwright.config.ts, project "site-wide"). One story, in order.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const BANNER = `E2E banner ${stamp}: welcome to the tables`;
const MAINTENANCE = `E2E maintenance ${stamp}`;

let adminToken = '';
let playerToken = '';

async function maintenance(request: APIRequestContext): Promise<boolean> {
  const response = await request.get('/api/v1/user/maintenance');
  return ((await response.json()) as { enabled: boolean }).enabled;
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  playerToken = (await register(request, 'site')).token;
  adminToken = await signInAdmin(request);
  await request.dispose();
});

test("the admin edits the lobby's content block and the lobby shows it", async ({ browser }) => {
  const admin = await openAs(browser, adminToken, '/admin/settings');
  const row = admin.getByRole('row').filter({ hasText: 'lobby-banner' });
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Edit the block lobby-banner' });
  await dialog.getByLabel('English text').fill(`${BANNER}\n<script>window.hacked = 1</script>`);
  await expect(dialog.getByTestId('block-preview-en')).toContainText('<script>window.hacked = 1</script>');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // Only the English text changed: the panel says the Mongolian readers keep the old text, and asks.
  await admin
    .getByRole('dialog', { name: 'Only the English text changed' })
    .getByRole('button', { name: 'Save anyway' })
    .click();
  await expect(dialog).toBeHidden();

  const lobby = await openAs(browser, null, '/');
  await expect(lobby.getByText(BANNER)).toBeVisible();
  expect(await lobby.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  await lobby.context().close();
  await admin.context().close();
});

test('the admin turns maintenance on and off; players see the message meanwhile', async ({
  browser,
  request,
}) => {
  const admin = await openAs(browser, adminToken, '/admin/settings');
  const saveSettings = admin.getByRole('button', { name: 'Save' }).first();
  await admin.getByLabel('Message shown to players').fill(MAINTENANCE);
  await admin.getByRole('switch', { name: 'Maintenance mode' }).click();
  await saveSettings.click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Turn on' }).click();
  await expect.poll(() => maintenance(request)).toBe(true);

  const player = await openAs(browser, playerToken, '/');
  await expect(player.getByText(MAINTENANCE)).toBeVisible();
  await player.context().close();

  await admin.getByRole('switch', { name: 'Maintenance mode' }).click();
  await saveSettings.click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
  await expect.poll(() => maintenance(request)).toBe(false);
  const back = await openAs(browser, playerToken, '/');
  await expect(back.getByRole('tab', { name: 'Tables' })).toBeVisible();
  await expect(back.getByText(MAINTENANCE)).toHaveCount(0);
  await back.context().close();
  await admin.context().close();
});
