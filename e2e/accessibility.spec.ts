import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminToken, createTable, openAs, register, uniqueName } from './site';

// Accessibility (issue 23, part 9): axe-core's WCAG 2 A and AA rules find no violation on any page of the
// site — the visitor's, the player's and the administrator's — in the light and the dark theme, on a
// desktop (1366 px) and a phone (390 px, touch). A violation is reported with its rule, its nodes and
// the first node's own explanation, so the failure says what to fix.

const VIEWPORTS = {
  desktop: { viewport: { width: 1366, height: 768 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

interface Scan {
  name: string;
  path: () => string;
  who: 'visitor' | 'player' | 'admin';
  /** What shows once the page has loaded its data. */
  ready: (page: Page) => ReturnType<Page['locator']>;
}

// The tests of this file are independent (each makes its own people and tables): the workers share them.
test.describe.configure({ mode: 'parallel' });

let tableId = 0;
const tableName = uniqueName('a11y');
let playerName = '';
let playerToken = '';
let adminSession = '';

const main = (page: Page) => page.locator('main, [role="main"], .ant-layout').first();

const SCANS: Scan[] = [
  { name: 'login', path: () => '/auth/login', who: 'visitor', ready: (p) => p.locator('form') },
  { name: 'register', path: () => '/auth/register', who: 'visitor', ready: (p) => p.locator('form') },
  {
    name: 'forgot password',
    path: () => '/auth/forgot-password',
    who: 'visitor',
    ready: (p) => p.locator('form'),
  },
  { name: 'lobby', path: () => '/', who: 'player', ready: (p) => p.getByText(tableName).first() },
  { name: 'profile', path: () => '/profile', who: 'player', ready: (p) => p.getByRole('tab').first() },
  {
    name: 'table',
    path: () => `/table/${tableId}`,
    who: 'player',
    ready: (p) => p.locator('.table-page, main').first(),
  },
  {
    name: 'admin users',
    path: () => '/admin/user',
    who: 'admin',
    ready: (p) => p.getByText(playerName).first(),
  },
  { name: 'admin withdrawals', path: () => '/admin/withdraw', who: 'admin', ready: main },
  {
    name: 'admin deposits',
    path: () => '/admin/deposit',
    who: 'admin',
    ready: (p) => p.locator('form').first(),
  },
  {
    name: 'admin tables',
    path: () => '/admin/table',
    who: 'admin',
    ready: (p) => p.getByText(tableName).first(),
  },
  { name: 'admin table session', path: () => `/admin/table/${tableId}`, who: 'admin', ready: main },
  { name: 'admin tournaments', path: () => '/admin/tournament', who: 'admin', ready: main },
  { name: 'admin data', path: () => '/admin/data', who: 'admin', ready: main },
  {
    name: 'admin settings',
    path: () => '/admin/settings',
    who: 'admin',
    ready: (p) => p.locator('form').first(),
  },
  { name: 'admin audit', path: () => '/admin/audit', who: 'admin', ready: main },
  { name: 'admin security', path: () => '/admin/security', who: 'admin', ready: main },
  { name: 'admin system', path: () => '/admin/system', who: 'admin', ready: main },
];

test.beforeAll(async ({ request }) => {
  adminSession = await adminToken(request);
  tableId = await createTable(request, adminSession, tableName);
  const player = await register(request, 'a11y');
  playerToken = player.token;
  playerName = player.username;
});

/** axe's violations on the page as it is now, one line each (rule, impact, nodes, what to fix). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes[0]?.target.join(' ')} — ${v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ')}`,
  );
}

for (const [device, context] of Object.entries(VIEWPORTS)) {
  for (const theme of ['light', 'dark'] as const) {
    test(`no WCAG 2 A/AA violation on any page: ${device}, ${theme}`, async ({ browser }) => {
      test.setTimeout(300_000);
      const found: string[] = [];
      const tokens = { visitor: null, player: playerToken, admin: adminSession };
      for (const who of ['visitor', 'player', 'admin'] as const) {
        const page = await openAs(browser, tokens[who], '/auth/login', {
          context,
          storage: { themeMode: theme },
        });
        for (const [i, scan] of SCANS.filter((s) => s.who === who).entries()) {
          // The first page loads the app; the next ones are reached as a click on a link would (the
          // router follows the address), without loading and starting the app again for each page.
          if (i === 0) await page.goto(scan.path());
          else
            await page.evaluate((path) => {
              window.history.pushState(null, '', path);
              window.dispatchEvent(new PopStateEvent('popstate'));
            }, scan.path());
          await expect.poll(() => new URL(page.url()).pathname).toBe(scan.path());
          const gate = page.getByRole('button', { name: 'Tap to Fullscreen' });
          if (await gate.isVisible().catch(() => false)) await gate.click();
          await expect(scan.ready(page)).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          for (const line of await violations(page)) found.push(`${scan.name}: ${line}`);
        }
        await page.context().close();
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }
}
