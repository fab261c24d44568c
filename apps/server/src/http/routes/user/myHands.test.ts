// A player's own hands: the Replay list and the Game History download (PokerStars text for trackers).
// The download is read back with a PokerStars grammar parser written from the format's description
// (pokerstarsGrammar.ts); it holds exactly the caller's hands of the range and never a card the caller
// did not see. Bad ranges are 400s, never 500s. A few exported hands are kept in src/testing/testdata/ as fixtures.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCard, redactRecord, type HandRecord } from '@tenger/engine';
import { MyHandsResponseSchema } from '@tenger/protocol';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.js';
import { TEST_DRIVERS } from '../../../testing/database.js';
import { startTestServer, type TestPlayer, type TestServer } from '../../../testing/testServer.js';
import { seededRandom } from '../../../tables/runtime/simulation/botPlayer.js';
import { TableRegistry } from '../../../tables/runtime/tableRegistry.js';
import { createTestTable, FAST_TIMING, ScriptedPlayer, sleep } from '../../../testing/testTables.js';
import { exportHandNumber } from './myHands.js';
import { parseHand, parseHandFile, type ParsedHand } from '../../../testing/pokerstarsGrammar.js';

const FIXTURES = join(import.meta.dirname, '../../../testing/testdata');
const HANDS = 40;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(TEST_DRIVERS)("a player's hands and the PokerStars download on $name", ({ url }) => {
  let t: TestServer;
  let alice: TestPlayer;
  let carol: TestPlayer;
  let tableId: number;
  let records: Map<number, { handId: string; record: HandRecord }>;

  beforeAll(async () => {
    let registry!: TableRegistry;
    t = await startTestServer({
      databaseUrl: url,
      tableLayer: (services) =>
        (registry = new TableRegistry(services, {
          timing: { ...FAST_TIMING, nextHandDelayMs: 1 },
          botPauseMs: [0, 1],
          botSeed: 5,
        })),
    });
    tableId = (await createTestTable(t, { maxPlayers: 6 })).id;
    const runtime = (await registry.runtime(tableId))!;
    [alice, carol] = [await t.player(100_000), await t.player(100_000)];
    const scripted = new ScriptedPlayer(alice.id, seededRandom(9), false);
    scripted.attach(runtime);
    await runtime.handle(scripted, { type: 'SIT', seat: 5, amount: 10_000 });
    await registry.startSimulation(tableId);
    // Until she played HANDS hands: she shoves now and then, and buys in again when she busts.
    const played = async () =>
      Number(
        (
          await queryRows<{ n: string | number }>(
            t.database.db,
            sql`SELECT count(*) AS n FROM hand_players WHERE user_id = ${alice.id}`,
          )
        )[0].n,
      );
    while ((await played()) < HANDS) {
      if (scripted.seat === null)
        for (const seat of [5, 4, 3]) await runtime.handle(scripted, { type: 'SIT', seat, amount: 10_000 });
      await sleep(100);
    }
    await registry.stopSimulation(tableId);
    await runtime.kick(alice.id);
    await sleep(50);
    await runtime.idle();
    const rows = await queryRows<{ id: string; hand_number: number; record: HandRecord | string }>(
      t.database.db,
      sql`SELECT h.id, h.hand_number, h.record FROM hands h JOIN hand_players p ON p.hand_id = h.id
           WHERE p.user_id = ${alice.id}`,
    );
    records = new Map(
      rows.map((r) => [
        Number(r.hand_number),
        {
          handId: r.id,
          record: (typeof r.record === 'string' ? JSON.parse(r.record) : r.record) as HandRecord,
        },
      ]),
    );
  }, 300_000);
  afterAll(() => t.close());

  const exportText = async (player: TestPlayer, from = day(-1), to = day(1)) => {
    const res = await t.call({
      method: 'GET',
      url: `/api/v1/user/hands/export?from=${from}&to=${to}`,
      token: player.token,
    });
    expect(res.statusCode).toBe(200);
    return res;
  };

  it('downloads every hand of the range, and only hers, as PokerStars text the grammar accepts', async () => {
    const res = await exportText(alice);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="tenger-hands-/);
    const hands = parseHandFile(res.body);
    expect(records.size).toBeGreaterThanOrEqual(HANDS);
    expect(hands.map((h) => h.handNumber).sort((a, b) => a - b)).toEqual(
      [...records.keys()].map((n) => exportHandNumber(tableId, n)).sort((a, b) => a - b),
    );
    const kinds = { fold: 0, showdown: 0, muck: 0, allIn: 0, sidePot: 0 };
    for (const hand of hands) {
      const { record } = records.get(hand.handNumber - tableId * 1_000_000_000)!;
      const seat = record.seats.find((s) => Number(s.playerId) === alice.id)!.seat;
      // Her own cards as "Dealt to", the board and shown cards: nothing else.
      expect(hand.dealtTo).toEqual({
        name: alice.username,
        cards: record.seats.find((s) => s.seat === seat)!.holeCards.map(formatCard),
      });
      const visible = redactRecord(record, seat);
      const allowed = new Set([
        ...visible.board.map(formatCard),
        ...visible.seats.flatMap((s) => [...s.holeCards, ...(s.shownCards ?? [])].map(formatCard)),
      ]);
      for (const card of hand.cards)
        expect(allowed.has(card), `${card} in hand ${hand.handNumber}`).toBe(true);
      expect(hand.board).toEqual(record.board.map(formatCard));
      expect(hand.deckCommitment).toBe(record.deckCommitment);
      expect(hand.totalPot).toBe(record.totalPot);
      kinds.fold += record.seats.some((s) => s.folded) ? 1 : 0;
      kinds.showdown += hand.shown.length > 0 ? 1 : 0;
      kinds.muck += hand.mucked.length > 0 ? 1 : 0;
      kinds.allIn += record.history.some((e) => 'allIn' in e && e.allIn) ? 1 : 0;
      kinds.sidePot += record.pots.length > 1 ? 1 : 0;
    }
    for (const kind of ['fold', 'showdown', 'muck', 'allIn'] as const) expect(kinds[kind]).toBeGreaterThan(0);
    if (process.env.UPDATE_FIXTURES) writeFixtures(res.body);
  });

  it('holds nothing for a player without hands, and nothing outside the range', async () => {
    expect((await exportText(carol)).body).toBe('');
    expect((await exportText(alice, day(2), day(3))).body).toBe('');
    expect((await exportText(alice, day(-400), day(-40))).body).toBe('');
  });

  it('refuses bad ranges with a 400 and the error shape, never a 500', async () => {
    const bad = [
      'from=2026-02-30&to=2026-03-01',
      `from=${day(0)}&to=${day(-1)}`,
      'from=2024-01-01&to=2025-12-31',
      `from=${day(0)}`,
      'to=2026-01-01',
      'from=yesterday&to=today',
      "from=2026-01-01'--&to=2026-01-02",
      'from=2026-1-1&to=2026-01-02',
      'from=99999-01-01&to=99999-01-02',
      'from[]=1&to=2026-01-01',
      '',
    ];
    for (const query of bad) {
      const res = await t.call({
        method: 'GET',
        url: `/api/v1/user/hands/export?${query}`,
        token: alice.token,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({
        error: { code: expect.any(String), message: expect.any(String) },
      });
    }
    const anonymous = await t.call({
      method: 'GET',
      url: `/api/v1/user/hands/export?from=${day(0)}&to=${day(0)}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists her newest hands with number, time, own cards, board and result', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/v1/user/hands?tableId=${tableId}&limit=10`,
      token: alice.token,
    });
    expect(res.statusCode).toBe(200);
    const { items } = MyHandsResponseSchema.parse(res.json());
    expect(items).toHaveLength(10);
    const newest = Math.max(...records.keys());
    expect(items[0].handNumber).toBe(newest);
    for (const item of items) {
      const { handId, record } = records.get(item.handNumber)!;
      const own = record.seats.find((s) => Number(s.playerId) === alice.id)!;
      expect(item).toMatchObject({
        handId,
        tableId,
        holeCards: own.holeCards.map(formatCard),
        board: record.board.map(formatCard),
        net: own.net,
      });
    }
    expect((await t.call({ method: 'GET', url: '/api/v1/user/hands', token: carol.token })).json()).toEqual({
      items: [],
    });
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'tableId=-1', 'tableId=abc']) {
      const bad = await t.call({ method: 'GET', url: `/api/v1/user/hands?${query}`, token: alice.token });
      expect(bad.statusCode, query).toBe(400);
    }
  });
});

describe('the PokerStars fixtures', () => {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.txt'));
  it('are kept: a fold, a showdown with a muck, an all-in', () => {
    expect(files.sort()).toEqual(['allin.txt', 'fold.txt', 'showdown-muck.txt']);
  });
  it.each(files)('%s parses under the grammar', (file) => {
    const [hand] = parseHandFile(readFileSync(join(FIXTURES, file), 'utf8'));
    expect(hand.dealtTo?.cards.length).toBe(2);
    expect(hand.deckCommitment).toMatch(/^[0-9a-f]{64}$/);
  });
  it('the grammar refuses what trackers would refuse', () => {
    const good = readFileSync(join(FIXTURES, 'fold.txt'), 'utf8');
    expect(() => parseHand(good)).not.toThrow();
    const broken = [
      good.replace('*** HOLE CARDS ***', '*** HOLE CARDS'),
      good.replace(/Total pot (\d+)/, (_, n) => `Total pot ${Number(n) + 1}`),
      good.replace(/: folds/, ': folds away'),
      good.replace(/^Seat 1: .*\n/m, ''),
      good.replace(/Hold'em No Limit/, 'Holdem'),
    ];
    for (const text of broken) expect(() => parseHand(text)).toThrow(/line \d+/);
  });
});

/** UPDATE_FIXTURES=1: keep one hand of each kind from a fresh export. */
function writeFixtures(text: string): void {
  const blocks = text.split(/\n{2,}(?=PokerStars Hand #)/);
  const pick = (test: (hand: ParsedHand, block: string) => boolean, name: string) => {
    const block = blocks.find((b) => test(parseHand(b.trim() + '\n'), b));
    if (block) writeFileSync(join(FIXTURES, name), block.trim() + '\n');
  };
  pick((h) => h.board.length === 0 && h.shown.length === 0, 'fold.txt');
  pick((h) => h.shown.length > 0 && h.mucked.length > 0, 'showdown-muck.txt');
  pick((h, b) => b.includes('and is all-in') && h.shown.length > 0, 'allin.txt');
}
