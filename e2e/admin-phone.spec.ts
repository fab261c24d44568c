import { expect, test, type Browser, type Page } from '@playwright/test';
import { elementsOutside, expectInside } from './layout';
import { signIn } from './site';

// The admin panel on a phone (issue 13, part 2): at 360 and 390 px with touch, every admin page lays out
// inside the screen (nothing sticks out sideways) and its main action can be reached; at 1366 px no column
// of a list is cut off. Screenshots land in e2e/artifacts/admin-phone/ for a person to look at.
const ADMIN = { username: 'admin', password: 'e2e-admin-password' };
const PLAYER = { password: 'e2e-player-password', bank: 'Khan Bank', accountNumber: '5000123456' };
const SHOTS = 'e2e/artifacts/admin-phone';

let adminToken = '';
let playerId = 0;

interface AdminPage {
  path: () => string;
  /** The page's main action, found on the page once it has loaded. */
  action: (page: Page) => ReturnType<Page['getByRole']>;
}

const PAGES: Record<string, AdminPage> = {
  users: {
    path: () => '/admin/user',
    action: (page) => page.getByRole('button', { name: 'Block' }).first(),
  },
  withdrawals: {
    path: () => '/admin/withdraw',
    action: (page) => page.getByRole('button', { name: 'Approve' }).first(),
  },
  deposits: {
    path: () => '/admin/deposit',
    action: (page) => page.getByRole('button', { name: 'Credit the deposit' }),
  },
  tables: {
    path: () => '/admin/table',
    action: (page) => page.getByRole('button', { name: /simulation/ }).first(),
  },
  session: {
    path: () => '/admin/table/1',
    action: (page) => page.getByRole('link', { name: 'All tables' }),
  },
  history: {
    path: () => `/admin/user/history?userId=${playerId}`,
    action: (page) => page.getByRole('link', { name: 'Back to users' }),
  },
  data: {
    path: () => '/admin/data',
    action: (page) => page.getByRole('button', { name: 'Refresh' }),
  },
  settings: {
    path: () => '/admin/settings',
    action: (page) => page.getByRole('button', { name: 'Save' }).first(),
  },
  audit: {
    path: () => '/admin/audit',
    action: (page) => page.getByRole('button', { name: 'Download CSV' }),
  },
};

// Runs again in a fresh worker after a failure: a new player each time.
test.beforeAll(async ({ playwright }, testInfo) => {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const registered = await request.post('/api/v1/user/register', {
    data: {
      ...PLAYER,
      username: `ph_${stamp}`,
      email: `ph_${stamp}@tenger.test`,
      repeatPassword: PLAYER.password,
      acceptTerms: true,
    },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const playerToken = ((await registered.json()) as { accessToken: string }).accessToken;
  adminToken = await signIn(request, ADMIN.username, ADMIN.password);
  const me = await request.get('/api/v1/user/me', { headers: { Authorization: `Bearer ${playerToken}` } });
  playerId = ((await me.json()) as { userId: number }).userId;
  // Money in, then a pending withdrawal, so the Withdrawals page has a row with Approve on it.
  const deposit = await request.post('/api/v1/admin/deposit', {
    headers: { Authorization: `Bearer ${adminToken}`, 'Idempotency-Key': `phone-${stamp}` },
    data: { userId: playerId, amount: 50_000, note: 'phone layout' },
  });
  expect(deposit.status(), await deposit.text()).toBe(201);
  const withdrawal = await request.post('/api/v1/user/withdrawal', {
    headers: { Authorization: `Bearer ${playerToken}`, 'Idempotency-Key': `phone-w-${stamp}` },
    data: { amount: 5_000 },
  });
  expect(withdrawal.status(), await withdrawal.text()).toBe(201);
  await request.dispose();
});

/** An admin page signed in, at the given width, past the 'Tap to Fullscreen' gate. */
async function openAdmin(browser: Browser, width: number, path: string, touch: boolean): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: touch ? 800 : 768 },
    hasTouch: touch,
    isMobile: touch,
    deviceScaleFactor: touch ? 2 : 1,
  });
  await context.addInitScript((token) => {
    localStorage.setItem('accessToken', token);
    localStorage.setItem('i18nextLng', 'en');
  }, adminToken);
  const page = await context.newPage();
  await page.goto(path);
  await page.getByText('Tap to Fullscreen').click();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  return page;
}

for (const width of [360, 390]) {
  test.describe(`at ${width} px with touch`, () => {
    test('the side menu is a drawer, closed until the menu button opens it, and it navigates', async ({
      browser,
    }) => {
      const page = await openAdmin(browser, width, '/admin/user', true);
      await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeHidden();
      await page.getByRole('button', { name: 'Open the menu' }).tap();
      const nav = page.getByRole('navigation', { name: 'Admin menu' });
      await expect(nav).toBeVisible();
      await nav.getByRole('link', { name: 'Withdrawals' }).tap();
      await expect(page).toHaveURL(/\/admin\/withdraw$/);
      await expect(nav).toBeHidden();
      // The header's other links are behind "More".
      await page.getByRole('button', { name: 'More' }).tap();
      await page.getByRole('menuitem', { name: 'Data' }).tap();
      await expect(page).toHaveURL(/\/admin\/data$/);
      await page.context().close();
    });

    for (const [name, admin] of Object.entries(PAGES)) {
      test(`${name}: nothing outside the screen and the main action reachable`, async ({ browser }) => {
        const page = await openAdmin(browser, width, admin.path(), true);
        const action = admin.action(page);
        await expect(action).toBeVisible({ timeout: 30_000 });
        await page.screenshot({ path: `${SHOTS}/${width}-${name}.png`, fullPage: true });
        expect(await elementsOutside(page)).toEqual([]);
        await expectInside(page, action);
        await page.context().close();
      });
    }
  });
}

test.describe('at 1366 px', () => {
  for (const name of ['users', 'withdrawals', 'deposits', 'tables'] as const) {
    test(`${name}: every column of the list, Actions included, is in view`, async ({ browser }) => {
      const page = await openAdmin(browser, 1366, PAGES[name].path(), false);
      await expect(PAGES[name].action(page)).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: `${SHOTS}/1366-${name}.png` });
      const headers = page.locator('.ant-table-thead th');
      const count = await headers.count();
      expect(count).toBeGreaterThan(0);
      for (let at = 0; at < count; at++) {
        const header = headers.nth(at);
        if (!(await header.textContent())?.trim()) continue;
        const box = await header.boundingBox();
        expect(box, `column ${at}`).not.toBeNull();
        expect(box!.x + box!.width, `column "${await header.textContent()}"`).toBeLessThanOrEqual(1366);
        // Not hidden under the pinned Actions column either: its own centre is what the hit test finds.
        const hit = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x, y)?.closest('th')?.textContent ?? '',
          [box!.x + box!.width / 2, box!.y + box!.height / 2],
        );
        expect(hit).toBe(await header.textContent());
      }
      expect(await elementsOutside(page)).toEqual([]);
      await page.context().close();
    });
  }
});
