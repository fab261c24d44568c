// A seeded simulation of thousands of hands with bots and scripted players, crashed and restarted
// at random points (the runtime is dropped without settling; a new one starts on the same database).
// After every hand the books total zero; at every restart each voided hand's stacks are exactly what
// the seats hold, and every player's money equals deposits − withdrawals + net game results.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { postingsTotal, seatBalances as seatBalancesAt } from '../../ledger/ledgerReads.js';
import { TEST_DRIVERS } from '../../testing/database.js';
import { BALANCED, startTestServer, type TestPlayer, type TestServer } from '../../testing/testServer.js';
import { seededRandom } from './simulation/botPlayer.js';
import { TableRegistry } from './tableRegistry.js';
import { createTestTable, FAST_TIMING, Recorder, ScriptedPlayer, sleep } from '../../testing/testTables.js';

const TARGET_HANDS = Number(process.env.SIMULATION_HANDS ?? 2_000);
const DEPOSIT = 300_000;

describe.each(
  process.env.SIMULATION_DRIVER === 'postgres' ? TEST_DRIVERS.slice(1) : TEST_DRIVERS.slice(0, 1),
)('a seeded simulation on $name', ({ url }) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ databaseUrl: url });
  });
  afterAll(() => t.close());

  it(
    `${TARGET_HANDS} hands with random crash-and-restart points lose and create nothing`,
    { timeout: 600_000 },
    async () => {
      const random = seededRandom(20_261_122);
      const db = t.database.db;
      const ledger = t.services.ledger;
      const table = await createTestTable(t, { maxPlayers: 6, minBuyIn: 2_000, maxBuyIn: 10_000 });
      const humans: TestPlayer[] = [
        await t.player(DEPOSIT),
        await t.player(DEPOSIT),
        await t.player(DEPOSIT),
      ];

      const booksTotal = async () =>
        Object.values(await t.services.ledger.bookTotals(db)).reduce((sum, v) => sum + v, 0);
      const seatBalances = async () =>
        new Map((await seatBalancesAt(db, table.id)).map((s) => [s.userId, s.balance]));
      const gameResults = (userId: number) => postingsTotal(db, userId, ['gameplay', 'bonus']);

      let played = 0;
      let restarts = 0;
      let midHandCrashes = 0;
      let checkedHands = 0;
      const nonZeroTotals: number[] = [];
      const started = Date.now();
      while (played < TARGET_HANDS) {
        const registry = new TableRegistry(t.services, {
          timing: { ...FAST_TIMING, nextHandDelayMs: 0, actionTimeMs: 10_000 },
          botPauseMs: [0, 0],
          botSeed: Math.floor(random() * 2 ** 31),
        });
        await registry.start();
        // After recovery every seat is empty and every player's money is accounted for.
        expect(await seatBalances()).toEqual(new Map());
        expect(await ledger.audit()).toEqual(BALANCED);
        for (const human of humans) {
          const { available, locked } = await ledger.balancesOf(human.id);
          expect(available + locked).toBe(DEPOSIT + (await gameResults(human.id)));
        }

        const runtime = (await registry.runtime(table.id))!;
        // After every settled hand: the books total zero.
        const watcher = new Recorder(null, false);
        let checks = Promise.resolve();
        watcher.send = (message) => {
          if (message.type !== 'EVENT' || message.event.type !== 'hand-result') return;
          checks = checks.then(async () => {
            const total = await booksTotal();
            checkedHands++;
            if (total !== 0) nonZeroTotals.push(total);
          });
        };
        runtime.join(watcher);
        for (const [i, human] of humans.entries()) {
          const player = new ScriptedPlayer(human.id, seededRandom(Math.floor(random() * 2 ** 31)), false);
          player.attach(runtime);
          const { available } = await ledger.balancesOf(human.id);
          const buyIn = Math.min(available, 2_000 + 100 * Math.floor(random() * 81));
          if (buyIn >= 2_000) await runtime.handle(player, { type: 'SIT', seat: i, amount: buyIn });
        }
        await registry.startSimulation(table.id);

        const segment = 30 + Math.floor(random() * 170);
        const goal = Math.min(TARGET_HANDS, runtime.totals.handsPlayed + segment);
        while (runtime.totals.handsPlayed < goal) await sleep(5);
        await sleep(Math.floor(random() * 15));

        // Crash: drop the runtime where it stands. Nothing of a running hand was written.
        if (runtime.isPlaying) midHandCrashes++;
        await registry.close();
        await runtime.idle();
        await checks;
        const stacks = runtime.stacksInLedgerTerms();
        const seats = await seatBalances();
        expect(seats).toEqual(new Map([...stacks].filter(([, v]) => v > 0)));
        played = runtime.totals.handsPlayed;
        restarts++;
        runtime.leave(watcher);
      }
      const final = new TableRegistry(t.services);
      await final.start();
      await final.close();
      expect(await ledger.audit()).toEqual(BALANCED);
      for (const human of humans) {
        const { available, locked } = await ledger.balancesOf(human.id);
        expect(available + locked).toBe(DEPOSIT + (await gameResults(human.id)));
      }
      const [{ hands }] = await queryRows<{ hands: string }>(
        db,
        sql`SELECT count(*) AS hands FROM hands WHERE table_id = ${table.id}`,
      );
      expect(Number(hands)).toBe(played);
      expect(played).toBeGreaterThanOrEqual(TARGET_HANDS);
      // A hand settled while its runtime is being stopped for a crash sends no hand-result (at most one per
      // crash); the books after that hand are checked by the audit that opens the next segment.
      expect(checkedHands + restarts).toBeGreaterThanOrEqual(played);
      expect(nonZeroTotals).toEqual([]);
      expect(restarts).toBeGreaterThanOrEqual(Math.floor(TARGET_HANDS / 200));
      expect(midHandCrashes).toBeGreaterThan(0);
      console.info(
        `simulation: ${played} hands, ${restarts} restarts (${midHandCrashes} mid-hand) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    },
  );
});
