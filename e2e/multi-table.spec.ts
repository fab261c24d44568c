import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import mn from '../apps/web/src/locales/mn.json' with { type: 'json' };
import { adminToken, createTable, deposit, openAs, register, type Person } from './site';

// The tests of this file are independent (each makes its own people and tables): the workers share them.
test.describe.configure({ mode: 'parallel' });

// Two tables at once (issue 23): a player passes the fullscreen gate, opens a table from the lobby, sits,
// goes back to the lobby and Play adds a second table to the set. A second person sits heads-up at each
// table and is scripted (raises whenever it is their turn, so our player always faces a bet and may
// fold), never left to chance: we wait until it is our turn at both tables, see both flagged, act at the
// focused one by hotkey (desktop) or tap (phone) and see the flag leave it while the other stays, then
// focus the other and act there. What each table's socket sent is counted, so "the keys act on the focused
// table only" is read from the wire. Desktop 1366 px in English and 390 px in Mongolian (and the other two).

const SHOTS = 'e2e/artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

const SIZES = {
  desktop: { viewport: { width: 1366, height: 768 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
} as const;
const RUNS = [
  { size: 'desktop', language: 'en' },
  { size: 'phone', language: 'mn' },
  { size: 'desktop', language: 'mn' },
  { size: 'phone', language: 'en' },
] as const;
/** Heads-up, two minutes to act: our player's turn waits while the other table is played. */
const STAKES = { smallBlind: 50, bigBlind: 100, minBuyIn: 2_000, maxBuyIn: 10_000, actionTimeSeconds: 120 };
const NO_ANIMATIONS = { tableSettings: JSON.stringify({ animations: false, sounds: false }) };

const tile = (page: Page, tableId: number) => page.getByTestId(`table-tile-${tableId}`);
const tab = (page: Page, tableId: number) => page.getByTestId(`table-tab-${tableId}`);
const yourTurn = (locator: Locator) => locator.getAttribute('data-your-turn').then((v) => v === 'true');

/** Sits at the first free seat (inside `scope`) with 10,000. */
async function sitDown(page: Page, scope: Locator, takeSeat: string, username: string) {
  await scope.locator('.seat__sit').first().click();
  await page.locator('.seat-dialog__number').fill('10000');
  await page.getByRole('button', { name: takeSeat }).click();
  await expect(scope.locator(`.seat[aria-label="${username}"]`)).toBeVisible();
}

/** The opponent's script: raise (the minimum) whenever it is their turn, else call. */
async function raiseOrCall(page: Page): Promise<void> {
  const bar = page.getByRole('group', { name: 'Your turn' });
  if (!(await bar.isVisible().catch(() => false))) return;
  const raise = bar.locator('.act--raise');
  const target = (await raise.isEnabled().catch(() => false)) ? raise : bar.locator('.act--call');
  await target.click({ timeout: 3_000 }).catch(() => undefined);
}

async function opponentAt(browser: Browser, person: Person, tableId: number): Promise<Page> {
  const page = await openAs(browser, person.token, `/table/${tableId}`, {
    context: { viewport: { width: 1000, height: 700 } },
    storage: NO_ANIMATIONS,
  });
  await sitDown(page, page.locator('body'), 'Take seat', person.username);
  return page;
}

for (const run of RUNS) {
  test(`two tables at once, ${run.size}, ${run.language}`, async ({ browser, request }) => {
    test.setTimeout(360_000);
    const T = run.language === 'mn' ? mn : en;
    const phone = run.size === 'phone';
    const admin = await adminToken(request);
    const [player, oppA, oppB] = await Promise.all([
      register(request, 'multi'),
      register(request, 'multiA'),
      register(request, 'multiB'),
    ]);
    for (const person of [player, oppA, oppB]) await deposit(request, admin, person.userId, 100_000);
    const nameA = `Altai ${player.username}`;
    const nameB = `Gobi ${player.username}`;
    const tableA = await createTable(request, admin, nameA, STAKES);
    const tableB = await createTable(request, admin, nameB, STAKES);
    // Three more: a third and a fourth to fill the set, and a fifth the lobby refuses.
    const more: { id: number; name: string }[] = [];
    for (const name of ['Khangai', 'Orkhon', 'Tuul']) {
      const full = `${name} ${player.username}`;
      more.push({ id: await createTable(request, admin, full, STAKES), name: full });
    }

    // Every ACTION our player's page sends, per table socket.
    const actions = new Map<number, number>([
      [tableA, 0],
      [tableB, 0],
    ]);
    const page = await openAs(browser, player.token, '/', {
      language: run.language,
      context: SIZES[run.size],
      storage: NO_ANIMATIONS,
      beforeLoad: (p) =>
        p.on('websocket', (ws) => {
          const id = Number(/\/ws\/table\/(\d+)/.exec(ws.url())?.[1]);
          if (!actions.has(id)) return;
          ws.on('framesent', (frame) => {
            if (String(frame.payload).includes('"type":"ACTION"')) actions.set(id, actions.get(id)! + 1);
          });
        }),
    });

    await test.step('Play opens the first table; back in the lobby, Play adds the second', async () => {
      await page.getByRole('button', { name: `${T.lobby.play}: ${nameA}` }).click();
      await expect(page).toHaveURL(new RegExp(`/table/${tableA}$`));
      await sitDown(page, tile(page, tableA), T.table.seatDialog.takeSeat, player.username);
      // One table: the page is the single table, no tabs and no close button.
      await expect(page.getByRole('tablist')).toHaveCount(0);
      await page.getByRole('button', { name: T.menu.menu }).click();
      await page.getByRole('menuitem', { name: T.table.menu.lobby }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.getByRole('button', { name: `${T.lobby.play}: ${nameB}` }).click();
      await expect(page).toHaveURL(new RegExp(`/table/${tableB}$`));
      await expect(tile(page, tableA)).toHaveCount(1);
      await expect(tile(page, tableB)).toHaveAttribute('data-focused', 'true');
      if (phone) {
        await expect(page.getByRole('tablist', { name: T.multiTable.tables })).toBeVisible();
        await expect(tile(page, tableA)).toBeHidden();
      } else {
        await expect(tile(page, tableA)).toBeVisible();
        await expect(tile(page, tableB)).toBeVisible();
      }
      await sitDown(page, tile(page, tableB), T.table.seatDialog.takeSeat, player.username);
      // The gate stays passed: the app, not the overlay.
      await expect(page.getByText(T.gate.tapToFullscreen)).toHaveCount(0);
    });

    // The opponents sit; their script runs until it is our player's turn at both tables.
    const opponents = [await opponentAt(browser, oppA, tableA), await opponentAt(browser, oppB, tableB)];
    await test.step('our turn at both tables: both flagged', async () => {
      const flagged = (id: number) => yourTurn(phone ? tab(page, id) : tile(page, id));
      const end = Date.now() + 120_000;
      while (!((await flagged(tableA)) && (await flagged(tableB)))) {
        if (Date.now() > end) throw new Error('our turn never came at both tables');
        for (const opponent of opponents) await raiseOrCall(opponent);
        await page.waitForTimeout(200);
      }
      // B is focused (the last added); A's turn waits unseen: the title flashes its name.
      await expect
        .poll(() => page.title(), { timeout: 5_000, intervals: [200] })
        .toBe(T.multiTable.turnTitle.replace('{{table}}', nameA));
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS}/multi-table-${run.size}-${run.language}-both.png` });
      if (phone) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, 'the tab strip and the table fit 390 px').toBeLessThanOrEqual(0);
      }
    });

    await test.step('acting at the focused table: only its socket sends, the flag leaves it', async () => {
      if (phone) await tile(page, tableB).locator('.act--fold').click();
      else await page.keyboard.press('f');
      await expect.poll(() => actions.get(tableB)).toBe(1);
      expect(actions.get(tableA)).toBe(0);
      // The hand is over at B (a result pause follows); the turn at A still waits.
      const flagOf = (id: number) => (phone ? tab(page, id) : tile(page, id));
      await expect(flagOf(tableB)).not.toHaveAttribute('data-your-turn');
      await expect(flagOf(tableA)).toHaveAttribute('data-your-turn', 'true');
      await page.screenshot({ path: `${SHOTS}/multi-table-${run.size}-${run.language}-moved.png` });
    });

    await test.step('focus the other table and act there', async () => {
      if (phone) {
        await tab(page, tableA).click();
        await expect(tile(page, tableA)).toBeVisible();
        await expect(tile(page, tableB)).toBeHidden();
        await tile(page, tableA).locator('.act--fold').click();
      } else {
        await tile(page, tableA).locator('.tp-top__title').click();
        await expect(tile(page, tableA)).toHaveAttribute('data-focused', 'true');
        await expect(page).toHaveURL(new RegExp(`/table/${tableA}$`));
        await page.keyboard.press('f');
      }
      await expect.poll(() => actions.get(tableA)).toBe(1);
      expect(actions.get(tableB)).toBe(1);
    });

    await test.step('four tables: 2×2 on a desktop, four tabs on a phone; the lobby refuses a fifth', async () => {
      const toLobby = async () => {
        const focused = page.locator('[data-testid^="table-tile-"][data-focused="true"]');
        await focused.getByRole('button', { name: T.menu.menu }).click();
        await page.getByRole('menuitem', { name: T.table.menu.lobby }).click();
        await expect(page).toHaveURL(/\/$/);
      };
      await toLobby();
      await page.getByRole('button', { name: `${T.lobby.play}: ${more[0].name}` }).click();
      await sitDown(page, tile(page, more[0].id), T.table.seatDialog.takeSeat, player.username);
      await toLobby();
      await page.getByRole('button', { name: `${T.lobby.play}: ${more[1].name}` }).click();
      await expect(page.locator('[data-testid^="table-tile-"]')).toHaveCount(4);
      // Seated there too: a table only watched would be let go on the way to the lobby.
      await sitDown(page, tile(page, more[1].id), T.table.seatDialog.takeSeat, player.username);
      if (phone) await expect(page.getByRole('tab')).toHaveCount(4);
      else
        for (const id of [tableA, tableB, more[0].id, more[1].id]) await expect(tile(page, id)).toBeVisible();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS}/multi-table-${run.size}-${run.language}-four.png` });
      await toLobby();
      await page.getByRole('button', { name: `${T.lobby.play}: ${more[2].name}` }).click();
      await expect(page.getByTestId('table-set-full')).toHaveText(T.multiTable.full.replace('{{max}}', '4'));
      await expect(page).toHaveURL(/\/$/);
    });

    for (const opponent of opponents) await opponent.context().close();
    await page.context().close();
  });
}
