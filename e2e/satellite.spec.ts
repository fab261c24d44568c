import { expect, test } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { go, scriptedOpponent, scriptedSite } from './scriptedTable';
import { ADMIN, bearer, deposit, openAs, register, signIn, uniqueName } from './site';

// A satellite won by the script, on a server of this spec's own (e2e/scriptedTable.ts): a heads-up Sit & Go
// whose two players are scripted on the table channel; the person's aces call the rival's all-in
// seven-deuce, so the person wins the satellite's one ticket to the Main (whose registration is not open
// yet: the ticket is kept). The administrator opens the Main's registration; the person finds the ticket in
// the profile, registers with it from the Main's lobby (the balance is not touched), and sees the ticket
// used, the ticket's moves in the game history (English and Mongolian) and the entry under "Locked: in
// tournaments". Screenshots: e2e/artifacts/screenshots/satellite-*.png.

const SHOTS = 'e2e/artifacts/screenshots';
const DESKTOP = { width: 1366, height: 768 };
const mn = JSON.parse(readFileSync('apps/web/src/locales/mn.json', 'utf8')) as {
  profile: { tabs: Record<string, string>; history: { types: Record<string, string> } };
};

const FUNDS = 20_000;
/** The satellite: two players at 1,000 + 100 make a 2,000 pool, one Main ticket. */
const SATELLITE_BUY_IN = 1_000;
const SATELLITE_FEE = 100;
// The Main costs 1,800 + 200: the pool buys one ticket worth 2,000.
const LEVELS = [1, 2].map((level) => ({
  level,
  smallBlind: 10 * level,
  bigBlind: 20 * level,
  ante: 0,
  seconds: 1_800,
  isBreak: false,
}));

mkdirSync(SHOTS, { recursive: true });

const site = scriptedSite();

test('a satellite ticket won with aces is in the profile, registers its owner into the Main and shows in the game history', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { server, api } = site();
  const admin = await signIn(api, ADMIN.username, ADMIN.password);
  const [person, rival] = [await register(api, 'sat'), await register(api, 'rival')];
  for (const who of [person, rival]) await deposit(api, admin, who.userId, FUNDS);
  const create = async (data: object) => {
    const created = await api.post('/api/v1/admin/tournament', { headers: bearer(admin), data });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { tournamentId: number }).tournamentId;
  };
  const status = async (id: number) =>
    ((await (await api.get(`/api/v1/user/tournaments/${id}`)).json()) as { status: string }).status;

  // The Main opens its registration in an hour; its satellite is a heads-up Sit & Go.
  const mainName = uniqueName('Main');
  const mainStartsAt = new Date(Date.now() + 7_200_000).toISOString();
  const mainId = await create({
    name: mainName,
    kind: 'mtt',
    variant: 'holdem',
    buyIn: 1_800,
    fee: 200,
    startingStack: 1_000,
    tableSize: 6,
    minEntrants: 2,
    maxEntrants: 9,
    registrationOpensAt: new Date(Date.now() + 3_600_000).toISOString(),
    startsAt: mainStartsAt,
    structure: 'turbo',
  });
  const satelliteName = uniqueName('Satellite');
  const satelliteId = await create({
    name: satelliteName,
    kind: 'sng',
    variant: 'holdem',
    buyIn: SATELLITE_BUY_IN,
    fee: SATELLITE_FEE,
    startingStack: 1_000,
    tableSize: 2,
    minEntrants: 2,
    maxEntrants: 2,
    levels: LEVELS,
    actionSeconds: 30,
    targetId: mainId,
  });

  // The first hand: aces for the person, seven-deuce for the rival; both go all-in.
  await server.script({
    holes: { [person.userId]: 'Ah Ad', [rival.userId]: '7c 2d' },
    board: 'Kd Qc 9s 5h 4c',
  });
  for (const who of [person, rival]) {
    const entered = await api.post(`/api/v1/user/tournaments/${satelliteId}/register`, {
      headers: bearer(who.token),
    });
    expect(entered.status(), await entered.text()).toBe(200);
  }
  let tableId = 0;
  await expect
    .poll(
      async () => {
        const detail = (await (await api.get(`/api/v1/user/tournaments/${satelliteId}`)).json()) as {
          players: Array<{ tableId: number | null }>;
        };
        return (tableId = detail.players[0]?.tableId ?? 0);
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  const players = [
    await scriptedOpponent(server, tableId, person, ['Ah', 'Ad']),
    await scriptedOpponent(server, tableId, rival, ['7c', '2d']),
  ];
  await expect.poll(() => status(satelliteId), { timeout: 30_000 }).toBe('finished');
  for (const player of players) player.close();

  // The administrator opens the Main's registration now (the ticket waited for it).
  const opened = await api.patch(`/api/v1/admin/tournament?tournamentId=${mainId}`, {
    headers: bearer(admin),
    data: { registrationOpensAt: null },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  expect(await status(mainId)).toBe('registering');

  // The profile's Tickets list: the Main, 2,000, ready to use.
  const page = await openAs(browser, person.token, '/profile', {
    context: { viewport: DESKTOP, baseURL: server.address },
  });
  await page.getByRole('tab', { name: 'Tournaments' }).click();
  const tickets = page.getByRole('region', { name: 'Tickets' });
  const ticketRow = tickets.locator('tr', { hasText: mainName });
  await expect(ticketRow).toContainText('₮2,000');
  await expect(ticketRow).toContainText('Ready to use');
  await expect(ticketRow).toContainText(`Won in ${satelliteName}`);
  await page.screenshot({ path: `${SHOTS}/satellite-ticket-desktop.png`, fullPage: true });

  // From the ticket to the Main's lobby, and registered with it: the balance stays where it was.
  await ticketRow.getByRole('link', { name: mainName }).click();
  await page.getByRole('button', { name: `Register with ticket: ${mainName}` }).click();
  await expect(page.getByRole('button', { name: `Unregister: ${mainName}` })).toBeVisible();
  const me = (await (await api.get('/api/v1/user/me', { headers: bearer(person.token) })).json()) as {
    balance: number;
  };
  expect(me.balance).toBe(FUNDS - SATELLITE_BUY_IN - SATELLITE_FEE);

  // Back in the profile: the ticket used, the 2,000 held by the Main, the ticket's moves in the history.
  await go(page, '/profile');
  await expect(page.getByTestId('locked-breakdown')).toContainText('In tournaments ₮2,000');
  await page.getByRole('tab', { name: 'Tournaments' }).click();
  await expect(tickets.locator('tr', { hasText: mainName })).toContainText('Used');
  await page.getByRole('tab', { name: 'Game History' }).click();
  await expect(page.locator('tr', { hasText: 'Satellite Ticket Won' })).toContainText('+₮2,000');
  await expect(page.locator('tr', { hasText: 'Tournament Entry with Ticket' })).toContainText('₮2,000');
  await page.screenshot({ path: `${SHOTS}/satellite-history-desktop.png`, fullPage: true });

  // The same rows in Mongolian.
  const mnPage = await openAs(browser, person.token, '/profile', {
    language: 'mn',
    context: { viewport: DESKTOP, baseURL: server.address },
  });
  await mnPage.getByRole('tab', { name: mn.profile.tabs.gameHistory }).click();
  for (const type of ['tournament_ticket', 'tournament_ticket_entry'])
    await expect(mnPage.locator('tr', { hasText: mn.profile.history.types[type] })).toContainText('₮2,000');
  await mnPage.screenshot({ path: `${SHOTS}/satellite-history-mn-desktop.png`, fullPage: true });
  await page.context().close();
  await mnPage.context().close();
});
