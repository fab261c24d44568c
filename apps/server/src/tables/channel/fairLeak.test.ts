// Provably fair, version 2, against the whole server: a real player (the opponent) at a table with two
// other real players, and two spectators (one anonymous, one logged in), on real WebSockets, and every
// API answer the opponent can get about those hands. Over hands with folds, mucks, showdowns and all-ins,
// nothing any of them received names a folded or mucked card, opens it, carries its salt, or lets the old
// (deckFromSeed) or the new (dealPermutation) derivation rebuild the deal from any value received
// (cardHunter.ts).
//
// Nothing waits for chance: the three players follow a script (ScriptedTable below) that makes each
// kind of hand happen by itself, whatever the cards. Hands rotate through three plans: "fold" (the
// opponent raises, another player folds to it, the rest show down), "all-in" (another player shoves,
// the third folds, the opponent calls: both hands face up) and "muck" (all check to the river, where
// the best hand bets and a worse hand of another player calls, so it loses and is mucked unseen; the
// script reads the players' own hole cards from their own frames). The deal itself stays the server's
// real, random, provably fair deal: no hook of any kind.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateHoldem, parseCards, type CommittedDeck, type HandRecord } from '@tenger/engine';
import type { LegalActions, TableServerMessage } from '@tenger/protocol';
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
import { createTestTable, FAST_TIMING } from '../../testing/testTables.js';

type Client = WsClient<TableServerMessage>;
type Role = 'opponent' | 'left' | 'right';
const KINDS_NEEDED = 2;
/** Each plan runs this many times (the first hands may be dealt before all three sit). */
const ROUNDS = 12;
const PLANS = ['fold', 'all-in', 'muck'] as const;
const HANDS = ROUNDS * PLANS.length;
const STACK = 4_000;
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

/**
 * Three players driven by a script, each from the frames its own socket receives. The plan of a hand
 * follows from its number; at the river of a "muck" hand the script compares the hole cards the three
 * were dealt (each saw only its own) and picks who bets, who calls and loses, and who folds.
 */
class ScriptedTable {
  private readonly holes = new Map<number, Map<Role, string[]>>();
  private readonly boards = new Map<number, string[]>();
  private readonly river = new Map<number, { bettor: Role; caller: Role } | null>();
  private readonly raised = new Set<string>();

  constructor(private readonly random: () => number) {}

  seat(role: Role, client: Client, userId: number): void {
    let handNumber = 0;
    let seat = -1;
    client.socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as TableServerMessage;
      if (frame.type !== 'EVENT') return;
      const event = frame.event;
      if (event.type === 'hand-started') handNumber = event.handNumber;
      if (event.type === 'seat-taken' && event.seat.userId === userId) seat = event.seat.seat;
      if (event.type === 'hole-cards-dealt' && event.seat === seat && event.cards) {
        if (!this.holes.has(handNumber)) this.holes.set(handNumber, new Map());
        this.holes.get(handNumber)!.set(role, event.cards);
      }
      if (event.type === 'street-dealt') this.boards.set(handNumber, event.board);
      if (event.type === 'deck-committed' && role === 'opponent')
        client.send({ type: 'SEED', seed: `opp ${this.random()}` });
      if (event.type !== 'next-to-act' || event.seat !== seat) return;
      client.send({ type: 'ACTION', handNumber, ...this.decide(role, handNumber, event.legal) });
    });
  }

  private decide(role: Role, handNumber: number, legal: LegalActions): Record<string, unknown> {
    const find = (type: string) => legal.actions.find((a) => a.type === type);
    const facingBet = !find('check');
    const passive = { action: facingBet ? 'call' : 'check' };
    const fold = facingBet && find('fold') ? { action: 'fold' } : passive;
    const plan = PLANS[(handNumber - 1) % PLANS.length];
    const street = this.boards.get(handNumber)?.length ?? 0;
    if (plan === 'fold') {
      if (role === 'left') return fold;
      const raise = find('raise') ?? find('bet');
      const key = `${handNumber}`;
      if (role === 'opponent' && street === 0 && raise && !this.raised.has(key)) {
        this.raised.add(key);
        return { action: raise.type, amount: raise.min };
      }
      return passive;
    }
    if (plan === 'all-in') {
      if (role === 'right') return fold;
      if (role === 'left' && street === 0 && find('allin')) return { action: 'allin' };
      return passive;
    }
    if (street < 5) return passive;
    const river = this.riverPlan(handNumber);
    if (!river) return passive;
    if (role === river.caller) return passive;
    if (role !== river.bettor) return fold;
    const bet = find('bet') ?? find('raise');
    return bet && !facingBet ? { action: bet.type, amount: bet.min } : passive;
  }

  /**
   * The best hand bets and a worse hand of a player other than the opponent calls: the bettor shows
   * first (last aggressor), the caller cannot beat it and its hand is mucked unseen. Null when every
   * other player ties the best (then the hand is only a showdown).
   */
  private riverPlan(handNumber: number): { bettor: Role; caller: Role } | null {
    if (this.river.has(handNumber)) return this.river.get(handNumber)!;
    const board = this.boards.get(handNumber)!;
    const values = [...(this.holes.get(handNumber) ?? new Map<Role, string[]>())].map(([role, hole]) => ({
      role,
      value: evaluateHoldem(parseCards([...hole, ...board].join(''))),
    }));
    const best = values.reduce((a, b) => (b.value > a.value ? b : a), values[0]);
    const loser = values
      .filter((v) => v.role !== 'opponent' && v.value < best.value)
      .sort((a, b) => a.value - b.value)[0];
    const plan = loser ? { bettor: best.role, caller: loser.role } : null;
    this.river.set(handNumber, plan);
    return plan;
  }
}

describe('no folded or mucked card can be recovered from anything a client receives', () => {
  let t: TestServer;
  let registry: TableRegistry;
  let base: string;
  beforeAll(async () => {
    t = await startTestServer({
      tableLayer: (services) =>
        (registry = new TableRegistry(services, {
          // Nobody times out: every turn is answered by the script at once. The pause between hands
          // keeps a player's messages (a seed and a few actions a hand) well under the table channel's
          // TABLE_MESSAGES_PER_SECOND, which closes a flooding socket.
          timing: { ...FAST_TIMING, actionTimeMs: 120_000, nextHandDelayMs: 250 },
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

  it(
    'over hands of every kind: spectators and an opponent, frames and API answers',
    { timeout: 600_000 },
    async () => {
      const table = await createTestTable(t, { maxPlayers: 6, maxBuyIn: STACK, minBuyIn: 2_000 });
      const runtime = (await registry.runtime(table.id))!;
      const opponent = await t.player(5_000_000);
      const left = await t.player(5_000_000);
      const right = await t.player(5_000_000);
      const watcher = await t.player(0);
      const spectator = await open(table.id, null);
      const lurker = await open(table.id, watcher);
      const me = await open(table.id, opponent);
      const others = [await open(table.id, left), await open(table.id, right)];
      const script = new ScriptedTable(seededRandom(5));
      // The opponent sits first, so it is dealt into every hand.
      const players: [Role, Client, TestPlayer, number][] = [
        ['opponent', me, opponent, 5],
        ['left', others[0], left, 1],
        ['right', others[1], right, 3],
      ];
      for (const [role, client, player, seat] of players) {
        script.seat(role, client, player.id);
        // Topped up between hands (through the ledger), so an all-in never busts anyone out of the run.
        client.send({ type: 'SIT', seat, amount: STACK, postNow: true, requestId: 'sit' });
        await client.waitFor((f) => f.type === 'ACK' && f.requestId === 'sit', 20_000);
        client.send({ type: 'SEAT_OPTIONS', options: { autoTopUp: STACK }, requestId: 'topup' });
        await client.waitFor((f) => f.type === 'ACK' && f.requestId === 'topup', 20_000);
      }

      // Play the scripted hands, then everybody leaves after the last one.
      await me.waitFor(
        (f) => f.type === 'EVENT' && f.event.type === 'hand-started' && f.event.handNumber >= HANDS,
        120_000,
      );
      for (const [, client] of players) client.send({ type: 'LEAVE' });
      await Promise.all(
        players.map(([, client, player]) =>
          client.waitFor(
            (f) => f.type === 'EVENT' && f.event.type === 'seat-left' && f.event.userId === player.id,
            20_000,
          ),
        ),
      );
      await runtime.idle();
      const records = new Map<string, HandRecord>();
      const decks = new Map<string, CommittedDeck>();
      for (const row of await queryRows<{ id: string; record: HandRecord | string; committed_deck: unknown }>(
        t.database.db,
        sql`SELECT id, record, committed_deck FROM hands WHERE table_id = ${table.id}`,
      )) {
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
      for (const client of others) client.close();
      expect(await t.audit()).toMatchObject({ total: 0, unbalancedTransactions: 0, mismatchedAccounts: 0 });
    },
  );
});
