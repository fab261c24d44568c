// Tournament tables in the whole server: rows in poker_tables marked with the tournament (hidden from
// the cash lobby and the admin's table list), runtimes hosted by the table registry (reached like any
// table), hands written to the hand store, and not one ledger movement at a table. The director runs
// on the ledger and the database, the tables on a FakeClock, scripted players to the end.
import { namedStructure, replayPHH } from '@tenger/engine';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { HandStore } from '../hands/handStore.js';
import { handTexts } from '../hands/handTexts.js';
import { FakeClock } from '../tables/runtime/clock.js';
import { TableRegistry } from '../tables/runtime/tableRegistry.js';
import { UNIT_TIMING } from '../testing/unitTable.js';
import { TEST_DRIVERS } from '../testing/database.js';
import { actOnce } from '../testing/scriptedTournamentPlayers.js';
import { seededRandom } from '../testing/simulatedTournamentTables.js';
import { startTestServer, type TestPlayer, type TestServer } from '../testing/testServer.js';
import { DatabaseTournamentStore } from './databaseTournamentStore.js';
import { TournamentDirector } from './director.js';
import { LedgerTournamentBank } from './ledgerTournamentBank.js';
import { LiveTournamentTables, registryTableHost } from './liveTournamentTables.js';
import type { TournamentConfig } from './ports.js';

const ENTRANTS = 4;

describe.each(TEST_DRIVERS)('tournament tables in the server on $name', ({ url }) => {
  let t: TestServer;
  let registry!: TableRegistry;
  const clock = new FakeClock();
  let players: TestPlayer[];

  beforeAll(async () => {
    t = await startTestServer({
      databaseUrl: url,
      tableLayer: (services) => (registry = new TableRegistry(services, { timing: UNIT_TIMING, clock })),
    });
    players = [];
    for (let i = 0; i < ENTRANTS; i++) players.push(await t.player(20_000));
  });
  afterAll(() => t.close());

  it('a Sit & Go on live registry tables: hidden from the cash lobby, hands stored and replayable, no money at the tables, prizes paid, books zero', async () => {
    const levels = namedStructure('turbo', 1_500).map((l) => ({ ...l, seconds: 30 }));
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO tournaments (name, kind, variant, betting, buy_in, fee, starting_stack, table_size, min_entrants,
            max_entrants, levels, action_seconds)
          VALUES ('Live SNG', 'sng', 'holdem', 'no-limit', 10000, 1000, 1500, 6, 2, ${ENTRANTS},
            ${JSON.stringify(levels)}::jsonb, 15)
          RETURNING id`,
    );
    const config: TournamentConfig = {
      tournamentId: Number(row!.id),
      name: 'Live SNG',
      kind: 'sng',
      buyIn: 10_000,
      fee: 1_000,
      startingStack: 1_500,
      tableSize: 6,
      minEntrants: 2,
      maxEntrants: ENTRANTS,
      startsAt: null,
      levels,
    };
    const random = seededRandom(21);
    const host = registryTableHost(
      registry,
      t.services.tables,
      {
        name: 'Live SNG',
        variant: 'holdem',
        betting: 'no-limit',
        startingStack: 1_500,
        tableSize: 6,
        actionSeconds: 15,
      },
      t.services.logger,
    );
    const tables = new LiveTournamentTables(host);
    const director = new TournamentDirector(config, {
      clock,
      bank: new LedgerTournamentBank(t.services.ledger),
      store: new DatabaseTournamentStore(t.database.db),
      tables,
    });
    const chips: number[] = [];
    tables.onHand = async (report) => {
      await director.handFinished(report);
      if (director.state !== 'finished') chips.push(director.chipsInPlay());
    };
    for (const p of players) await director.register(p.id);
    expect(director.state).toBe('running');

    // The table is a poker_tables row of the tournament, reached like any table, listed nowhere for cash.
    const [tableId] = director.tableIds();
    const [tableRow] = await queryRows<{ tournament_id: number; no: number }>(
      t.database.db,
      sql`SELECT tournament_id, no FROM poker_tables WHERE id = ${tableId}`,
    );
    expect(Number(tableRow!.tournament_id)).toBe(config.tournamentId);
    expect(Number(tableRow!.no)).toBeLessThan(0);
    expect(await registry.live(tableId!)).toBe(tables.runtimes()[0]);
    const lobby = (await t.call({ method: 'GET', url: '/api/v1/user/tables' })).json() as Array<{
      tableId: number;
    }>;
    expect(lobby.length).toBeGreaterThan(0);
    expect(lobby.map((x) => x.tableId)).not.toContain(tableId);
    const admin = (
      await t.call({ method: 'GET', url: '/api/v1/admin/table', token: t.admin.token })
    ).json() as Array<{
      tableId: number;
    }>;
    expect(admin.map((x) => x.tableId)).not.toContain(tableId);

    for (let step = 0; step < 20_000 && director.state !== 'finished'; step++) {
      for (const runtime of tables.runtimes()) await runtime.idle();
      await director.idle();
      let acted = false;
      for (const runtime of tables.runtimes())
        if (runtime.isPlaying) acted = (await actOnce(runtime, random, { allIn: 0.1, call: 0.5 })) || acted;
      if (!acted) clock.advance(UNIT_TIMING.nextHandDelayMs);
    }
    await director.idle();
    expect(director.state).toBe('finished');
    for (const c of chips) expect(c).toBe(ENTRANTS * 1_500);
    const entrants = director.players();
    expect(entrants.map((e) => e.place).sort()).toEqual([1, 2, 3, 4]);
    expect(entrants.reduce((a, e) => a + e.prize, 0)).toBe(ENTRANTS * 10_000);

    // Hands are in the hand store and replay; the tables moved no money and are retired.
    const hands = await queryRows<{ id: string; rake: string | number }>(
      t.database.db,
      sql`SELECT id, rake FROM hands WHERE table_id = ${tableId}`,
    );
    expect(hands.length).toBeGreaterThan(0);
    for (const hand of hands) {
      expect(Number(hand.rake)).toBe(0);
      // The texts as the hand history renders them: PHH that replays, chips without a currency.
      const texts = handTexts((await new HandStore(t.database.db).get(hand.id))!);
      expect(replayPHH(texts.phh).ok).toBe(true);
      expect(texts.pokerstars).not.toContain('₮');
    }
    const [moves] = await queryRows<{ n: string | number }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM ledger_transactions WHERE table_id = ${tableId}`,
    );
    expect(Number(moves!.n)).toBe(0);
    const [retired] = await queryRows<{ deleted_at: Date | null }>(
      t.database.db,
      sql`SELECT deleted_at FROM poker_tables WHERE id = ${tableId}`,
    );
    expect(retired!.deleted_at).not.toBeNull();
    expect(await registry.live(tableId!)).toBeNull();
    const audit = await t.audit();
    expect(audit.total).toBe(0);
    expect(audit.mismatchedAccounts).toBe(0);
  });
});
