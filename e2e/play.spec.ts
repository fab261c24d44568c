import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { adminToken, createTable, simulate } from './site';

// A player's whole evening against a real server on a fresh PGlite: register, get a deposit from the
// admin, sit at a table the admin filled with bots, play hands through the UI (fold, call, raise), see the
// balance and game history change, ask for a withdrawal, switch to Mongolian and the dark theme.
// Screenshots of every page at phone and desktop size go to e2e/artifacts/screenshots/.

const SHOTS = 'e2e/artifacts/screenshots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const DEPOSIT = 100_000;
const PASSWORD = 'correct-horse-battery';

mkdirSync(SHOTS, { recursive: true });

/** The app asks for a tap first (spec §1); tap it whenever it shows. */
async function enter(page: Page) {
  const gate = page.getByRole('button', { name: /Tap to Fullscreen|Бүтэн дэлгэцээр/ });
  if (await gate.isVisible().catch(() => false)) await gate.click();
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await enter(page);
}

/** Screenshots at desktop and phone size, then back to desktop. */
async function shoot(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png` });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png` });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} fits a phone without sideways scrolling`).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
}

async function firstVisible(...locators: Locator[]): Promise<Locator | null> {
  for (const locator of locators)
    if ((await locator.count()) > 0 && (await locator.first().isVisible())) return locator.first();
  return null;
}

test('a player registers, gets a deposit, plays at a table with bots, and sees the money move', async ({
  page,
  request,
}) => {
  test.setTimeout(480_000);
  const username = `e2e_${Date.now().toString(36)}`;
  // A table of this test's own with the stakes of the site's first table, bots to come.
  const admin = await adminToken(request);
  const tableName = `Evening ${username}`;
  const tableId = await createTable(request, admin, tableName, {
    smallBlind: 100,
    bigBlind: 200,
    minBuyIn: 8_000,
    maxBuyIn: 20_000,
  });

  // The public pages first.
  await open(page, '/');
  await expect(page.getByRole('tab', { name: 'Tables' })).toBeVisible();
  await shoot(page, 'lobby');
  await page.goto('/auth/forgot-password');
  await enter(page);
  await shoot(page, 'forgot-password');

  // Register through the form.
  await open(page, '/auth/register');
  await page.getByLabel('Email').fill(`${username}@example.mn`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat password').fill(PASSWORD);
  await page.getByLabel('Bank').click();
  await page.locator('.ant-select-item-option').first().click();
  await page.getByLabel('Account number').fill('5000123456');
  await page.getByRole('checkbox', { name: /18 or older/ }).check();
  await shoot(page, 'register');
  await page.getByRole('button', { name: /Register|Sign Up/ }).click();
  // Wait on what lasts (the stored session and the lobby), never on the transient toast.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  await expect(page).toHaveURL(/\/$/);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const me = await (
    await request.get('/api/v1/user/me', { headers: { Authorization: `Bearer ${token}` } })
  ).json();

  // The admin deposits to the player and fills the table with bots.
  const auth = { Authorization: `Bearer ${admin}` };
  const deposit = await request.post('/api/v1/admin/deposit', {
    headers: { ...auth, 'Idempotency-Key': `e2e-${username}` },
    data: { userId: me.userId, amount: DEPOSIT, note: 'e2e' },
  });
  expect(deposit.status()).toBe(201);
  await simulate(request, admin, tableId);

  // The balance arrives live.
  await expect(page.getByLabel('Balance').first()).toContainText('100,000');

  // Open the table from the lobby and sit down.
  await page
    .getByRole('button', { name: `Play: ${tableName}` })
    .or(page.getByRole('link', { name: `Play: ${tableName}` }))
    .click();
  await expect(page).toHaveURL(new RegExp(`/table/${tableId}$`));
  await expect(page.getByRole('button', { name: 'Sit' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Sit' }).first().click();
  await expect(page.getByText('Balance').first()).toBeVisible();
  await page.getByRole('button', { name: 'Take seat' }).click();
  await expect(page.getByLabel(username)).toBeVisible();
  // The buy-in (the table maximum, 20,000) left the balance.
  await expect(page.getByTestId('table-balance')).toHaveText('₮80,000');

  // Play: fold, call and raise at least once each, through the action bar.
  const done = new Set<string>();
  const plan = ['fold', 'call', 'raise'];
  const bar = page.getByRole('group', { name: 'Your turn' });
  const deadline = Date.now() + 200_000;
  let shotTaken = false;
  while (done.size < plan.length && Date.now() < deadline) {
    await bar.waitFor({ state: 'visible', timeout: 90_000 });
    if (!shotTaken) {
      await shoot(page, 'table');
      shotTaken = true;
      await bar.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
      if (!(await bar.isVisible())) continue;
    }
    const want = plan.find((action) => !done.has(action)) ?? 'call';
    const fold = bar.getByRole('button', { name: /^Fold/ });
    const call = bar.getByRole('button', { name: /^Call/ });
    const check = bar.getByRole('button', { name: /^Check/ });
    const raise = bar.getByRole('button', { name: /^(Raise to|Bet)/ });
    let button: Locator | null = null;
    if (want === 'fold') button = await firstVisible(fold);
    if (want === 'call') button = await firstVisible(call);
    if (want === 'raise') {
      const min = bar.getByRole('button', { name: 'Min' });
      if (await min.isVisible().catch(() => false)) await min.click();
      button = await firstVisible(raise);
    }
    if (button) {
      await button.click();
      done.add(want);
    } else {
      // Not possible right now (e.g. nothing to call): keep the hand going.
      await (await firstVisible(check, call, fold))?.click();
    }
    await bar.waitFor({ state: 'hidden', timeout: 15_000 }).catch(() => undefined);
  }
  expect([...done].sort()).toEqual(['call', 'fold', 'raise']);

  // Replay and the settings dialog, then leave the table.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Replay' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shoot(page, 'table-replay');
  // A hand this player was dealt in: the browser checks its deck openings against the commitment.
  await page.locator('.replay-list__item').first().click();
  const deckCheck = page.getByRole('region', { name: 'Deck check' });
  await expect(deckCheck).toContainText('Verified');
  await expect(deckCheck).toContainText('Your hole cards match the deck commitment.');
  await shoot(page, 'table-replay-verified');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('switch', { name: 'Four colour deck' })).toBeVisible();
  await shoot(page, 'table-settings');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: 'Leave Table' }).click();
  // In a hand, leaving asks first ("Fold and leave?").
  const foldAndLeave = page.getByRole('button', { name: 'Fold and leave' });
  await foldAndLeave.click({ timeout: 3_000 }).catch(() => undefined);
  await expect(page).toHaveURL(/\/$/, { timeout: 60_000 });
  // Standing up brings the chips back to the balance.
  await expect(page.locator('.site-header__balance')).not.toHaveText('₮80,000', { timeout: 90_000 });
  const balanceAfterPlay = await page.locator('.site-header__balance').innerText();

  // The money moved: game history shows the hands and the buy-in; the balance is no longer the deposit.
  await open(page, '/profile');
  await page.getByRole('tab', { name: 'Game History' }).click();
  await expect(page.getByText('Buy-In').first()).toBeVisible();
  // Each hand played is labelled by its result (a win or a loss).
  await expect(page.getByText(/^Gameplay (Win|Loss)$/).first()).toBeVisible();
  await shoot(page, 'profile-history');
  await expect(page.locator('.site-header__balance')).toHaveText(balanceAfterPlay);

  // Ask for a withdrawal.
  await page.getByRole('tab', { name: 'Withdraw' }).click();
  await page.getByLabel('Amount').fill('1000');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, withdraw' }).click();
  await expect(page.getByRole('row').filter({ hasText: '₮1,000' })).toContainText('Pending');
  await shoot(page, 'profile-withdraw');

  // Mongolian and the dark theme, remembered.
  await page.getByRole('button', { name: 'МН' }).click();
  await expect(page.getByRole('tab', { name: 'Тоглоомын түүх' })).toBeVisible();
  await page.getByRole('switch', { name: /Dark theme|Бараан загвар/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await shoot(page, 'profile-mn-dark');
  await open(page, '/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('tab', { name: /Ширээ/ })).toBeVisible();
  await shoot(page, 'lobby-mn-dark');
  await open(page, `/table/${tableId}`);
  await expect(page.getByText(tableName).first()).toBeVisible();
  await shoot(page, 'table-mn-dark');
  await open(page, '/auth/login');
  await shoot(page, 'login-mn-dark');
});
