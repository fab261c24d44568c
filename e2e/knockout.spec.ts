import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { go, scriptedOpponent, scriptedSite } from './scriptedTable';
import { ADMIN, bearer, deposit, openAs, register, signIn, uniqueName, type Person } from './site';

// A progressive knockout (PKO) tournament with late registration and rebuys, on a server of this spec's
// own (apps/server/src/testing/scriptedDeckServer.ts: the real site, an in-memory PGlite, and decks the
// test scripts through the server's stdin). Two opponents (Altan, Bold) are scripted players on the
// table channel; the person registers late in the browser, rebuys, and knocks Altan out with aces
// against his all-in seven-deuce, so the bounty is won by the script, never by chance. Every other hand
// has a royal flush on the board (every pot split): nobody's stack moves unless somebody bets.
// The person then finds the numbers (prize pool, entries, rebuys, bounty won, the bounty on their head)
// in the tournament lobby, on the table's seats and in the profile, in English and Mongolian, at 390 px
// and 1366 px. Screenshots go to e2e/artifacts/screenshots/knockout-*.png.

const SHOTS = 'e2e/artifacts/screenshots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const mn = JSON.parse(readFileSync('apps/web/src/locales/mn.json', 'utf8')) as {
  tournament: { mine: Record<string, string>; formats: Record<string, string> };
  profile: { tabs: Record<string, string>; history: { types: Record<string, string> } };
};

const BUY_IN = 10_000;
const FEE = 1_000;
const STACK = 1_000;
/** 50 % of each buy-in goes onto the head. */
const BOUNTY = 5_000;
const FUNDS = 50_000;
/** Level 1 (10/20) is long: late registration and rebuys stay open all through the test. */
const LEVELS = [1, 2, 3, 4].map((level) => ({
  level,
  smallBlind: 10 * level,
  bigBlind: 20 * level,
  ante: 0,
  seconds: 1_800,
  isBreak: false,
}));
const ROYAL = 'As Ks Qs Js Ts';
/** The table without animations: lighter to draw and to photograph. */
const CALM_TABLE = { tableSettings: JSON.stringify({ animations: false }) };

mkdirSync(SHOTS, { recursive: true });

interface Entry {
  userId: number;
  stack: number;
  tableId: number | null;
  entries: number;
  rebuys: number;
  busted: boolean;
  bounty: number;
  bountiesWon: number;
}

interface Detail {
  status: string;
  entrants: number;
  prizePool: number;
  bountyPool: number;
  lateRegistrationOpen: boolean;
  players: Entry[];
}

/** Screenshots at 1366 px and 390 px (the page must not scroll sideways on the phone), then back. */
async function shoot(page: Page, name: string, { fits = true } = {}) {
  await page.setViewportSize(DESKTOP);
  // The table fills the viewport: no full-page shot (slow while it animates).
  await page.screenshot({ path: `${SHOTS}/knockout-${name}-desktop.png`, fullPage: fits });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/knockout-${name}-phone.png`, fullPage: fits });
  if (fits) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} fits a phone without sideways scrolling`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(DESKTOP);
}

const site = scriptedSite();

test('a late entrant rebuys, knocks a scripted all-in out with aces and finds the bounty in the lobby, at the table and in the profile', async ({
  browser,
}) => {
  // Its own work is a few hands and page loads; the margin is for a loaded machine (the server start is in
  // beforeAll): at a load average of 35 on 2 cores it took about 2.5 minutes.
  test.setTimeout(240_000);
  const { server, api } = site();
  const started = Date.now();
  const admin = await signIn(api, ADMIN.username, ADMIN.password);
  const [person, altan, bold] = [
    await register(api, 'pko'),
    await register(api, 'altan'),
    await register(api, 'bold'),
  ];
  for (const who of [person, altan, bold]) await deposit(api, admin, who.userId, FUNDS);
  await server.script({ everyHand: { board: ROYAL } });

  // The administrator's PKO tournament starts in a moment with the two opponents.
  const name = uniqueName('PKO');
  const created = await api.post('/api/v1/admin/tournament', {
    headers: bearer(admin),
    data: {
      name,
      kind: 'mtt',
      variant: 'holdem',
      buyIn: BUY_IN,
      fee: FEE,
      startingStack: STACK,
      tableSize: 6,
      minEntrants: 2,
      maxEntrants: 9,
      startsAt: new Date(Date.now() + 3_000).toISOString(),
      levels: LEVELS,
      actionSeconds: 30,
      lateRegLevels: 2,
      maxEntries: 2,
      rebuyLevels: 2,
      maxRebuys: 2,
      bountyPercent: 50,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { tournamentId } = (await created.json()) as { tournamentId: number };
  for (const who of [altan, bold]) {
    const entered = await api.post(`/api/v1/user/tournaments/${tournamentId}/register`, {
      headers: bearer(who.token),
    });
    expect(entered.status(), await entered.text()).toBe(200);
  }
  // Read again once when a kept-alive connection was closed under the request (ECONNRESET).
  const detail = async (): Promise<Detail> => {
    const url = `/api/v1/user/tournaments/${tournamentId}`;
    const response = await api.get(url).catch(() => api.get(url));
    return (await response.json()) as Detail;
  };
  const entryOf = async (who: Person) => (await detail()).players.find((p) => p.userId === who.userId);
  await expect.poll(async () => (await detail()).status, { timeout: 20_000 }).toBe('running');
  const firstTable = (await entryOf(altan))!.tableId!;
  const opponents = [
    await scriptedOpponent(server, firstTable, altan, ['7c', '2d']),
    await scriptedOpponent(server, firstTable, bold),
  ];

  // The person registers late from the lobby, in English on a desktop.
  const page = await openAs(browser, person.token, `/tournament/${tournamentId}`, {
    context: { viewport: DESKTOP, baseURL: server.address },
    storage: CALM_TABLE,
  });
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('until the end of level 2 · open')).toBeVisible();
  await page.getByRole('button', { name: `Register: ${name}` }).click();
  // Seated with the opponents: at their table, or — when no seat there may take a newcomer (heads-up in
  // adjacent seats, every empty seat would be the button or the small blind) — at a table of their own
  // first, then all three at the final table the director redraws once both tables are between hands.
  let tableId = firstTable;
  await expect
    .poll(
      async () => {
        const { players } = await detail();
        const at = new Set(
          [person, altan, bold].map((who) => players.find((p) => p.userId === who.userId)?.tableId),
        );
        return at.size === 1 && !at.has(null) && !at.has(undefined) ? (tableId = [...at][0]!) : null;
      },
      { timeout: 90_000 },
    )
    .not.toBeNull();
  // The scripted opponents follow a redraw to the final table.
  if (tableId !== firstTable)
    for (const opponent of opponents) await opponent.moveTo(server.address, tableId);

  // The table in a second tab, where the person checks or calls whatever comes (every hand a split
  // but the scripted one, whose shove the aces call): the Check/Call button is pressed when it shows.
  const table = await page.context().newPage();
  await go(table, `/table/${tableId}`);
  await table.evaluate(() =>
    setInterval(() => document.querySelector<HTMLButtonElement>('.act--call:not(:disabled)')?.click(), 150),
  );

  // A rebuy at the starting stack: a second starting stack and a second bounty on the head.
  await page.getByRole('button', { name: /^Rebuy/ }).click();
  await expect
    .poll(async () => {
      const me = await entryOf(person);
      return me && { rebuys: me.rebuys, stack: me.stack, bounty: me.bounty };
    })
    .toEqual({ rebuys: 1, stack: 2 * STACK, bounty: 2 * BOUNTY });

  // The scripted hand: aces for the person, seven-deuce for Altan (who shoves), nothing for Bold.
  await server.script({
    holes: { [person.userId]: 'Ah Ad', [altan.userId]: '7c 2d', [bold.userId]: '8h 3c' },
    board: 'Kd Qc 9s 5h 4c',
  });
  await expect
    .poll(async () => (await entryOf(person))?.bountiesWon ?? 0, { timeout: 40_000 })
    .toBe(BOUNTY / 2);

  // The money: Altan's bounty split, half in cash, half onto the person's head.
  const after = await detail();
  const me = after.players.find((p) => p.userId === person.userId)!;
  const out = after.players.find((p) => p.userId === altan.userId)!;
  expect(out).toMatchObject({ busted: true, bounty: 0, stack: 0 });
  expect(me).toMatchObject({
    entries: 1,
    rebuys: 1,
    bountiesWon: BOUNTY / 2,
    bounty: 2 * BOUNTY + BOUNTY / 2,
  });
  expect(after.entrants).toBe(3);
  // Four buy-ins (three entries and a rebuy), half of each to the pool and half onto heads.
  expect(after.prizePool).toBe(4 * (BUY_IN - BOUNTY));
  expect(after.bountyPool).toBe(4 * BOUNTY);
  const balance = async () =>
    (
      (await (await api.get('/api/v1/user/me', { headers: bearer(person.token) })).json()) as {
        balance: number;
      }
    ).balance;
  expect(await balance()).toBe(FUNDS - 2 * (BUY_IN + FEE) + BOUNTY / 2);

  // At the table: each seat shows the bounty on its head.
  const seat = (who: Person) => table.locator(`.seat[aria-label="${who.username}"]`);
  await expect(seat(person).getByTestId('seat-bounty')).toHaveText('Bounty ₮12,500');
  await expect(seat(bold).getByTestId('seat-bounty')).toHaveText('Bounty ₮5,000');
  await shoot(table, 'table', { fits: false });

  // The lobby: prize pool, entrants, the person's entries, rebuys, bounty won and own bounty.
  const facts = page.locator('.tournament-facts');
  await expect(facts).toContainText('₮20,000');
  await expect(facts).toContainText('3/9');
  await expect(page.getByTestId('my-entries')).toContainText('1');
  await expect(page.getByTestId('my-rebuys')).toContainText('1');
  await expect(page.getByTestId('my-bounty')).toContainText('₮12,500');
  await expect(page.getByTestId('my-won')).toContainText('₮2,500');
  const myRow = page.locator('tr.grid-table__me');
  await expect(myRow).toContainText('₮12,500');
  await expect(myRow).toContainText('won ₮2,500');
  await shoot(page, 'lobby');

  // The profile: the buy-ins and the bounty in the game history.
  await go(page, '/profile');
  await page.getByRole('tab', { name: 'Game History' }).click();
  const bountyRow = page.locator('tr', { hasText: 'Knockout Bounty' });
  await expect(bountyRow).toContainText('₮2,500');
  await expect(page.locator('tr', { hasText: 'Tournament Buy-In' })).toHaveCount(2);
  await shoot(page, 'profile');

  // The same in Mongolian (a browser of its own: the language is chosen as the site opens).
  const mnPage = await openAs(browser, person.token, `/tournament/${tournamentId}`, {
    language: 'mn',
    context: { viewport: DESKTOP, baseURL: server.address },
    storage: CALM_TABLE,
  });
  await expect(mnPage.getByTestId('my-rebuys')).toContainText(mn.tournament.mine.rebuys);
  await expect(mnPage.getByTestId('my-bounty')).toContainText('₮12,500');
  await expect(mnPage.getByTestId('my-won')).toContainText(mn.tournament.mine.bountiesWon);
  await expect(mnPage.getByTestId('my-won')).toContainText('₮2,500');
  await expect(mnPage.locator('.tournament-facts')).toContainText('₮20,000');
  await shoot(mnPage, 'lobby-mn');
  await go(mnPage, `/table/${tableId}`);
  const mnSeat = mnPage.locator(`.seat[aria-label="${person.username}"]`);
  await expect(mnSeat.getByTestId('seat-bounty')).toHaveText('Шагнал ₮12,500');
  await shoot(mnPage, 'table-mn', { fits: false });
  await go(mnPage, '/profile');
  await mnPage.getByRole('tab', { name: mn.profile.tabs.gameHistory }).click();
  await expect(mnPage.locator('tr', { hasText: mn.profile.history.types.tournament_bounty })).toContainText(
    '₮2,500',
  );
  await shoot(mnPage, 'profile-mn');
  test
    .info()
    .annotations.push({ type: 'timing', description: `${Date.now() - started} ms after the server started` });
  for (const opponent of opponents) opponent.close();
  await page.context().close();
  await mnPage.context().close();
});
