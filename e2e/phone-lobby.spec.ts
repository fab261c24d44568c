import { expect, test, type Browser, type Page } from '@playwright/test';

// The lobby on a phone (issue 13, parts 5 and 6): compact rows, at least five tables on a 390x844 screen
// without scrolling past the jackpot; the jackpot's rules one tap behind it; the footer block.
const SHOTS = 'e2e/artifacts/admin-phone';

async function openLobby(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
  });
  await context.addInitScript(() => localStorage.setItem('i18nextLng', 'en'));
  const page = await context.newPage();
  await page.goto('/');
  await page.getByText('Tap to Fullscreen').tap();
  await expect(page.getByRole('tab', { name: 'Tables' })).toBeVisible();
  return page;
}

test('at 390x844 the lobby shows at least five whole tables below the jackpot, nothing sideways', async ({
  browser,
}) => {
  const page = await openLobby(browser);
  const rows = page.locator('table.tables tbody tr');
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(5);
  await page.screenshot({ path: `${SHOTS}/390-lobby.png` });
  const jackpot = await page.locator('.jackpot').boundingBox();
  const visible = await rows.evaluateAll(
    (all) =>
      all.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
  expect(jackpot!.y).toBeGreaterThanOrEqual(0);
  expect(visible).toBeGreaterThanOrEqual(5);
  // Each row's Play button is on screen.
  const play = rows.first().getByRole('button');
  const box = await play.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.context().close();
});

test("the jackpot's rules open behind the jackpot and the footer block closes the page", async ({
  browser,
}) => {
  const page = await openLobby(browser);
  await page.locator('.jackpot').getByText('Rules').tap();
  await expect(page.getByTestId('jackpot-rules')).toContainText('bad beat');
  await expect(page.getByTestId('site-footer')).toContainText('Play responsibly');
  await page.context().close();
});
