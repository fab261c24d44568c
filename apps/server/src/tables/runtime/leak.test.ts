// The door test: record every frame sent to every player and to spectators over many hands, then
// check each frame against the house's records. A hole card may reach only its owner, or anyone
// after it was shown down; a mucked card reaches nobody but its owner; the admin session never
// holds a hole card.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCard, type HandRecord } from '@tenger/engine';
import type { TableServerMessage } from '@tenger/protocol';
import { queryRows } from '../../db/client.js';
import { startTestServer, type TestServer } from '../../testing/testServer.js';
import { seededRandom } from './simulation/botPlayer.js';
import { TableRegistry } from './tableRegistry.js';
import { createTestTable, FAST_TIMING, Recorder, ScriptedPlayer, sleep } from './testing.js';

const HANDS = 120;
const CARD = /^[2-9TJQKA][cdhs]$/;

function cardsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (CARD.test(value)) found.push(value);
  } else if (Array.isArray(value)) value.forEach((v) => cardsIn(v, found));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => cardsIn(v, found));
  return found;
}

describe('no frame leaks a hidden card', () => {
  let t: TestServer;
  let registry: TableRegistry;
  beforeAll(async () => {
    t = await startTestServer({
      tableLayer: (services) =>
        (registry = new TableRegistry(services, {
          timing: { ...FAST_TIMING, nextHandDelayMs: 1 },
          botPauseMs: [0, 1],
          botSeed: 7,
        })),
    });
  });
  afterAll(() => t.close());

  it(`over ${HANDS} hands with bots, a scripted player and spectators`, { timeout: 120_000 }, async () => {
    const table = await createTestTable(t, { maxPlayers: 6 });
    const runtime = (await registry.runtime(table.id))!;
    const human = await t.player(100_000);
    const scripted = new ScriptedPlayer(human.id, seededRandom(3));
    scripted.attach(runtime);
    await runtime.handle(scripted, { type: 'SIT', seat: 5, amount: 10_000 });
    const spectator = new Recorder(null);
    const lurker = new Recorder((await t.player(0)).id);
    runtime.join(spectator);
    runtime.join(lurker);
    await registry.startSimulation(table.id);
    // Mirror each bot's own feed: the same door, keyed by the bot's user id.
    const botIds = runtime
      .seatList()
      .filter((s) => s.isBot)
      .map((s) => s.userId);
    expect(botIds.length).toBeGreaterThanOrEqual(2);
    const mirrors = botIds.map((id) => new Recorder(id));
    mirrors.forEach((m) => runtime.join(m));
    const sessions: string[] = [];
    while (runtime.totals.handsPlayed < HANDS) {
      sessions.push(JSON.stringify(await registry.session(table.id)));
      await sleep(20);
    }
    await registry.stopSimulation(table.id);
    await runtime.kick(human.id);
    await sleep(50);
    await runtime.idle();

    const hands = await queryRows<{ id: string; record: HandRecord | string }>(
      t.database.db,
      sql`SELECT id, record FROM hands WHERE table_id = ${table.id}`,
    );
    const records = new Map(
      hands.map((h) => [
        h.id,
        typeof h.record === 'string' ? (JSON.parse(h.record) as HandRecord) : h.record,
      ]),
    );
    expect(records.size).toBeGreaterThanOrEqual(HANDS);

    // When each seat's cards were shown (global sequence numbers are the same for every viewer).
    const shownAt = new Map<string, number>();
    let current: string | null = null;
    for (const frame of spectator.frames) {
      if (frame.type !== 'EVENT') continue;
      if (frame.event.type === 'hand-started') current = frame.event.handId;
      if (frame.event.type === 'cards-shown' && current)
        shownAt.set(`${current}:${frame.event.seat}`, frame.seq);
    }

    let ownCardsSeen = 0;
    let checkedFrames = 0;
    for (const viewer of [spectator, lurker, scripted, ...mirrors]) {
      let handId: string | null = null;
      let lastSeq = 0;
      for (const frame of viewer.frames as TableServerMessage[]) {
        if (frame.type === 'EVENT') {
          lastSeq = frame.seq;
          if (frame.event.type === 'hand-started') handId = frame.event.handId;
        }
        if (frame.type === 'SNAPSHOT') {
          lastSeq = frame.seq;
          handId = frame.hand?.handId ?? handId;
        }
        const record = handId ? records.get(handId) : undefined;
        if (!record) continue;
        checkedFrames++;
        const board = new Set(record.board.map(formatCard));
        for (const card of cardsIn(frame)) {
          if (board.has(card)) continue;
          const owner = record.seats.find((s) => s.holeCards.map(formatCard).includes(card));
          expect(owner, `a card ${card} that is in nobody's hand`).toBeDefined();
          if (Number(owner!.playerId) === viewer.userId) {
            ownCardsSeen++;
            continue;
          }
          const shown = shownAt.get(`${handId}:${owner!.seat}`);
          const legal = owner!.shownCards !== null && shown !== undefined && lastSeq >= shown;
          expect(
            legal,
            `seat ${owner!.seat}'s ${card} reached user ${viewer.userId} in frame ${JSON.stringify(frame).slice(0, 200)}`,
          ).toBe(true);
        }
      }
    }
    expect(checkedFrames).toBeGreaterThan(HANDS * 10);
    expect(ownCardsSeen).toBeGreaterThan(HANDS);
    // The admin session shows the board, never a hole card.
    for (const text of sessions) {
      const session = JSON.parse(text) as { board: string[] };
      expect(cardsIn(session).every((c) => session.board.includes(c))).toBe(true);
    }
    expect(await t.audit()).toMatchObject({ total: 0, unbalancedTransactions: 0, mismatchedAccounts: 0 });
  });
});
