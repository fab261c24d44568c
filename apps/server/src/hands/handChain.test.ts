// The site's hand chain: every settled hand carries the previous hand's hash and its own; the head is
// public; the admin check (and the CLI, which runs the same HandStore.verifyChain) re-hashes every
// hand and names the first one that was changed, removed or inserted.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { GENESIS_HASH, handRecordHash } from '@tenger/engine';
import { ChainVerifyResponseSchema, FairnessHeadResponseSchema } from '@tenger/protocol';
import { queryRows } from '../db/client.js';
import { TEST_DRIVERS } from '../testing/database.js';
import { startTestServer, type TestPlayer, type TestServer } from '../testing/testServer.js';
import { TableRegistry } from '../tables/runtime/tableRegistry.js';
import { createTestTable, FAST_TIMING, sleep } from '../testing/testTables.js';
import { chainedHand, HandStore, type StoredHand } from './handStore.js';

const HANDS = 6;

describe.each(TEST_DRIVERS)('the hand chain on $name', ({ url }) => {
  let t: TestServer;
  let registry: TableRegistry;
  let player: TestPlayer;
  let links: { id: string; chain_seq: number; previous_hash: string; record_hash: string }[];

  beforeAll(async () => {
    t = await startTestServer({
      databaseUrl: url,
      tableLayer: (services) =>
        (registry = new TableRegistry(services, {
          timing: { ...FAST_TIMING, nextHandDelayMs: 1 },
          botPauseMs: [0, 1],
          botSeed: 11,
        })),
    });
    player = await t.player(0);
    const tables = [await createTestTable(t), await createTestTable(t)];
    for (const table of tables) await registry.startSimulation(table.id);
    for (;;) {
      const [row] = await queryRows<{ n: string | number }>(
        t.database.db,
        sql`SELECT count(*) AS n FROM hands`,
      );
      if (Number(row.n) >= HANDS) break;
      await sleep(20);
    }
    for (const table of tables) await registry.stopSimulation(table.id);
    // The hands in play when the bots were told to leave settle before the chain is read.
    for (const table of tables) {
      const runtime = registry.localRuntime(table.id)!;
      while (runtime.isPlaying || runtime.seatedCount > 0) await sleep(20);
      await runtime.idle();
    }
    links = (
      await queryRows<{ id: string; chain_seq: string | number; previous_hash: string; record_hash: string }>(
        t.database.db,
        sql`SELECT id, chain_seq, previous_hash, record_hash FROM hands ORDER BY chain_seq`,
      )
    ).map((r) => ({ ...r, chain_seq: Number(r.chain_seq) }));
  }, 60_000);
  afterAll(() => t.close());

  it('chains every hand of the site to the one settled before it, from the genesis hash', () => {
    expect(links.length).toBeGreaterThanOrEqual(HANDS);
    expect(links[0]).toMatchObject({ chain_seq: 1, previous_hash: GENESIS_HASH });
    links.forEach((link, i) => {
      expect(link.chain_seq).toBe(i + 1);
      if (i > 0) expect(link.previous_hash).toBe(links[i - 1].record_hash);
    });
  });

  it('publishes the newest hash and hand to players; the admin check finds the chain whole', async () => {
    const head = FairnessHeadResponseSchema.parse(
      (await t.call({ method: 'GET', url: '/api/v1/user/fairness/head', token: player.token })).json(),
    );
    const last = links.at(-1)!;
    expect(head).toEqual({ seq: last.chain_seq, hash: last.record_hash, handId: last.id });
    expect((await t.call({ method: 'GET', url: '/api/v1/user/fairness/head' })).statusCode).toBe(401);
    const verify = await t.call({
      method: 'GET',
      url: '/api/v1/admin/fairness/verify',
      token: t.admin.token,
    });
    expect(ChainVerifyResponseSchema.parse(verify.json())).toEqual({
      ok: true,
      count: links.length,
      head: last.record_hash,
    });
    const refused = await t.call({
      method: 'GET',
      url: '/api/v1/admin/fairness/verify',
      token: player.token,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('a changed card, salt, seed or record breaks the chain at exactly that hand', async () => {
    const hands = new HandStore(t.database.db);
    const tamperings = [
      (id: string) =>
        sql`UPDATE hands SET record = jsonb_set(record, '{rake}', to_jsonb((record->>'rake')::int + 1)) WHERE id = ${id}`,
      (id: string) =>
        sql`UPDATE hands SET committed_deck = jsonb_set(committed_deck, '{salts,7}', '"00000000000000000000000000000000"') WHERE id = ${id}`,
      (id: string) =>
        sql`UPDATE hands SET committed_deck = jsonb_set(committed_deck, '{deck,0}', to_jsonb(((committed_deck->'deck'->>0)::int + 1) % 52)) WHERE id = ${id}`,
      (id: string) =>
        sql`UPDATE hands SET player_seeds = jsonb_set(player_seeds, '{0,seed}', '"mine"') WHERE id = ${id}`,
    ];
    for (const [i, tamper] of tamperings.entries()) {
      const target = links[1 + (i % (links.length - 1))];
      const [before] = await queryRows<Record<string, unknown>>(
        t.database.db,
        sql`SELECT record, committed_deck, player_seeds FROM hands WHERE id = ${target.id}`,
      );
      await t.database.db.execute(tamper(target.id));
      expect(await hands.verifyChain()).toEqual({
        ok: false,
        count: target.chain_seq - 1,
        firstBreak: { handId: target.id, seq: target.chain_seq, reason: 'hash-mismatch' },
      });
      const json = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
      await t.database.db.execute(
        sql`UPDATE hands SET record = ${json(before.record)}::jsonb, committed_deck = ${json(before.committed_deck)}::jsonb,
                             player_seeds = ${json(before.player_seeds)}::jsonb WHERE id = ${target.id}`,
      );
      expect(await hands.verifyChain()).toMatchObject({ ok: true });
    }
  });

  it('a removed hand breaks the chain at the hand after it', async () => {
    const hands = new HandStore(t.database.db);
    const removed = links[2];
    // The record hash is cleared from the chain by renumbering the hand out of it (rows are kept).
    await t.database.db.execute(sql`UPDATE hands SET chain_seq = NULL WHERE id = ${removed.id}`);
    expect(await hands.verifyChain()).toMatchObject({
      ok: false,
      firstBreak: { handId: links[3].id, reason: 'previous-mismatch' },
    });
    await t.database.db.execute(
      sql`UPDATE hands SET chain_seq = ${removed.chain_seq} WHERE id = ${removed.id}`,
    );
    expect(await hands.verifyChain()).toMatchObject({ ok: true });
  });
  it('PostgreSQL links a hand at commit exactly as handRecordHash does, Cyrillic and emoji included', async () => {
    const hands = new HandStore(t.database.db);
    const { tableName: _name, tournament: _tournament, ...earlier } = (await hands.get(links[0].id))!;
    const stored: StoredHand = {
      ...earlier,
      handId: randomUUID(),
      phh: 'players = ["Бат-Эрдэнэ", "Сүхбаатар 🂡"]\n',
      pokerstars: 'Seat 1: Бат-Эрдэнэ (₮10,000 in chips) — 🂡\n',
    };
    await t.database.db.transaction((tx) => hands.insert(tx as never, stored));
    const [row] = await queryRows<{ chain_seq: string | number; previous_hash: string; record_hash: string }>(
      t.database.db,
      sql`SELECT chain_seq, previous_hash, record_hash FROM hands WHERE id = ${stored.handId}`,
    );
    const last = links[links.length - 1];
    expect(row.previous_hash).toBe(last.record_hash);
    expect(Number(row.chain_seq)).toBe(last.chain_seq + 1);
    expect(row.record_hash).toBe(handRecordHash(chainedHand(stored), last.record_hash));
    // Linked at commit: nothing is left pending, and the head is this hand.
    expect(await queryRows(t.database.db, sql`SELECT hand_id FROM hand_chain_pending`)).toEqual([]);
    expect(await hands.verifyChain()).toMatchObject({ ok: true, head: row.record_hash });
  });
});
