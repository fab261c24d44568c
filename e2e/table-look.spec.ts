import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { adminToken, bearer, createTable, deposit, openAs, register, simulate } from './site';

// The table's look kept on the account and the session panel, on a real server: a player chooses the blue
// felt and the gold card back (PUT /table-look), sits at a table the bots play at and plays (checks or
// calls) until the session panel counts two hands; the table is looked at at 1366 and 390 px wide. The
// waits are on what the page shows durably (the panel's hand count), never on a toast.

const SHOTS = 'e2e/artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

test('a blue felt and gold card backs from the account, and the session panel counting the hands', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await adminToken(request);
  const player = await register(request, 'look');
  await deposit(request, admin, player.userId, 50_000);
  const saved = await request.put('/api/v1/user/table-look', {
    headers: bearer(player.token),
    data: { felt: 'blue', cardBack: 'gold' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const refused = await request.put('/api/v1/user/table-look', {
    headers: bearer(player.token),
    data: { felt: 'purple', cardBack: 'gold' },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.code).toBe('validation_failed');

  const tableId = await createTable(request, admin, 'Look table', { maxPlayers: 4 });
  await simulate(request, admin, tableId);
  const page = await openAs(browser, player.token, `/table/${tableId}`, {
    context: { viewport: { width: 1366, height: 768 } },
    storage: { tableSettings: JSON.stringify({ animations: false }) },
  });
  // The sound files are served and decode in the browser (an offline context: no gesture, nothing heard).
  const decoded = await page.evaluate(async () => {
    const context = new OfflineAudioContext(1, 1, 22_050);
    const names = ['deal', 'chip', 'check', 'fold', 'turn', 'tick', 'win'];
    return Promise.all(
      names.map(async (name) => {
        const bytes = await (await fetch(`/sounds/${name}.wav`)).arrayBuffer();
        return {
          name,
          kb: bytes.byteLength / 1024,
          seconds: (await context.decodeAudioData(bytes)).duration,
        };
      }),
    );
  });
  for (const sound of decoded) {
    expect(sound.kb, sound.name).toBeLessThan(20);
    expect(sound.seconds, sound.name).toBeGreaterThan(0.02);
  }
  const area = page.locator('.table-area');
  await expect(area).toHaveAttribute('data-felt', 'blue');
  await expect(area).toHaveAttribute('data-card-back', 'gold');

  // A seat (the bots may take the one chosen first: try another).
  const panel = page.getByTestId('session-panel');
  for (let attempt = 0; attempt < 6 && !(await panel.isVisible()); attempt++) {
    await page.getByRole('button', { name: 'Sit' }).first().click();
    await page.locator('.seat-dialog__number').fill('10000');
    await page.getByRole('button', { name: 'Take seat' }).click();
    await panel.waitFor({ timeout: 8_000 }).catch(() => page.keyboard.press('Escape'));
  }
  await expect(panel).toBeVisible();

  // Every sound started from here on is counted (the page has had its gestures: the clicks above).
  await page.evaluate(() => {
    const counted = window as unknown as { soundsStarted: number };
    counted.soundsStarted = 0;
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (...args: Parameters<typeof start>) {
      counted.soundsStarted += 1;
      return start.apply(this, args);
    };
  });

  // Play: check or call whenever the turn comes, until two hands are counted.
  const hands = page.getByTestId('session-hands');
  await expect(async () => {
    await page
      .getByRole('group', { name: 'Your turn' })
      .locator('.act--call')
      .click({ timeout: 1_000 })
      .catch(() => undefined);
    expect(Number(await hands.textContent())).toBeGreaterThanOrEqual(2);
  }).toPass({ timeout: 180_000, intervals: [500] });
  await expect(page.getByTestId('session-net')).toHaveText(/₮/);
  // Cards were dealt and chips bet in those hands: their sounds played.
  expect(
    await page.evaluate(() => (window as unknown as { soundsStarted: number }).soundsStarted),
  ).toBeGreaterThan(0);
  await page.screenshot({ path: `${SHOTS}/table-look-1366.png` });
  expect(await violations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/table-look-390.png` });

  await page.getByRole('button', { name: /Menu/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('radio', { name: 'Blue' })).toBeChecked();
  await expect(page.getByRole('slider', { name: 'Volume' })).toBeVisible();
  // The dialog's opening animation ends before the picture (the assertions above do not need it).
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${SHOTS}/table-look-settings-390.png` });
  // The dialog itself (behind its mask the action bar may be up: the mask dims it, by design).
  expect(await violations(page, '.ant-modal')).toEqual([]);

  // In Mongolian, chosen in the same dialog (the panel keeps its count).
  await page.getByRole('combobox', { name: 'Language' }).selectOption('mn');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /Энэ удаагийн суулт/ })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/table-look-390-mn.png` });
  await simulate(request, admin, tableId, false);
});

/** axe's WCAG 2 A/AA violations on the page as it is now (the panel, the felt, the settings' choices). */
async function violations(page: Page, within?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  const result = await (within ? axe.include(within) : axe).analyze();
  return result.violations.map((v) => `${v.id} ×${v.nodes.length}: ${v.nodes[0]?.target.join(' ')}`);
}
