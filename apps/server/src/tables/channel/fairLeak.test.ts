// Provably fair, version 2, against the whole server: a real player (the opponent of the bots) and two
// spectators (one anonymous, one logged in) on real WebSockets, and every API answer the player can get
// about those hands. Over many hands with folds, mucks, showdowns and all-ins, nothing any of them
// received names a folded or mucked card, opens it, carries its salt, or lets the old (deckFromSeed) or
// the new (dealPermutation) derivation rebuild the deal from any value received (cardHunter.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommittedDeck, HandRecord } from '@tenger/engine';
import type { TableServerMessage } from '@tenger/protocol';
import { queryRows } from '../../db/client.js';
import {
  dealtSequence,
  Harvest,
  hiddenCards,
  huntDerivations,
  huntDirect,
  type Finding,
} from '../../testing/cardHunter.js';
import { startTestServer, type TestPlayer, type TestServer } from '../../testing/testServer.js';
import { WsClient } from '../../testing/wsClient.js';
import { seededRandom } from '../runtime/simulation/botPlayer.js';
import { TableRegistry } from '../runtime/tableRegistry.js';
import { createTestTable, FAST_TIMING, sleep } from '../runtime/testing.js';

type Client = WsClient<TableServerMessage>;
const KINDS_NEEDED = 2;
const MAX_HANDS = 300;
const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

/** Per hand, which of the things that hide cards happened (seen from the record, after the hand). */
function kindsOf(record: HandRecord, opponentId: number) {
  const others = record.seats.filter((s) => s.dealtIn && Number(s.playerId) !== opponentId);
  return {
    fold: others.some((s) => s.folded),
    muck: others.some((s) => s.mucked && !s.shownCards),
    showdown: record.seats.some((s) => s.shownCards),
    allIn: record.history.some((e) => 'allIn' in e && e.allIn),
  };
}

describe('no folded or mucked card can be recovered from anything a client receives', () => {
  let t: TestServer;
  let registry: TableRegistry;
  let base: string;
  beforeAll(async () => {
    t = await startTestServer({
      tableLayer: (services) =>
        (registry = new TableRegistry(services, {
          timing: { ...FAST_TIMING, nextHandDelayMs: 1 },
          botPauseMs: [0, 1],
          botSeed: 11,
        })),
    });
    base = (await t.server.listen()).replace('http', 'ws');
  });
  afterAll(() => t.close());

  async function open(tableId: number, who: TestPlayer | null): Promise<Client> {
    const client = await WsClient.open<TableServerMessage>(`${base}/ws/table/${tableId}`);
    if (who) {
      client.send({ type: 'AUTH', token: who.token, requestId: 'auth' });
      await client.waitFor((f) => f.type === 'ACK' && f.requestId === 'auth', 20_000);
    }
    await client.waitFor((f) => f.type === 'SNAPSHOT', 20_000);
    return client;
  }

  /** Plays the opponent's turns from the frames it receives: calls mostly, folds, raises, shoves. */
  function play(client: Client, userId: number, random: () => number) {
    let handNumber = 0;
    let seat = -1;
    client.socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as TableServerMessage;
      if (frame.type !== 'EVENT') return;
      const event = frame.event;
      if (event.type === 'hand-started') handNumber = event.handNumber;
      if (event.type === 'seat-taken' && event.seat.userId === userId) seat = event.seat.seat;
      // Busted (it shoves often): it buys in again at once.
      // Sat out (a turn the loaded machine let time out): back in at once.
      if (
        event.type === 'seat-updated' &&
        event.seat.userId === userId &&
        event.seat.status === 'sitting-out'
      )
        client.send({ type: 'SIT_IN' });
      if (event.type === 'seat-left' && event.userId === userId)
        client.send({ type: 'SIT', seat: event.seat, amount: 4_000, postNow: true });
      if (event.type === 'deck-committed') client.send({ type: 'SEED', seed: `opp ${random()}` });
      if (event.type !== 'next-to-act' || event.seat !== seat) return;
      const find = (type: string) => event.legal.actions.find((a) => a.type === type);
      const r = random();
      const raise = find('raise') ?? find('bet');
      let message: Record<string, unknown>;
      if (r < 0.2 && find('fold') && !find('check')) message = { action: 'fold' };
      else if (r < 0.32 && raise) message = { action: raise.type, amount: raise.min };
      else if (r < 0.42 && find('allin')) message = { action: 'allin' };
      else message = { action: find('check') ? 'check' : 'call' };
      client.send({ type: 'ACTION', handNumber, ...message });
    });
  }

  it(
    'over many hands: spectators and an opponent, frames and API answers',
    { timeout: 600_000 },
    async () => {
      const table = await createTestTable(t, { maxPlayers: 6, maxBuyIn: 4_000, minBuyIn: 2_000 });
      const runtime = (await registry.runtime(table.id))!;
      const opponent = await t.player(5_000_000);
      const watcher = await t.player(0);
      const spectator = await open(table.id, null);
      const lurker = await open(table.id, watcher);
      const me = await open(table.id, opponent);
      play(me, opponent.id, seededRandom(5));
      me.send({ type: 'SIT', seat: 5, amount: 4_000, postNow: true, requestId: 'sit' });
      await me.waitFor((f) => f.type === 'ACK' && f.requestId === 'sit', 20_000);
      // Topped up between hands (through the ledger), so shoving never busts it out of the run.
      me.send({ type: 'SEAT_OPTIONS', options: { autoTopUp: 4_000 }, requestId: 'topup' });
      await me.waitFor((f) => f.type === 'ACK' && f.requestId === 'topup', 20_000);
      await registry.startSimulation(table.id);

      // Play until the opponent's own hands include several of every kind (or give up at MAX_HANDS).
      const tally = { hands: 0, fold: 0, muck: 0, showdown: 0, allIn: 0 };
      const counted = new Set<string>();
      const records = new Map<string, HandRecord>();
      const decks = new Map<string, CommittedDeck>();
      const deadline = Date.now() + 300_000;
      for (;;) {
        const rows = await queryRows<{ id: string; record: HandRecord | string; committed_deck: unknown }>(
          t.database.db,
          sql`SELECT id, record, committed_deck FROM hands WHERE table_id = ${table.id}`,
        );
        for (const row of rows) {
          if (counted.has(row.id)) continue;
          counted.add(row.id);
          const record = (typeof row.record === 'string' ? JSON.parse(row.record) : row.record) as HandRecord;
          const deck = (
            typeof row.committed_deck === 'string' ? JSON.parse(row.committed_deck) : row.committed_deck
          ) as CommittedDeck;
          records.set(row.id, record);
          decks.set(row.id, deck);
          if (!record.seats.some((s) => s.dealtIn && Number(s.playerId) === opponent.id)) continue;
          const kinds = kindsOf(record, opponent.id);
          tally.hands++;
          for (const k of ['fold', 'muck', 'showdown', 'allIn'] as const) if (kinds[k]) tally[k]++;
        }
        const enough = ['fold', 'muck', 'showdown', 'allIn'].every(
          (k) => tally[k as keyof typeof tally] >= KINDS_NEEDED + 2,
        );
        if ((enough && tally.hands >= 30) || records.size >= MAX_HANDS) break;
        // However it left play (busted, sat out), the opponent comes back: the run needs its hands.
        const mine = runtime.seatList().find((s) => s.userId === opponent.id);
        if (!mine) me.send({ type: 'SIT', seat: 5, amount: 4_000, postNow: true });
        else if (mine.status === 'sitting-out') me.send({ type: 'SIT_IN' });
        if (Date.now() > deadline)
          throw new Error(`too slow: ${JSON.stringify({ ...tally, all: records.size })}`);
        await sleep(100);
      }
      await registry.stopSimulation(table.id);
      me.send({ type: 'LEAVE', requestId: 'leave' });
      await runtime.kick(opponent.id);
      await sleep(100);
      await runtime.idle();
      // Hands that ended after the last look at the table are read again.
      for (const row of await queryRows<{ id: string; record: HandRecord | string; committed_deck: unknown }>(
        t.database.db,
        sql`SELECT id, record, committed_deck FROM hands WHERE table_id = ${table.id}`,
      )) {
        if (records.has(row.id)) continue;
        records.set(
          row.id,
          (typeof row.record === 'string' ? JSON.parse(row.record) : row.record) as HandRecord,
        );
        decks.set(
          row.id,
          (typeof row.committed_deck === 'string'
            ? JSON.parse(row.committed_deck)
            : row.committed_deck) as CommittedDeck,
        );
      }

      // Every API answer the opponent can get about these hands and itself.
      const answers = new Map<string, unknown>();
      const global = new Harvest();
      const get = async (url: string, token?: string) => {
        const res = await t.call({ method: 'GET', url, token });
        expect(res.statusCode, url).toBeLessThan(500);
        return res.json() as unknown;
      };
      for (const [handId, record] of records) {
        if (!record.seats.some((s) => s.dealtIn && Number(s.playerId) === opponent.id)) continue;
        answers.set(handId, await get(`/api/v1/user/hand/${handId}`, opponent.token));
      }
      for (const url of [
        '/api/v1/user/fairness/head',
        '/api/v1/user/outcome?page=1&pageSize=100',
        '/api/v1/user/me',
      ])
        global.add(await get(url, opponent.token));
      for (const url of ['/api/v1/user/tables', '/api/v1/user/jackpot']) global.add(await get(url));
      global.add({ tableId: table.id, opponent: opponent.id, username: opponent.username });

      // The opponent's own hands hold several folds, mucks, showdowns and all-ins of others.
      const kinds = { fold: 0, muck: 0, showdown: 0, allIn: 0 };
      for (const handId of answers.keys()) {
        const k = kindsOf(records.get(handId)!, opponent.id);
        for (const key of Object.keys(kinds) as (keyof typeof kinds)[]) if (k[key]) kinds[key]++;
      }
      console.info(
        `fair leak: ${records.size} hands, ${answers.size} with the opponent, ${JSON.stringify(kinds)}`,
      );
      for (const count of Object.values(kinds)) expect(count).toBeGreaterThanOrEqual(KINDS_NEEDED);

      // Frames by hand: from a hand's hand-started to the next one's.
      const byHand = (client: Client) => {
        const out = new Map<string, Harvest>();
        let current: Harvest | null = null;
        for (const frame of client.frames) {
          if (frame.type === 'EVENT' && frame.event.type === 'hand-started') {
            current = new Harvest();
            out.set(frame.event.handId, current);
          }
          if (frame.type === 'SNAPSHOT' && frame.hand) {
            current = out.get(frame.hand.handId) ?? new Harvest();
            out.set(frame.hand.handId, current);
          }
          (current ?? global).add(json(frame));
        }
        return out;
      };
      const viewers = [
        { name: 'spectator', userId: null, hands: byHand(spectator) },
        { name: 'logged-in spectator', userId: watcher.id, hands: byHand(lurker) },
        { name: 'opponent', userId: opponent.id, hands: byHand(me) },
      ];
      for (const [handId, body] of answers) viewers[2].hands.get(handId)?.add(body);

      const huntStart = Date.now();
      const findings: (Finding & { viewer: string; handId: string })[] = [];
      let hiddenTotal = 0;
      let derivations = 0;
      let huntedHands = 0;
      for (const [handId, record] of records) {
        const deck = decks.get(handId)!;
        const hand = {
          handId,
          handNumber: record.handNumber,
          tableId: table.id,
          dealt: dealtSequence(record),
          committed: deck,
        };
        const union = new Harvest().merge(global);
        for (const viewer of viewers) {
          const seen = viewer.hands.get(handId);
          if (!seen) continue;
          const hidden = hiddenCards(record, viewer.userId);
          hiddenTotal += hidden.length;
          for (const f of huntDirect(hand, hidden, new Harvest().merge(seen).merge(global)))
            findings.push({ ...f, viewer: viewer.name, handId });
          union.merge(seen);
        }
        // A derivation that rebuilt the deal would reveal every hidden card; one hunt over everything the
        // three received covers each of them.
        if (hiddenCards(record, opponent.id).length === 0) continue;
        huntedHands++;
        const hunt = huntDerivations(hand, union);
        derivations += hunt.derivations;
        for (const f of hunt.findings) findings.push({ ...f, viewer: 'any', handId });
      }
      console.info(
        `fair leak: ${records.size} hands, opponent in ${answers.size} (${JSON.stringify(kinds)}), ` +
          `${hiddenTotal} hidden cards checked, ${derivations} derivations over ${huntedHands} hands ` +
          `in ${Date.now() - huntStart} ms`,
      );
      expect(findings.slice(0, 5)).toEqual([]);
      expect(huntedHands).toBeGreaterThanOrEqual(30);
      expect(hiddenTotal).toBeGreaterThan(records.size * 4);
      expect(derivations).toBeGreaterThan(huntedHands * 1_000);
      spectator.close();
      lurker.close();
      me.close();
      expect(await t.audit()).toMatchObject({ total: 0, unbalancedTransactions: 0, mismatchedAccounts: 0 });
    },
  );
});
