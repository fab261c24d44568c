// The door test: record every frame sent to every player and to spectators over many hands, then
// check each frame against the house's records. A hole card may reach only its owner, or anyone
// after it was shown down; a mucked card reaches nobody but its owner; the admin session never
// holds a hole card. Provably fair, version 2: the only deck openings anyone receives (frames or the
// hand history API) are of cards that viewer may see, and no salt of a folded or mucked card's deck
// position ever leaves the server, so no hidden card can be recovered from anything received.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCard, type CommittedDeck, type HandRecord } from '@tenger/engine';
import type { TableServerMessage } from '@tenger/protocol';
import { queryRows } from '../../db/client.js';
import { startTestServer, type TestServer } from '../../testing/testServer.js';
import { seededRandom } from './simulation/botPlayer.js';
import { TableRegistry } from './tableRegistry.js';
import { createTestTable, FAST_TIMING, Recorder, ScriptedPlayer, sleep } from '../../testing/testTables.js';

const HANDS = 120;
const CARD = /^[2-9TJQKA][cdhs]$/;

/** Every deck opening ({ position, card, salt, path }) anywhere inside a value. */
function openingsIn(value: unknown, found: { position: number; card: string; salt: string }[] = []) {
  if (Array.isArray(value)) value.forEach((v) => openingsIn(v, found));
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.position === 'number' && typeof o.salt === 'string' && typeof o.card === 'string')
      found.push({ position: o.position, card: o.card, salt: o.salt });
    Object.values(o).forEach((v) => openingsIn(v, found));
  }
  return found;
}

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

  // ~78 s alone; CI runs the server suite beside the web suite on the same cores, so it gets room (same hands).
  it(`over ${HANDS} hands with bots, a scripted player and spectators`, { timeout: 300_000 }, async () => {
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

    const hands = await queryRows<{
      id: string;
      record: HandRecord | string;
      committed_deck: CommittedDeck | string;
      server_seed: string;
    }>(
      t.database.db,
      sql`SELECT id, record, committed_deck, server_seed FROM hands WHERE table_id = ${table.id}`,
    );
    const decks = new Map(
      hands.map((h) => [
        h.id,
        typeof h.committed_deck === 'string'
          ? (JSON.parse(h.committed_deck) as CommittedDeck)
          : h.committed_deck,
      ]),
    );
    expect(hands.every((h) => h.server_seed === '' && decks.get(h.id)?.salts.length === 52)).toBe(true);
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

    // Every answer the hand history API gives the scripted player, for every hand it played.
    const answers: { handId: string; body: unknown }[] = [];
    for (const [handId, record] of records) {
      if (!record.seats.some((s) => s.dealtIn && Number(s.playerId) === human.id)) continue;
      const res = await t.call({ method: 'GET', url: `/api/v1/user/hand/${handId}`, token: human.token });
      expect(res.statusCode).toBe(200);
      answers.push({ handId, body: res.json() });
    }
    expect(answers.length).toBeGreaterThanOrEqual(3);

    /** Whether `viewer` may see `card` of hand `handId` once the hand is over. */
    const visibleAfter = (handId: string, card: string, viewerId: number | null) => {
      const record = records.get(handId)!;
      if (record.board.map(formatCard).includes(card)) return true;
      const owner = record.seats.find((s) => s.holeCards.map(formatCard).includes(card));
      return !!owner && (Number(owner.playerId) === viewerId || owner.shownCards !== null);
    };
    let openingsSeen = 0;
    let hiddenPositions = 0;
    const check = (viewerId: number | null, handId: string, body: unknown) => {
      const deck = decks.get(handId)!;
      for (const opening of openingsIn(body)) {
        openingsSeen++;
        expect(formatCard(deck.deck[opening.position])).toBe(opening.card);
        expect(visibleAfter(handId, opening.card, viewerId), `${opening.card} opened to ${viewerId}`).toBe(
          true,
        );
      }
      // The salt of a card the viewer may never see appears nowhere in what it received.
      const text = JSON.stringify(body);
      deck.deck.forEach((card, position) => {
        if (visibleAfter(handId, formatCard(card), viewerId)) return;
        hiddenPositions++;
        expect(text.includes(deck.salts[position]), `salt of hidden ${formatCard(card)}`).toBe(false);
      });
    };
    for (const { handId, body } of answers) {
      check(human.id, handId, body);
      for (const card of cardsIn(body)) {
        expect(visibleAfter(handId, card, human.id), `${card} in the history of ${handId}`).toBe(true);
      }
      // The texts (PHH, PokerStars) name no card the player may not see.
      const { phh, pokerstars } = body as { phh: string; pokerstars: string };
      for (const text of [phh, pokerstars]) {
        for (const card of text.match(/\b[2-9TJQKA][cdhs]\b/g) ?? []) {
          expect(visibleAfter(handId, card, human.id), `${card} in ${text}`).toBe(true);
        }
      }
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
        check(viewer.userId, handId!, frame);
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
    expect(openingsSeen).toBeGreaterThan(HANDS * 5);
    expect(hiddenPositions).toBeGreaterThan(HANDS * 40);
    // The admin session shows the board, never a hole card.
    for (const text of sessions) {
      const session = JSON.parse(text) as { board: string[] };
      expect(cardsIn(session).every((c) => session.board.includes(c))).toBe(true);
    }
    expect(await t.audit()).toMatchObject({ total: 0, unbalancedTransactions: 0, mismatchedAccounts: 0 });
  });
});
