import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminToken, bearer, createTable, go, openAs, register } from './site';

// Issue 23, "a cashier that works", in the browser: the Deposit tab names the site's account and the
// player's own deposit reference; the admin finds the player by that reference in the deposit form and
// credits them (below the four-eyes threshold one administrator credits; above it the deposit waits for a
// second one, covered by the server tests); the player sees it credited. A player too poor to sit is led
// from the seat dialog to the Deposit tab. Screenshots go to e2e/artifacts/screenshots/.
const SHOTS = 'e2e/artifacts/screenshots';
const REFERENCE = /^TP[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/;
const ACCOUNTS = {
  en: [
    { bank: 'Khan Bank', accountNumber: '5000 1234 56', holder: 'Tenger Poker LLC' },
    { bank: 'Golomt Bank', accountNumber: '1105 0099 77', holder: 'Tenger Poker LLC' },
  ],
  mn: [
    { bank: 'Хаан банк', accountNumber: '5000 1234 56', holder: 'Тэнгэр Покер ХХК' },
    { bank: 'Голомт банк', accountNumber: '1105 0099 77', holder: 'Тэнгэр Покер ХХК' },
  ],
};

async function balanceOf(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/v1/user/me', { headers: bearer(token) });
  return ((await response.json()) as { balance: number }).balance;
}

async function referenceOn(page: Page): Promise<string> {
  const shown = page.getByTestId('deposit-reference').first();
  await expect(shown).toHaveText(REFERENCE);
  return (await shown.textContent())!.trim();
}

test('the admin finds a player by the deposit reference from their profile and credits them', async ({
  browser,
  request,
}) => {
  const admin = await adminToken(request);
  const saved = await request.put('/api/v1/admin/settings', {
    headers: bearer(admin),
    data: { depositAccounts: ACCOUNTS },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const player = await register(request, 'cashier');

  const profile = await openAs(browser, player.token, '/profile', {
    context: { viewport: { width: 1366, height: 900 } },
  });
  await expect(profile.getByRole('tab', { name: 'Deposit' })).toHaveAttribute('aria-selected', 'true');
  await expect(profile.getByTestId('deposit-accounts')).toContainText('Khan Bank');
  await expect(profile.getByTestId('deposit-accounts')).toContainText('Tenger Poker LLC');
  const reference = await referenceOn(profile);

  // The cashier types the reference as it came with the transfer: lower case, with a space.
  const desk = await openAs(browser, admin, '/admin/deposit', {
    context: { viewport: { width: 1366, height: 900 } },
  });
  const picker = desk.getByRole('combobox', { name: 'Player' });
  await picker.click();
  await picker.pressSequentially(`${reference.slice(0, 4).toLowerCase()} ${reference.slice(4)}`);
  const option = desk.locator('.ant-select-item-option').filter({ hasText: reference });
  await expect(option).toHaveCount(1);
  await expect(option).toContainText(player.username);
  await option.click();
  const amount = desk.getByRole('spinbutton', { name: 'Amount' });
  await amount.pressSequentially('75000');
  await expect(amount).toHaveValue('75,000');
  await desk.getByRole('button', { name: 'Credit the deposit' }).click();
  const check = desk.getByRole('dialog', { name: 'Check the deposit' });
  await expect(check).toContainText(player.username);
  await expect(check).toContainText('₮75,000');
  expect(await balanceOf(request, player.token)).toBe(0);
  await check.getByRole('button', { name: 'Credit it' }).click();
  await expect(check).toBeHidden();
  await expect.poll(() => balanceOf(request, player.token)).toBe(75_000);

  // The admin user page shows the reference too.
  await go(desk, `/admin/user/history?userId=${player.userId}`);
  await expect(desk.getByTestId('user-deposit-reference')).toHaveText(reference);
  await desk.context().close();

  // The player sees the deposit credited.
  await go(profile, '/profile');
  const row = profile.getByRole('row').filter({ hasText: '₮75,000' });
  await expect(row).toContainText('Credited');
  await profile.screenshot({ path: `${SHOTS}/deposit-tab-1366-en.png`, fullPage: true });
  await profile.context().close();

  // The same tab at 390 px and in Mongolian (its accounts, its words), for the eye.
  for (const [language, width] of [
    ['en', 390],
    ['mn', 1366],
    ['mn', 390],
  ] as const) {
    const page = await openAs(browser, player.token, '/profile?tab=deposit', {
      language,
      context: { viewport: { width, height: width === 390 ? 844 : 900 }, isMobile: width === 390 },
    });
    await expect(page.getByTestId('deposit-reference')).toHaveText(reference);
    await expect(page.getByTestId('deposit-accounts')).toContainText(
      language === 'mn' ? 'Хаан банк' : 'Khan Bank',
    );
    await expect(page.getByRole('row').filter({ hasText: '₮75,000' })).toContainText(
      language === 'mn' ? 'Орсон' : 'Credited',
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the Deposit tab fits ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/deposit-tab-${width}-${language}.png`, fullPage: true });
    await page.context().close();
  }
});

test('a player too poor to sit is shown their reference and led to the Deposit tab', async ({
  browser,
  request,
}) => {
  const admin = await adminToken(request);
  const player = await register(request, 'broke');
  const tableId = await createTable(request, admin, `Cashier ${Date.now().toString(36)}`);
  const page = await openAs(browser, player.token, `/table/${tableId}`, {
    context: { viewport: { width: 1280, height: 800 } },
  });
  await page.getByRole('button', { name: 'Sit' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Your balance is below ₮2,000.');
  const reference = await referenceOn(page);
  await dialog.getByRole('link', { name: 'How to deposit' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=deposit$/);
  await expect(page.getByRole('tab', { name: 'Deposit' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('deposit-reference')).toHaveText(reference);
  await page.context().close();
});
