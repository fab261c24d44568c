import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { adminToken, createTable, deposit, go, openAs, register, uniqueName, type Person } from './site';

// Player notes and colour tags (issue 23 item 6): a player watching a table taps another player's seat,
// writes a note and picks a colour; the seat shows the tag (its colour and "with a note" in the label, the
// note as the tooltip), and it is still there after a reload — the note lives on the account. On a desktop
// and a phone, in English and Mongolian; the seat's owner gets no note on their own seat.

const DEVICES = {
  desktop: { viewport: { width: 1366, height: 768 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

const WORDS = {
  en: {
    open: 'Note on',
    title: 'Your note on',
    green: 'Green',
    note: 'Note',
    save: 'Save',
    tag: 'Green tag, with a note',
  },
  mn: {
    open: 'Тэмдэглэл:',
    title: 'Таны тэмдэглэл:',
    green: 'Ногоон',
    note: 'Тэмдэглэл',
    save: 'Хадгалах',
    tag: 'Ногоон шошго, тэмдэглэлтэй',
  },
} as const;

/** axe's WCAG 2 A/AA violations on the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map(
    (v) => `${v.id} ×${v.nodes.length}: ${v.nodes[0]?.target.join(' ')} — ${v.nodes[0]?.failureSummary}`,
  );
}

/** The player sits at the table through its channel (AUTH, then SIT) and stays connected. */
async function sitDown(site: string, player: Person, tableId: number): Promise<WebSocket> {
  const socket = new WebSocket(`${site.replace(/^http/, 'ws')}/ws/table/${tableId}`);
  const answers = new Map<string, { type: string; message?: string }>();
  const answered = (requestId: string) =>
    expect.poll(() => answers.get(requestId)?.type, { timeout: 15_000 }).toBe('ACK');
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { type: string; requestId?: string; message?: string };
    if (frame.requestId) answers.set(frame.requestId, frame);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'AUTH', token: player.token, requestId: 'auth' }));
  await answered('auth');
  socket.send(JSON.stringify({ type: 'SIT', seat: 0, amount: 5_000, requestId: 'sit' }));
  await answered('sit');
  return socket;
}

for (const [device, context] of Object.entries(DEVICES)) {
  for (const language of ['en', 'mn'] as const) {
    test(`a player tags another player's seat and sees the tag after a reload: ${device}, ${language}`, async ({
      browser,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const words = WORDS[language];
      const admin = await adminToken(request);
      const tableId = await createTable(request, admin, uniqueName('notes'));
      const [bob, ann] = [await register(request, 'notes_bob'), await register(request, 'notes_ann')];
      await deposit(request, admin, bob.userId, 20_000);

      // Bob sits alone (no hand starts); on his own page his own seat offers him no note.
      const bobSocket = await sitDown(baseURL!, bob, tableId);
      const bobPage = await openAs(browser, bob.token, `/table/${tableId}`, { context });
      await expect(bobPage.getByLabel(bob.username, { exact: true })).toBeVisible();
      await expect(bobPage.getByRole('button', { name: /^Note on/ })).toHaveCount(0);
      await bobPage.context().close();

      // Ann watches and tags Bob.
      // Mongolian in the dark theme, English in the light one: axe reads both.
      const page = await openAs(browser, ann.token, `/table/${tableId}`, {
        context,
        language,
        storage: { themeMode: language === 'mn' ? 'dark' : 'light' },
      });
      const seat = page.getByLabel(bob.username, { exact: true });
      await seat.getByRole('button', { name: `${words.open} ${bob.username}` }).click();
      const dialog = page.getByRole('dialog', { name: `${words.title} ${bob.username}` });
      await expect(dialog).toBeVisible();
      // check() clicks the colour's label and confirms the radio took it (a click during the opening's
      // animation is tried again).
      const green = dialog.getByRole('radio', { name: words.green });
      await green.check();
      await dialog.getByRole('textbox', { name: words.note }).fill('Raises every button');
      await expect(green).toBeChecked();
      await dialog.getByRole('button', { name: words.save }).click();
      await expect(dialog).toBeHidden();
      const tag = seat.getByRole('img', { name: words.tag });
      await expect(tag).toBeVisible();
      await expect(tag).toHaveAttribute('title', 'Raises every button');

      await go(page, `/table/${tableId}`);
      await expect(seat.getByRole('img', { name: words.tag })).toBeVisible();
      await page.screenshot({
        path: `e2e/artifacts/player-notes-${device}-${language}.png`,
        animations: 'disabled',
      });
      expect(await violations(page)).toEqual([]);

      // The dialog, open on the kept note, passes too.
      await seat.getByRole('button', { name: `${words.open} ${bob.username}` }).click();
      await expect(dialog.getByRole('textbox', { name: words.note })).toHaveValue('Raises every button');
      await expect(dialog).toBeVisible();
      await page.screenshot({
        path: `e2e/artifacts/player-notes-dialog-${device}-${language}.png`,
        animations: 'disabled',
      });
      expect(await violations(page)).toEqual([]);
      await page.context().close();
      bobSocket.close();
    });
  }
}
