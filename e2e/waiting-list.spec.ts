import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { elementsOutside } from './layout';
import { TableChannel } from './tableChannel';
import { adminToken, bearer, createTable, deposit, openAs, register, uniqueName, type Person } from './site';

// A full table's waiting list from the lobby (issue 23): two scripted players fill a table of two seats (on
// the table channel, sitting out, so no hand is dealt and no seat frees by chance); a third person joins the
// list from the lobby and sees their place; a seated player leaves; the lobby offers the held seat, and
// Take seat opens the table with its seat dialog: the person sits. In English at 1366 px and in Mongolian at
// 390 px. Screenshots go to e2e/artifacts/screenshots/waiting-list-*.png.

const SHOTS = 'e2e/artifacts/screenshots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const ADDRESS = `http://127.0.0.1:${process.env.E2E_PORT}`;
const CALM_TABLE = { tableSettings: JSON.stringify({ animations: false }) };
type Texts = {
  lobbyWaitlist: Record<string, string>;
  table: { seatDialog: Record<string, string>; waitlist: Record<string, string> };
};
const locale = (language: string) =>
  JSON.parse(readFileSync(`apps/web/src/locales/${language}.json`, 'utf8')) as Texts;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

mkdirSync(SHOTS, { recursive: true });

const PATHS = [
  { language: 'en', viewport: DESKTOP, size: 'desktop' },
  { language: 'mn', viewport: PHONE, size: 'phone' },
] as const;

for (const { language, viewport, size } of PATHS) {
  test(`a person joins a full table's waiting list from the lobby and takes the seat it holds (${language}, ${size})`, async ({
    browser,
    request,
  }) => {
    const texts = locale(language);
    const admin = await adminToken(request);
    const name = uniqueName(`WL${language}`);
    const tableId = await createTable(request, admin, name, { maxPlayers: 2 });
    const [first, second, waiter] = [
      await register(request, 'wlseat'),
      await register(request, 'wlseat'),
      await register(request, 'wlwait'),
    ];
    for (const who of [first, second, waiter]) await deposit(request, admin, who.userId, 20_000);

    // The table fills: each sits down and sits out at once (one active player at most: no hand is dealt).
    const seated: TableChannel[] = [];
    for (const [seat, who] of [first, second].entries()) {
      const channel = await TableChannel.open(ADDRESS, tableId, who.token);
      await channel.command({ type: 'SIT', seat, amount: 2_000 });
      await channel.command({ type: 'SIT_OUT' });
      seated.push(channel);
    }

    const page = await openAs(browser, waiter.token, '/', {
      language,
      context: { viewport },
      storage: CALM_TABLE,
    });
    const join = page.getByRole('button', { name: `${texts.lobbyWaitlist.join}: ${name}` });
    await join.click();
    const place = page.getByTestId('waitlist-place');
    await expect(place).toHaveText(fill(texts.lobbyWaitlist.place, { place: 1, count: 1 }));
    await expect.poll(() => myPlace(request, waiter, tableId)).toBe(1);
    await shoot(page, `waiting-list-joined-${language}-${size}`);

    // A seated player leaves: the freed seat is held for the person, and the lobby says so.
    await seated[0]!.command({ type: 'LEAVE' });
    const offer = page.getByTestId('lobby-waitlist-offer');
    await expect(offer).toContainText(name, { timeout: 15_000 });
    await shoot(page, `waiting-list-offer-${language}-${size}`);

    // Take seat opens the table with the seat dialog for the held seat; the person sits there.
    await offer.getByRole('button', { name: `${texts.table.waitlist.take}: ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/table/${tableId}\\?waitlist=take$`));
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(fill(texts.table.seatDialog.sitTitle, { seat: 1 }));
    await dialog.getByRole('button', { name: texts.table.seatDialog.takeSeat }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel(waiter.username)).toBeVisible();
    await expect.poll(() => seatedAt(request, waiter)).toContain(tableId);
    await expect.poll(() => myPlace(request, waiter, tableId)).toBeNull();
    await shoot(page, `waiting-list-seated-${language}-${size}`);

    for (const channel of seated) channel.close();
    await page.context().close();
  });
}

/** The person's place on the table's waiting list (null: not on it), as the server has it. */
async function myPlace(request: Parameters<typeof register>[0], who: Person, tableId: number) {
  const response = await request.get('/api/v1/user/tables/waitlists', { headers: bearer(who.token) });
  const lists = (await response.json()) as { tables: Array<{ tableId: number; place: number | null }> };
  return lists.tables.find((list) => list.tableId === tableId)?.place ?? null;
}

async function seatedAt(request: Parameters<typeof register>[0], who: Person): Promise<number[]> {
  const response = await request.get('/api/v1/user/tables/seated', { headers: bearer(who.token) });
  return ((await response.json()) as { tableIds: number[] }).tableIds;
}

/** A screenshot; on the phone nothing may reach past the screen's edges. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  if ((page.viewportSize()?.width ?? 0) <= PHONE.width) expect(await elementsOutside(page)).toEqual([]);
}
