import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import {
  adminToken,
  createTable,
  deposit,
  openAs as openSite,
  register,
  simulate,
  type Person,
} from './site';

// The moments that decide a hand on a real server: against bots, a pending recharge on the seat, your
// own cards after losing a showdown and the Show/Muck choice (seen by a spectator), no waiting text in
// the result pause and a paced all-in runout measured from the DOM; heads-up against a second person
// (no bots, so our turn comes for sure), Leave Table during a hand folding after "Fold and leave?".
// Every wait is on durable state, never a toast. Each test has its own table and people.

const SHOTS = 'e2e/artifacts/screenshots';
/** The stakes of the site's first table: half the maximum leaves room for a recharge. */
const STAKES = { smallBlind: 100, bigBlind: 200, minBuyIn: 8_000, maxBuyIn: 20_000 };
const WAITING_TEXT = /Waiting for the big blind|dealt in from the next hand/;

mkdirSync(SHOTS, { recursive: true });

const received = new Map<Page, string[]>();
/** Who `me(page)` is on each page. */
const playerOf = new Map<Page, string>();

async function openAs(browser: Browser, player: Person | null, path: string): Promise<Page> {
  // Every table frame the page receives, kept: what a viewer was sent is durable, what it shows is not.
  const frames: string[] = [];
  const page = await openSite(browser, player?.token ?? null, path, {
    context: { viewport: { width: 1280, height: 800 } },
    // Auto muck off: a losing hand is not mucked at once, the player chooses.
    storage: { tableSettings: JSON.stringify({ autoMuck: false, animations: false }) },
    beforeLoad: (p) =>
      p.on('websocket', (ws) => ws.on('framereceived', (frame) => frames.push(String(frame.payload)))),
  });
  received.set(page, frames);
  if (player) playerOf.set(page, player.username);
  return page;
}

const me = (page: Page) => page.locator(`.seat[aria-label="${playerOf.get(page)}"]`);
const myFaceCards = (page: Page) => me(page).locator('.seat__cards [data-card]');
const actionBar = (page: Page) => page.getByRole('group', { name: 'Your turn' });
const showChoice = (page: Page) => page.getByRole('group', { name: 'Show or muck your cards' });

/** Checks or calls (never folds), so hands reach showdown. */
async function checkOrCall(page: Page): Promise<void> {
  const bar = actionBar(page);
  if (!(await bar.isVisible().catch(() => false))) return;
  await bar
    .locator('.act--call')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
}

/**
 * Goes all-in when it is our turn: the one All-in is the raise button at Max when raising is possible
 * (the separate All-in button shows only when it is not), else calling puts us all in.
 */
async function allIn(page: Page): Promise<void> {
  const bar = actionBar(page);
  if (!(await bar.isVisible().catch(() => false))) return;
  if (await visible(bar.locator('.act--allin'))) {
    await bar
      .locator('.act--allin')
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    return;
  }
  const max = bar.getByRole('button', { name: 'Max', exact: true });
  if ((await visible(bar.locator('.act--raise'))) && (await max.isEnabled().catch(() => false))) {
    await max.click({ timeout: 5_000 }).catch(() => undefined);
    await bar
      .locator('.act--raise')
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    return;
  }
  await bar
    .locator('.act--call')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
}

async function until(what: string, deadlineMs: number, step: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (Date.now() < end) {
    if (await step()) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/**
 * Takes a free seat (waiting for the big blind, as by default). Bots sit down too, so the seat chosen
 * may be taken first: then the dialog is closed and another free seat tried.
 */
async function takeSeat(page: Page, checkPostNow = false): Promise<void> {
  for (let attempt = 0; attempt < 6; attempt++) {
    await page.getByRole('button', { name: 'Sit' }).first().click();
    if (checkPostNow) await expect(page.getByText('Post now')).toBeVisible();
    await page.locator('.seat-dialog__number').fill('10000');
    await page.getByRole('button', { name: 'Take seat' }).click();
    const seated = await me(page)
      .waitFor({ state: 'visible', timeout: 8_000 })
      .then(() => true)
      .catch(() => false);
    if (seated) return;
    await page.keyboard.press('Escape');
    await expect(page.locator('.seat-dialog')).toBeHidden();
  }
  throw new Error('could not take a seat');
}

/** Busted by a runout: buy in again. */
async function sitAgain(page: Page): Promise<void> {
  await takeSeat(page);
}

const visible = (locator: Locator) => locator.isVisible().catch(() => false);

test('showdowns, all-in runouts and a pending recharge, against bots', async ({ browser, request }) => {
  test.setTimeout(900_000);
  const admin = await adminToken(request);
  const player = await register(request, 'moments');
  await deposit(request, admin, player.userId, 500_000);
  const tableId = await createTable(request, admin, `Moments ${player.username}`, STAKES);
  await simulate(request, admin, tableId);

  const page = await openAs(browser, player, `/table/${tableId}`);
  const spectator = await openAs(browser, null, `/table/${tableId}`);

  // Sit with half the maximum (room for a recharge). Waiting for the big blind is the default.
  await takeSeat(page, true);

  await test.step('a recharge during a hand shows on the seat until the hand ends', async () => {
    await until('a pending recharge', 240_000, async () => {
      // Only while we hold cards in a running hand (a recharge between hands lands at once).
      if ((await myFaceCards(page).count()) !== 2 || (await visible(showChoice(page)))) {
        await checkOrCall(page);
        return false;
      }
      await page.getByRole('button', { name: /menu/i }).first().click();
      await page.getByRole('menuitem', { name: /Add Chips/ }).click();
      await page.locator('.seat-dialog__number').fill('1000');
      await page
        .locator('.seat-dialog')
        .getByRole('button', { name: /Add|Recharge/ })
        .click();
      await expect(page.locator('.seat-dialog')).toBeHidden();
      return visible(me(page).getByTestId('pending-recharge'));
    });
    await expect(me(page).getByTestId('pending-recharge')).toHaveText(/\+₮1,000 after this hand/);
    await page.screenshot({ path: `${SHOTS}/moments-pending-recharge.png` });
  });

  await test.step('losing a showdown: own cards stay, Show or Muck, no waiting text, the spectator sees the shown cards', async () => {
    let shot = false;
    await until('a lost showdown with a choice', 600_000, async () => {
      if (await visible(showChoice(page))) {
        const text = (await showChoice(page).textContent()) ?? '';
        // The result pause: no waiting message for a player who was in the hand.
        await expect(page.locator('.tp-bottom')).not.toContainText(WAITING_TEXT);
        await expect(me(page)).not.toContainText(WAITING_TEXT);
        const cards = await myFaceCards(page).evaluateAll((els) =>
          els.map((e) => e.getAttribute('data-card')),
        );
        expect(cards).toHaveLength(2);
        if (!shot) {
          await page.screenshot({ path: `${SHOTS}/moments-show-choice.png` });
          shot = true;
        }
        if (!/You lost/.test(text)) {
          await showChoice(page).getByRole('button', { name: "Don't show" }).click();
          return false;
        }
        await showChoice(page).getByRole('button', { name: 'Show', exact: true }).click();
        // The spectator is sent exactly these cards (a cards-shown event): checked on the frames it
        // received, since the seat shows them only until the next hand is dealt.
        const shown = (frame: string) =>
          frame.includes('"cards-shown"') && cards.every((card) => frame.includes(`"${card}"`));
        await expect.poll(() => received.get(spectator)!.some(shown), { timeout: 15_000 }).toBe(true);
        return true;
      }
      await checkOrCall(page);
      return false;
    });
  });

  await test.step('an all-in runout: hands face up, then flop, turn and river one pause apart', async () => {
    await page.evaluate(() => {
      const w = window as unknown as { boardLog: { at: number; count: number; faceUp: number }[] };
      w.boardLog = [];
      let last = -1;
      const watch = () => {
        const board = document.querySelectorAll('.felt__board [data-card]').length;
        if (board === last) return;
        last = board;
        const faceUp = [...document.querySelectorAll('.seat:not(.seat--me) .seat__cards')].filter(
          (s) => s.querySelectorAll('[data-card]').length >= 2,
        ).length;
        w.boardLog.push({ at: performance.now(), count: board, faceUp });
      };
      new MutationObserver(watch).observe(document.body, { subtree: true, childList: true });
    });
    type Entry = { at: number; count: number; faceUp: number };
    let runout: Entry[] = [];
    await until('a called all-in', 600_000, async () => {
      if (await visible(showChoice(page))) {
        await showChoice(page)
          .getByRole('button', { name: /Don't show|Muck/ })
          .click()
          .catch(() => undefined);
        return false;
      }
      // Always keep chips: top up between hands when below the maximum.
      const log = await page.evaluate(() => (window as unknown as { boardLog: Entry[] }).boardLog);
      // A runout: 0 -> 3 -> 4 -> 5 with no action from us in between.
      for (let i = 0; i + 3 < log.length; i++) {
        const [a, b, c, d] = log.slice(i, i + 4);
        if (a.count === 0 && b.count === 3 && c.count === 4 && d.count === 5 && b.faceUp >= 1) {
          const gaps = [c.at - b.at, d.at - c.at];
          if (gaps.every((g) => g >= 1_200)) {
            runout = [a, b, c, d];
            return true;
          }
        }
      }
      if ((await me(page).count()) === 0) await sitAgain(page);
      await allIn(page);
      return false;
    });
    const gaps = [runout[2].at - runout[1].at, runout[3].at - runout[2].at];
    console.info(`runout: flop -> turn ${Math.round(gaps[0])} ms, turn -> river ${Math.round(gaps[1])} ms`);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1_200);
    await page.screenshot({ path: `${SHOTS}/moments-runout.png` });
  });

  await page.context().close();
  await spectator.context().close();
});

test('Leave Table during our hand asks "Fold and leave?" and folds, heads-up against a person', async ({
  browser,
  request,
}) => {
  // No bots: two people heads-up, so a hand runs once both sit and our turn surely comes.
  const admin = await adminToken(request);
  const [player, opponent] = [await register(request, 'leaver'), await register(request, 'stayer')];
  for (const person of [player, opponent]) await deposit(request, admin, person.userId, 50_000);
  const tableId = await createTable(request, admin, `Leave ${player.username}`, STAKES);
  const page = await openAs(browser, player, `/table/${tableId}`);
  const other = await openAs(browser, opponent, `/table/${tableId}`);
  const spectator = await openAs(browser, null, `/table/${tableId}`);
  await takeSeat(page);
  await takeSeat(other);

  // Our turn in a running hand: the opponent checks or calls whenever it is theirs.
  await until('our turn', 60_000, async () => {
    await checkOrCall(other);
    // Facing a bet (Fold) or free to check (Check; leaving still folds the hand).
    return visible(actionBar(page).locator('.act--call'));
  });
  await page.getByRole('button', { name: /menu/i }).first().click();
  await page.getByRole('menuitem', { name: 'Leave Table' }).click();
  await expect(page.locator('.ant-modal-confirm-title', { hasText: 'Fold and leave?' })).toBeVisible();
  await page.getByRole('button', { name: 'Fold and leave' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The spectator sees our seat fold at once (or already gone once the hand ended), never a timeout.
  const seat = spectator.locator(`.seat[aria-label="${player.username}"]`);
  await expect
    .poll(
      async () => (await seat.count()) === 0 || (await seat.getAttribute('class'))?.includes('seat--folded'),
      { timeout: 15_000 },
    )
    .toBe(true);
  await expect(seat).toHaveCount(0, { timeout: 120_000 });
  await expect(spectator.getByText('Timed out')).toHaveCount(0);
  for (const p of [page, other, spectator]) await p.context().close();
});
