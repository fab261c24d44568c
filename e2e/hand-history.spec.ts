import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { adminToken, bearer, createTable, deposit, openAs, register, simulate } from './site';

// Issue 12 part 6 in the browser: after playing at a table, the profile's Game History downloads the
// player's hands as one PokerStars-format text file (what hand-history trackers import), holding the
// player's own hole cards and never anybody's unshown cards. The grammar itself is checked on the server
// (apps/server/src/http/routes/user/myHands.test.ts); here: the real button, the real file.
const stamp = Date.now().toString(36);

test('Game History downloads the hands just played as PokerStars text', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const PLAYER = await register(request, 'hh');
  const token = PLAYER.token;
  const adminSession = await adminToken(request);
  const admin = bearer(adminSession);
  const tableId = await createTable(request, adminSession, `History ${stamp}`);
  await deposit(request, adminSession, PLAYER.userId, 50_000);
  await simulate(request, adminSession, tableId);

  const page = await openAs(browser, token, `/table/${tableId}`, {
    context: { viewport: { width: 1280, height: 800 }, acceptDownloads: true },
  });
  await page.getByRole('button', { name: 'Sit' }).first().click();
  await page.getByText('Post now').click();
  await page.locator('.seat-dialog__number').fill('5000');
  await page.getByRole('button', { name: 'Take seat' }).click();
  await expect(page.locator(`.seat[aria-label="${PLAYER.username}"]`)).toBeVisible();

  // Play (check or call) until one of our hands is stored: durable state, read from the API.
  const handsPlayed = async () => {
    const response = await request.get(`/api/v1/user/hands?tableId=${tableId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!response.ok()) return 0;
    const body = (await response.json()) as { items?: unknown[] } | unknown[];
    return (Array.isArray(body) ? body : (body.items ?? [])).length;
  };
  const bar = page.getByRole('group', { name: 'Your turn' });
  const deadline = Date.now() + 240_000;
  while ((await handsPlayed()) < 1) {
    expect(Date.now(), 'a hand played within four minutes').toBeLessThan(deadline);
    if (await bar.isVisible().catch(() => false))
      await bar
        .locator('.act--call')
        .click({ timeout: 3_000 })
        .catch(() => undefined);
    await page.waitForTimeout(250);
  }
  await request.delete(`/api/v1/admin/table/simulate?tableId=${tableId}`, { headers: admin });

  await page.goto('/profile');
  await page.getByText('Tap to Fullscreen').click();
  await page.getByRole('tab', { name: 'Game History' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download (PokerStars text)' }).click(),
  ]);
  const text = readFileSync(await download.path(), 'utf8');
  const hands = text.split(/\n\s*\n(?=PokerStars Hand #)/).filter((h) => h.startsWith('PokerStars Hand #'));
  expect(hands.length).toBeGreaterThanOrEqual(1);
  for (const hand of hands) {
    expect(hand).toMatch(/^PokerStars Hand #\d+: Hold'em No Limit \(50\/100\) - \d{4}\/\d{2}\/\d{2} /);
    expect(hand).toContain(`Dealt to ${PLAYER.username} [`);
    expect(hand).toContain('*** SUMMARY ***');
    // Only our own hole cards are dealt to a name; others' cards appear only when shown.
    const dealt = [...hand.matchAll(/^Dealt to (\S+) \[/gm)].map((m) => m[1]);
    expect(dealt).toEqual([PLAYER.username]);
  }
  await page.context().close();
});
