import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { postLogin } from './site';
import { mkdirSync } from 'node:fs';

// A Sit & Go from start to finish against a real server on a fresh PGlite: the administrator creates a
// three-player hyper Sit & Go from a template in the admin panel and fills two seats with bots; a person
// registers from the tournament's page, opens the table and goes all-in at every turn (calls or checks
// when all-in is not offered), so the tournament ends for them whatever the cards: busted or the winner.
// Then the table's finish dialog and the tournament page show the place and prize, the profile lists the tournament with them, and
// the balance is the one before, less buy-in and fee, plus the prize. Its own users and tournament.
// Screenshots at 390 px and desktop go to e2e/artifacts/screenshots/tournament-*.png.

const SHOTS = 'e2e/artifacts/screenshots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const ADMIN = { username: 'admin', password: 'e2e-admin-password' };
const stamp = Date.now().toString(36);
const NAME = `E2E Sit & Go ${stamp}`;
const PASSWORD = 'correct-horse-battery';
const PERSON = {
  username: `tourney_${stamp}`,
  email: `tourney_${stamp}@example.mn`,
  password: PASSWORD,
  repeatPassword: PASSWORD,
  acceptTerms: true,
  bank: 'Khan Bank',
  accountNumber: '5000123456',
};
const DEPOSIT = 50_000;
/** The template's entry (Sit & Go 6-max Hyper): ₮10,000 to the pool and ₮1,000 to the house. */
const BUY_IN = 10_000;
const FEE = 1_000;
/** Every hand of a three-player all-in Sit & Go at human bot pace fits well inside this. */
const PLAY_DEADLINE_MS = 8 * 60_000;

mkdirSync(SHOTS, { recursive: true });

interface Entry {
  userId: number;
  place: number | null;
  prize: number;
  tableId: number | null;
}

async function signIn(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await postLogin(request, { username, password });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** A page signed in with the token, in English, opened at path, past the 'Tap to Fullscreen' gate. */
async function openAs(browser: Browser, token: string, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addInitScript((value) => {
    localStorage.setItem('accessToken', value);
    localStorage.setItem('i18nextLng', 'en');
  }, token);
  const page = await context.newPage();
  await go(page, path);
  return page;
}

async function go(page: Page, path: string) {
  await page.goto(path);
  const gate = page.getByText('Tap to Fullscreen');
  await gate.click({ timeout: 10_000 }).catch(() => undefined);
}

/** Screenshots at desktop and phone size (the page must not scroll sideways on the phone), then desktop. */
async function shoot(page: Page, name: string, { fits = true } = {}) {
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/tournament-${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/tournament-${name}-phone.png`, fullPage: true });
  if (fits) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} fits a phone without sideways scrolling`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(DESKTOP);
}

test('a person plays a Sit & Go with two bots to the end and finds the place and prize in the profile', async ({
  browser,
  request,
}) => {
  test.setTimeout(PLAY_DEADLINE_MS + 180_000);
  const adminToken = await signIn(request, ADMIN.username, ADMIN.password);
  const registered = await request.post('/api/v1/user/register', { data: PERSON });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const personToken = ((await registered.json()) as { accessToken: string }).accessToken;
  const asPerson = { Authorization: `Bearer ${personToken}` };
  const me = async () =>
    (await (await request.get('/api/v1/user/me', { headers: asPerson })).json()) as {
      userId: number;
      balance: number;
    };
  const { userId } = await me();
  const deposit = await request.post('/api/v1/admin/deposit', {
    headers: { Authorization: `Bearer ${adminToken}`, 'Idempotency-Key': `e2e-tournament-${stamp}` },
    data: { userId, amount: DEPOSIT, note: 'e2e tournament' },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);

  // The administrator creates the Sit & Go from a template, changing the field to three and the action time.
  const admin = await openAs(browser, adminToken, '/admin/tournament');
  await admin.getByRole('button', { name: 'New tournament' }).click();
  await admin.getByText('Sit & Go 6-max Hyper').click();
  const form = admin.getByRole('dialog', { name: 'New tournament' });
  await form.getByRole('textbox', { name: /Name/ }).fill(NAME);
  await form.getByRole('spinbutton', { name: /Most entrants/ }).fill('3');
  await form.getByRole('spinbutton', { name: /Action time/ }).fill('15');
  await shoot(admin, 'admin-create');
  await form.getByRole('button', { name: 'Save' }).click();
  const row = admin.locator('tr', { has: admin.getByRole('link', { name: NAME }) });
  await expect(row).toContainText('0 / 3');
  await expect(row).toContainText('₮10,000 + ₮1,000');

  // Two bots enter: the field is one short of full.
  await row.getByRole('button', { name: 'Add bots' }).click();
  const bots = admin.getByRole('dialog', { name: `Bots for ${NAME}` });
  await bots.getByRole('spinbutton', { name: 'How many bots' }).fill('2');
  await bots.getByRole('button', { name: 'Add bots' }).click();
  await expect(row).toContainText('2 / 3');
  await expect(row).toContainText('₮20,000');
  await shoot(admin, 'admin');
  const tournamentId = Number(
    (await row.getByRole('link', { name: NAME }).getAttribute('href'))!.split('/').pop(),
  );
  const entryOf = async (): Promise<Entry | undefined> => {
    const response = await request.get(`/api/v1/user/tournaments/${tournamentId}`, { headers: asPerson });
    const detail = (await response.json()) as { players: Entry[] };
    return detail.players.find((p) => p.userId === userId);
  };

  // The person registers from the tournament's page: the Sit & Go is full and starts.
  const balanceBefore = (await me()).balance;
  expect(balanceBefore).toBe(DEPOSIT);
  const page = await openAs(browser, personToken, `/tournament/${tournamentId}`);
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
  await page.getByRole('button', { name: `Register: ${NAME}` }).click();
  await expect.poll(async () => (await me()).balance).toBe(DEPOSIT - BUY_IN - FEE);

  // To the table: all-in at every turn until the tournament is over for the person.
  await page.getByRole('link', { name: 'Your table' }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/table\/\d+/);
  const bar = page.getByRole('group', { name: 'Your turn' });
  const deadline = Date.now() + PLAY_DEADLINE_MS;
  let turns = 0;
  let entry = await entryOf();
  expect(entry, 'the person is an entrant').toBeDefined();
  while (entry && entry.place === null) {
    expect(Date.now(), 'the Sit & Go ends for the person in time').toBeLessThan(deadline);
    if (
      await bar.waitFor({ state: 'visible', timeout: 3_000 }).then(
        () => true,
        () => false,
      )
    ) {
      if (turns === 0) await shoot(page, 'table', { fits: false });
      turns++;
      // A: all-in (the raise to the whole stack, or the All-in button). When no raise is possible
      // (everyone else is all-in or covered), C calls or checks.
      await page.keyboard.press('a');
      const acted = await bar.waitFor({ state: 'hidden', timeout: 2_000 }).then(
        () => true,
        () => false,
      );
      if (!acted) await page.keyboard.press('c');
      await bar.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
    }
    entry = await entryOf();
  }
  expect(turns, 'the person acted at least once').toBeGreaterThan(0);
  const { place, prize } = entry as Entry;
  expect(place).toBeGreaterThanOrEqual(1);
  expect(place).toBeLessThanOrEqual(3);
  // Three entrants pay one place: the whole pool to the winner.
  expect(prize).toBe(place === 1 ? 3 * BUY_IN : 0);

  // At the table the finish dialog says the place and the prize; it leads to the tournament's page.
  const finish = page.getByTestId('tournament-finish');
  await expect(finish).toContainText(`You finished in place ${place} of 3.`);
  await expect(finish).toContainText(
    prize > 0 ? 'Your prize of ₮30,000 is in your balance.' : 'No prize this time.',
  );
  await shoot(page, 'finish', { fits: false });
  await page.getByRole('button', { name: 'Tournament lobby' }).click();

  // The tournament page shows the place and the prize.
  await expect(page).toHaveURL(new RegExp(`/tournament/${tournamentId}$`));
  const result = page.getByText(`You finished in place ${place}.`);
  await expect(result).toBeVisible();
  if (prize > 0) await expect(result).toContainText('Prize: ₮30,000.');
  await shoot(page, 'result');

  // The profile lists it with the place and prize; the money adds up.
  await go(page, '/profile');
  await page.getByRole('tab', { name: 'Tournaments' }).click();
  const mine = page.locator('tr', { has: page.getByRole('link', { name: NAME }) });
  await expect(mine).toContainText(`${place} of 3`);
  await expect(mine).toContainText('₮10,000 + ₮1,000');
  await expect(mine).toContainText(prize > 0 ? '₮30,000' : '—');
  await shoot(page, 'profile');
  // On a phone the place and the prize are in view as the page opens, the list not scrolled sideways.
  await page.setViewportSize(PHONE);
  for (const cell of [mine.getByText(`${place} of 3`), mine.locator('.my-tournaments__prize')]) {
    const box = await cell.boundingBox();
    expect(box, 'the cell has a box').not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  }
  await page.setViewportSize(DESKTOP);
  await expect.poll(async () => (await me()).balance).toBe(balanceBefore - BUY_IN - FEE + prize);
  test
    .info()
    .annotations.push({ type: 'result', description: `place ${place}, prize ${prize}, ${turns} turns` });

  await admin.context().close();
  await page.context().close();
});
