import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminTableSchema } from '@tenger/protocol';
import { TEST_DRIVERS } from '../src/testing/database.js';
import { BALANCED, startTestServer, type TestServer } from '../src/testing/testServer.js';
import { TableRegistry } from '../src/tables/runtime/tableRegistry.js';
import type { TableRuntime } from '../src/tables/runtime/tableRuntime.js';
import { FAST_TIMING, Recorder, snapshotOf, waitForTurn } from '../src/testing/testTables.js';

const A = '/api/v1/admin';
const SITE_ACTION_SECONDS = 20;

describe.each(TEST_DRIVERS)("a table's own action time on $name", ({ url }) => {
  let t: TestServer;
  let registry: TableRegistry;
  beforeAll(async () => {
    t = await startTestServer({
      databaseUrl: url,
      // No actionTimeMs override: the runtime must take the table's or the site's action time.
      tableLayer: (services) =>
        (registry = new TableRegistry(services, {
          timing: { ...FAST_TIMING, actionTimeMs: undefined, timeBankMaxMs: 0 },
          botPauseMs: [0, 2],
        })),
    });
  });
  afterAll(() => t.close());
  afterEach(async () => expect(await t.audit()).toEqual(BALANCED));

  const admin = (method: 'POST' | 'PATCH', payload: object) =>
    t.call({ method, url: `${A}/table`, payload, token: t.admin.token });
  const table = {
    name: 'Clock',
    variant: 'holdem',
    smallBlind: 50,
    bigBlind: 100,
    minBuyIn: 2_000,
    maxBuyIn: 10_000,
    maxPlayers: 6,
  };

  /** Seats two players; returns the first decision's deadline less the time before sitting down (ms). */
  async function firstDecisionMs(runtime: TableRuntime): Promise<number> {
    const before = Date.now();
    const viewers: Recorder[] = [];
    for (const seat of [0, 1]) {
      const player = await t.player(10_000);
      const viewer = new Recorder(player.id);
      runtime.join(viewer);
      expect(await runtime.handle(viewer, { type: 'SIT', seat, amount: 2_000 })).toEqual({ ok: true });
      viewers.push(viewer);
    }
    const clock = await viewers[0].waitFor(
      (f) => f.type === 'EVENT' && f.event.type === 'clock',
      5_000,
      true,
    );
    await waitForTurn(runtime, viewers[0]).catch(() => waitForTurn(runtime, viewers[1]));
    if (clock.type !== 'EVENT' || clock.event.type !== 'clock') throw new Error('no clock');
    for (const viewer of viewers) await runtime.handle(viewer, { type: 'LEAVE' });
    return clock.event.deadline - before;
  }

  it('a table created with 7 s gives each decision 7 s; without one it takes the site setting', async () => {
    const created = await admin('POST', { ...table, actionTimeSeconds: 7 });
    expect(created.statusCode).toBe(201);
    const own = AdminTableSchema.parse(created.json());
    expect(own.actionTimeSeconds).toBe(7);
    const ownRuntime = (await registry.runtime(own.tableId))!;
    const ownMs = await firstDecisionMs(ownRuntime);
    expect(ownMs).toBeGreaterThanOrEqual(7_000);
    expect(ownMs).toBeLessThan(9_000);
    expect(snapshotOf(ownRuntime, new Recorder(null)).table.actionTimeSeconds).toBe(7);

    const plain = AdminTableSchema.parse((await admin('POST', table)).json());
    expect(plain.actionTimeSeconds).toBeNull();
    const plainMs = await firstDecisionMs((await registry.runtime(plain.tableId))!);
    expect(plainMs).toBeGreaterThanOrEqual(SITE_ACTION_SECONDS * 1000);
    expect(plainMs).toBeLessThan((SITE_ACTION_SECONDS + 2) * 1000);
  });

  it('PATCH sets and clears the action time; out-of-range or fractional values are refused', async () => {
    const row = AdminTableSchema.parse((await admin('POST', table)).json());
    const set = await admin('PATCH', { tableId: row.tableId, actionTimeSeconds: 45 });
    expect(AdminTableSchema.parse(set.json()).actionTimeSeconds).toBe(45);
    const renamed = await admin('PATCH', { tableId: row.tableId, name: 'Clock 2' });
    expect(renamed.json()).toMatchObject({ name: 'Clock 2', actionTimeSeconds: 45 });
    const cleared = await admin('PATCH', { tableId: row.tableId, actionTimeSeconds: null });
    expect(cleared.json().actionTimeSeconds).toBeNull();
    for (const actionTimeSeconds of [4, 121, 7.5, '10']) {
      const res = await admin('PATCH', { tableId: row.tableId, actionTimeSeconds });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('actionTimeSeconds');
      expect((await admin('POST', { ...table, actionTimeSeconds })).statusCode).toBe(400);
    }
  });
});
