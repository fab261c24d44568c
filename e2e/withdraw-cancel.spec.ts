import { expect, test, type APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { adminToken, bearer, deposit, openAs, register } from './site';

// A player cancels a pending withdrawal in the profile (issue 23): the row says Cancelled, and the money is
// back in the balance at once (nothing locked) — in English on a desktop and in Mongolian on a 390 px phone.

const mn = JSON.parse(readFileSync('apps/web/src/locales/mn.json', 'utf8')) as {
  profile: {
    tabs: Record<string, string>;
    withdraw: Record<string, string> & { status: Record<string, string> };
  };
};
const en = JSON.parse(readFileSync('apps/web/src/locales/en.json', 'utf8')) as typeof mn;

const CASES = [
  { language: 'en' as const, texts: en, viewport: { width: 1366, height: 768 } },
  { language: 'mn' as const, texts: mn, viewport: { width: 390, height: 844 } },
];

async function money(request: APIRequestContext, token: string) {
  const response = await request.get('/api/v1/user/me', { headers: bearer(token) });
  return (await response.json()) as { balance: number; locked: number };
}

const AMOUNT = '₮20,000';

for (const { language, texts, viewport } of CASES) {
  test(`a pending withdrawal cancelled from the profile: ${language}, ${viewport.width} px`, async ({
    browser,
    request,
  }) => {
    const admin = await adminToken(request);
    const player = await register(request, `wc${language}`);
    await deposit(request, admin, player.userId, 50_000);
    const asked = await request.post('/api/v1/user/withdrawal', {
      headers: bearer(player.token),
      data: { amount: 20_000 },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    expect(await money(request, player.token)).toMatchObject({ balance: 30_000, locked: 20_000 });

    const page = await openAs(browser, player.token, '/profile', { language, context: { viewport } });
    await page.getByRole('tab', { name: texts.profile.tabs.withdraw }).click();
    const row = page.getByRole('row').filter({ hasText: AMOUNT });
    await expect(row).toContainText(texts.profile.withdraw.status.pending);
    await row.getByRole('button', { name: texts.profile.withdraw.cancel }).click();
    await page
      .locator('.ant-popover')
      .getByRole('button', { name: texts.profile.withdraw.cancelYes })
      .click();
    await expect(row).toContainText(texts.profile.withdraw.status.cancelled);
    await expect(row.getByRole('button', { name: texts.profile.withdraw.cancel })).toHaveCount(0);
    expect(await money(request, player.token)).toMatchObject({ balance: 50_000, locked: 0 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the withdrawals fit the screen').toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `e2e/artifacts/screenshots/withdraw-cancel-${language}-${viewport.width}.png`,
    });
    await page.context().close();
  });
}
