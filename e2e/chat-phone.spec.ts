import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import {
  event,
  headsUpStart,
  snapshot,
  tableInfo,
  tableSeat,
} from '../apps/web/src/features/table/tableFixtures';
import { sharedArea } from './layout';
import { adminToken, createTable, deposit, go, register, type Person as Player } from './site';

// The tests of this file are independent (each makes its own people and tables): the workers share them.
test.describe.configure({ mode: 'parallel' });

// Table chat between two browsers and a spectator at a table that bots play at, and the table on phones
// of 360 and 390 px: every visible element inside the viewport (bounding boxes), clocks included.
// Screenshots go to e2e/artifacts/screenshots/.

const SHOTS = 'e2e/artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

/** A browser context signed in as `player` (or a visitor), on the given viewport. */
async function contextFor(
  browser: Browser,
  player: Player | null,
  viewport = { width: 1280, height: 800 },
  phone = false,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, isMobile: phone, hasTouch: phone });
  if (player) {
    await context.addInitScript((token) => {
      if (!localStorage.getItem('accessToken')) localStorage.setItem('accessToken', token);
    }, player.token);
  }
  return context;
}

async function openTable(page: Page, tableId: number) {
  await go(page, `/table/${tableId}`);
  await expect(page.locator('.table-area')).toBeVisible();
}

async function openChat(page: Page) {
  const toggle = page.getByTestId('chat-toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(page.getByTestId('table-chat')).toBeVisible();
}

async function say(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Say something…' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

const chatLines = (page: Page) => page.getByTestId('chat-line');

test('chat between a seated player, a logged-in spectator and an anonymous spectator; mutes', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await adminToken(request);
  const auth = { Authorization: `Bearer ${admin}` };
  const tableId = await createTable(request, admin, `Chat ${Date.now().toString(36)}`, { maxPlayers: 9 });
  const [ann, bat] = [await register(request, 'ann'), await register(request, 'bat')];
  await deposit(request, admin, ann.userId, 50_000);
  expect((await request.put(`/api/v1/admin/table/simulate?tableId=${tableId}`, { headers: auth })).ok()).toBe(
    true,
  );

  const annContext = await contextFor(browser, ann);
  const batContext = await contextFor(browser, bat);
  const visitorContext = await contextFor(browser, null);
  const [annPage, batPage, visitor] = await Promise.all([
    annContext.newPage(),
    batContext.newPage(),
    visitorContext.newPage(),
  ]);
  for (const page of [annPage, batPage, visitor]) {
    await openTable(page, tableId);
    await openChat(page);
  }

  // The visitor reads but cannot write.
  await expect(visitor.getByRole('link', { name: 'Log in to chat' })).toBeVisible();
  await expect(visitor.getByRole('textbox', { name: 'Say something…' })).toHaveCount(0);

  // Ann sits down (a seated player), Bat stays on the rail (a logged-in spectator).
  // The bots' director fills seats too: a seat it takes first is refused ("That seat was just taken"),
  // and Ann picks another free one.
  const annSeat = annPage.getByLabel(ann.username, { exact: true });
  const taken = annPage.getByRole('alert').filter({ hasText: 'That seat was just taken.' });
  for (let attempt = 0; attempt < 5 && !(await annSeat.isVisible()); attempt++) {
    await annPage.getByRole('button', { name: 'Sit' }).first().click();
    await annPage.getByRole('button', { name: 'Take seat' }).click();
    await expect(annSeat.or(taken)).toBeVisible();
    if (await taken.isVisible()) await annPage.getByRole('button', { name: 'Cancel' }).click();
  }
  await expect(annSeat).toBeVisible();

  await say(annPage, 'good luck everyone');
  for (const page of [annPage, batPage, visitor])
    await expect(chatLines(page).filter({ hasText: 'good luck everyone' })).toHaveText(
      new RegExp(`${ann.username}:\\s*good luck everyone`),
    );
  await say(batPage, 'watching from the rail, shit cards today');
  for (const page of [annPage, batPage, visitor])
    await expect(chatLines(page).filter({ hasText: 'watching from the rail' })).toContainText(
      'watching from the rail, **** cards today',
    );

  // The dealer's hand log comes in between (bots play hands at this table).
  await expect(visitor.getByTestId('chat-dealer-line').first()).toContainText(/Dealer: .+ won ₮/, {
    timeout: 90_000,
  });

  // Ann mutes Bat for herself: gone from Ann's chat, still on the visitor's.
  await annPage
    .getByRole('button', { name: `Mute ${bat.username} for me` })
    .first()
    .click();
  await expect(chatLines(annPage).filter({ hasText: 'watching from the rail' })).toHaveCount(0);
  await expect(chatLines(visitor).filter({ hasText: 'watching from the rail' })).toHaveCount(1);

  // An administrator mutes Bat site-wide: Bat's next line is refused with a clear message.
  const mute = await request.put('/api/v1/admin/user/chat-mute', {
    headers: auth,
    data: { userId: bat.userId, muted: true },
  });
  expect(mute.ok()).toBe(true);
  await say(batPage, 'can anyone hear me');
  await expect(batPage.getByTestId('chat-refusal')).toHaveText('An administrator has muted your chat.');
  await expect(chatLines(visitor).filter({ hasText: 'can anyone hear me' })).toHaveCount(0);

  // The administrator reads the table's log (with the text as typed) on the live session page.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await adminContext.addInitScript((token) => localStorage.setItem('accessToken', token), admin);
  const adminPage = await adminContext.newPage();
  await go(adminPage, `/admin/table/${tableId}`);
  const log = adminPage.getByTestId('admin-chat-log');
  // The log is read when the page opens; a line stored a moment after that shows on Refresh.
  await expect(async () => {
    await log.getByRole('button', { name: 'Refresh' }).click();
    await expect(log).toContainText('As typed: watching from the rail, shit cards today', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(log.getByText('Muted').first()).toBeVisible();
  await adminPage.screenshot({ path: `${SHOTS}/admin-chat-log-desktop.png` });
  await visitor.screenshot({ path: `${SHOTS}/table-chat-desktop.png` });

  await request.delete(`/api/v1/admin/table/simulate?tableId=${tableId}`, { headers: auth });
  for (const context of [annContext, batContext, visitorContext, adminContext]) await context.close();
});

/** Every visible element's box, and those that reach outside the viewport. */
async function outsideViewport(page: Page, { vertical = true } = {}): Promise<string[]> {
  return page.evaluate((vertical) => {
    const width = window.innerWidth;
    const height = window.innerHeight;
    const out: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // Not rendered: inside a closed <details> (content-visibility: hidden) or under display: none.
      if (!element.checkVisibility()) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) continue;
      if (element.closest('[aria-hidden="true"]') && element.closest('svg')) continue;
      const outsideSideways = rect.left < -1 || rect.right > width + 1;
      if (outsideSideways || (vertical && (rect.top < -1 || rect.bottom > height + 1))) {
        const name = `${element.tagName.toLowerCase()}.${String(element.className?.toString() ?? '').replace(/\s+/g, '.')}`;
        out.push(
          `${name} [${Math.round(rect.left)},${Math.round(rect.top)} → ${Math.round(rect.right)},${Math.round(rect.bottom)}]`,
        );
      }
    }
    return out;
  }, vertical);
}

/** The height of the table's area (it must not change when the action bar comes and goes). */
function stageHeight(page: Page): Promise<number> {
  return page.evaluate(() => Math.round(document.querySelector('.tp-stage')!.getBoundingClientRect().height));
}

/** Visible controls smaller than 44 × 44 px (the phone's touch target minimum). */
async function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    const controls = document.querySelectorAll(
      '.tp button, .tp input:not([type=checkbox]), .tp select, .tp a, .tp label.pre-actions__box',
    );
    for (const control of controls) {
      // A control inside a larger area that answers the same tap (a seat's name inside its plate) is measured
      // by that area.
      const area = (control as HTMLElement).dataset.touchArea;
      const rect = ((area && control.closest(area)) || control).getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (control.closest('[aria-hidden="true"]') || !control.checkVisibility()) continue;
      if (rect.height < 44 - 0.5 || rect.width < 44 - 0.5)
        small.push(
          `${control.tagName.toLowerCase()} "${control.textContent?.trim() ?? ''}" ${Math.round(rect.width)}×${Math.round(rect.height)}`,
        );
    }
    return small;
  });
}

for (const width of [360, 390]) {
  test(`the table fits a ${width} px phone: nothing outside the viewport, clocks at every seat included`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const admin = await adminToken(request);
    const auth = { Authorization: `Bearer ${admin}` };
    const tableId = await createTable(request, admin, `Phone ${width} ${Date.now().toString(36)}`, {
      maxPlayers: 9,
    });
    const player = await register(request, `p${width}`);
    await deposit(request, admin, player.userId, 50_000);
    expect(
      (await request.put(`/api/v1/admin/table/simulate?tableId=${tableId}`, { headers: auth })).ok(),
    ).toBe(true);
    const context = await contextFor(browser, player, { width, height: width === 360 ? 740 : 844 }, true);
    const page = await context.newPage();
    await openTable(page, tableId);
    await page.getByRole('button', { name: 'Sit' }).first().click();
    await page.getByRole('button', { name: 'Take seat' }).click();
    await expect(page.getByLabel(player.username, { exact: true })).toBeVisible();
    await expect(page.getByTestId('table-game')).toHaveText(/^Hold'em NL · ₮50\/₮100$/);

    // Watch the clock go round the table: check the layout whenever a new seat has the clock.
    const seatsClocked = new Set<string>();
    const stageHeights = new Set<number>();
    const stagesWithoutBar = new Set<number>();
    const deadline = Date.now() + 150_000;
    let barShot = false;
    const bar = page.getByRole('group', { name: 'Your turn' });
    while ((seatsClocked.size < 5 || !barShot) && Date.now() < deadline) {
      const acting = page.locator('.seat--acting:has(.clock)');
      await acting.first().waitFor({ state: 'visible', timeout: 60_000 });
      const seat = (await acting.first().getAttribute('data-seat')) ?? '';
      const stage = await stageHeight(page);
      stageHeights.add(stage);
      if (!barShot && (await bar.isVisible())) {
        barShot = true;
        await page.screenshot({ path: `${SHOTS}/table-${width}-your-turn.png` });
        expect(await outsideViewport(page), `the action bar at ${width} px`).toEqual([]);
        expect(await smallTouchTargets(page), `touch targets at ${width} px`).toEqual([]);
        expect(await bar.getByRole('button', { name: /All-in/ }).count()).toBeLessThanOrEqual(1);
        expect(await bar.getByRole('button', { name: /^(Min|½ Pot|¾ Pot|Pot|Max)$/ }).count()).toBe(5);
      } else if (!(await bar.isVisible())) {
        stagesWithoutBar.add(stage);
      }
      if (!seatsClocked.has(seat)) {
        seatsClocked.add(seat);
        expect(await outsideViewport(page), `seat ${seat} acting at ${width} px`).toEqual([]);
      }
      await page.waitForFunction((s) => !document.querySelector(`.seat--acting[data-seat="${s}"]`), seat, {
        timeout: 60_000,
      });
    }
    // The table keeps its size whether the action bar shows or not (space reserved).
    expect(barShot, 'the action bar came at least once').toBe(true);
    expect(stagesWithoutBar.size, 'seen without the action bar').toBeGreaterThan(0);
    expect(
      [...stageHeights].every((h) => Math.abs(h - [...stageHeights][0]) <= 1),
      `${[...stageHeights]}`,
    ).toBe(true);
    expect(seatsClocked.size).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: `${SHOTS}/table-${width}.png` });

    // The chat panel too.
    await openChat(page);
    await say(page, `hello from a ${width} px phone`);
    await expect(chatLines(page).filter({ hasText: `hello from a ${width} px phone` })).toHaveCount(1);
    expect(await outsideViewport(page), `chat open at ${width} px`).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/table-${width}-chat.png` });
    await page.getByTestId('chat-toggle').click();

    // The replay dialog fits the phone.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Replay' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForFunction(
      () => !document.querySelector('.ant-modal-wrap .ant-zoom-appear, .ant-zoom-enter'),
    );
    expect(await outsideViewport(page), `replay dialog at ${width} px`).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/replay-${width}.png` });
    await page.keyboard.press('Escape');

    // The lobby marks the table where the player sits.
    await go(page, '/');
    const row = page.getByRole('row').filter({ hasText: `Phone ${width}` });
    await expect(row.getByTestId('seated-mark')).toHaveText('You sit here');
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/lobby-seated-${width}.png` });

    await request.delete(`/api/v1/admin/table/simulate?tableId=${tableId}`, { headers: auth });
    await context.close();
  });
}

// The result pause on a phone: your hand's name and the Seat options button never cover each other. The
// table channel is scripted in the browser (a 9-seat table, a showdown you win with a long hand name),
// in English and in Mongolian (the longer label).
for (const [width, language] of [
  [360, 'mn'],
  [390, 'en'],
  [360, 'en'],
  [390, 'mn'],
] as const) {
  test(`at ${width} px (${language}) your hand's name at showdown and Seat options do not overlap`, async ({
    browser,
    request,
  }) => {
    const player = await register(request, `sd${width}`);
    const context = await contextFor(browser, player, { width, height: width === 360 ? 740 : 844 }, true);
    await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), language);
    const page = await context.newPage();
    const seats = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((seat) =>
      seat === 0
        ? tableSeat(0, player.userId, player.username, 980)
        : tableSeat(seat, 100 + seat, `bot${seat}`),
    );
    const frames = [
      snapshot({ viewer: { userId: player.userId, seat: 0 }, table: tableInfo(seats, { maxPlayers: 9 }) }),
      ...headsUpStart(1, ['Kh', 'Kd']),
      event(7, {
        type: 'street-dealt',
        street: 'river',
        cards: ['Ks', 'Qc', 'Qd', '7h', '2c'],
        board: ['Ks', 'Qc', 'Qd', '7h', '2c'],
      }),
      event(8, { type: 'cards-shown', seat: 3, cards: ['Ah', 'Ad'], handValue: 2, handName: 'Two pair' }),
      event(9, { type: 'cards-shown', seat: 0, cards: ['Kh', 'Kd'], handValue: 1, handName: 'Full house' }),
    ];
    await page.routeWebSocket(/\/ws\/table\//, (socket) => {
      socket.onMessage((raw) => {
        const message = JSON.parse(String(raw)) as { type: string; requestId?: string };
        if (message.type === 'AUTH') for (const frame of frames) socket.send(JSON.stringify(frame));
        else if (message.requestId)
          socket.send(JSON.stringify({ type: 'ACK', requestId: message.requestId }));
      });
    });
    await openTable(page, 7);
    const handName = page.locator('.seat--me .seat__hand-name');
    const options = page.getByTestId('seat-options').locator('summary');
    await expect(handName).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/table-${width}-${language}-showdown.png` });
    expect(await sharedArea(handName, options), 'hand name and Seat options').toBe(0);
    expect(await sharedArea(page.locator('.seat--me .seat__plate'), options), 'plate and Seat options').toBe(
      0,
    );
    expect(await outsideViewport(page), `the showdown at ${width} px`).toEqual([]);
    await context.close();
  });
}

test('preferences saved to the account come back on another device at login', async ({
  browser,
  request,
}) => {
  const player = await register(request, 'prefs');
  const saved = await request.patch('/api/v1/user/me', {
    headers: { Authorization: `Bearer ${player.token}` },
    data: { preferences: { fourColourDeck: true, darkTheme: true, hideChat: true } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  // A fresh browser (no local storage) signed in as the player.
  const context = await contextFor(browser, player);
  const page = await context.newPage();
  await go(page, '/');
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('tableSettings') ?? '{}')))
    .toMatchObject({ fourColourDeck: true, hideChat: true });
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await openTable(page, 1);
  await expect(page.getByTestId('chat-toggle')).toHaveCount(0);
  await context.close();
});
