import { sql } from 'drizzle-orm';
import { namedStructure } from '@tenger/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '../db/client.js';
import { Accounts } from '../ledger/accounts.js';
import { Ledger } from '../ledger/ledger.js';
import { FakeClock } from '../tables/runtime/clock.js';
import { openTestDatabase, TEST_DRIVERS } from '../testing/database.js';
import { SimulatedTournamentTables } from '../testing/simulatedTournamentTables.js';
import { DatabaseTournamentStore } from './databaseTournamentStore.js';
import { TournamentDirector, TournamentRefused } from './director.js';
import { LedgerTournamentBank } from './ledgerTournamentBank.js';
import type { TournamentConfig } from './ports.js';
import { FencedOffError } from '../cluster/fencing.js';
import { LocalLeases } from '../cluster/tableLeases.js';
import { TableOwnership } from '../tables/cluster/tableOwnership.js';

describe.each(TEST_DRIVERS)('a tournament on the ledger on $name', ({ url }) => {
  let handle: DatabaseHandle;
  let ledger: Ledger;
  const users: number[] = [];

  beforeAll(async () => {
    handle = await openTestDatabase(url);
    ledger = new Ledger(handle.db);
    for (let i = 1; i <= 9; i++) {
      const [row] = await queryRows<{ id: number }>(
        handle.db,
        sql`INSERT INTO users (username, email, password_hash) VALUES (${`p${i}`}, ${`p${i}@x.mn`}, 'x') RETURNING id`,
      );
      users.push(Number(row!.id));
      await ledger.transfer({
        from: Accounts.outsideBank,
        to: Accounts.available(Number(row!.id)),
        amount: 50_000,
        kind: 'deposit',
        key: `seed-${i}`,
      });
    }
  });
  afterAll(() => handle.close());

  /** A director on the ledger and the database with manual simulated tables. */
  function ledgerDirector(config: TournamentConfig): TournamentDirector {
    const clock = new FakeClock();
    return new TournamentDirector(config, {
      clock,
      bank: new LedgerTournamentBank(ledger),
      store: new DatabaseTournamentStore(handle.db),
      tables: new SimulatedTournamentTables(clock, { tableSize: 9, handMs: 10_000, seed: 1, manual: true }),
    });
  }

  async function newTournament(): Promise<TournamentConfig> {
    const levels = namedStructure('hyper', 1_500).map((l) => ({ ...l, seconds: 60 }));
    const [row] = await queryRows<{ id: number }>(
      handle.db,
      sql`INSERT INTO tournaments (name, kind, variant, betting, buy_in, fee, starting_stack, table_size, min_entrants,
            max_entrants, levels, action_seconds)
          VALUES ('SNG', 'sng', 'holdem', 'no-limit', 10000, 1000, 1500, 9, 2, 9, ${JSON.stringify(levels)}::jsonb, 15)
          RETURNING id`,
    );
    return {
      tournamentId: Number(row!.id),
      name: 'SNG',
      kind: 'sng',
      buyIn: 10_000,
      fee: 1_000,
      startingStack: 1_500,
      tableSize: 9,
      minEntrants: 2,
      maxEntrants: 9,
      startsAt: null,
      levels,
    };
  }

  it('runs a 9-player Sit & Go: entries, prizes once each, the pool paid to the tugrik, entries stored, books zero', async () => {
    const config = await newTournament();
    const clock = new FakeClock();
    const tables = new SimulatedTournamentTables(clock, { tableSize: 9, handMs: 10_000, seed: 9 });
    const store = new DatabaseTournamentStore(handle.db);
    const director = new TournamentDirector(config, {
      clock,
      bank: new LedgerTournamentBank(ledger),
      store,
      tables,
    });
    tables.onHand = (report) => director.handFinished(report);
    for (const userId of users) await director.register(userId);
    await expect(director.register(users[0]!)).rejects.toEqual(new TournamentRefused('tournament_closed'));
    expect(director.state).toBe('running');
    expect(await ledger.balanceOf(Accounts.tournamentPool(config.tournamentId))).toBe(90_000);
    for (let i = 0; i < 5_000 && director.state !== 'finished'; i++) {
      clock.advance(10_000);
      await director.idle();
    }
    expect(director.state).toBe('finished');
    expect(await ledger.balanceOf(Accounts.tournamentPool(config.tournamentId))).toBe(0);
    expect(await ledger.balanceOf(Accounts.tournamentFees)).toBe(9_000);
    const rows = await queryRows<{ place: number; prize: string | number }>(
      handle.db,
      sql`SELECT place, prize FROM tournament_entries WHERE tournament_id = ${config.tournamentId} ORDER BY place`,
    );
    expect(rows.map((r) => r.place)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows.reduce((s, r) => s + Number(r.prize), 0)).toBe(90_000);
    const prizes = await queryRows<{ n: string | number }>(
      handle.db,
      sql`SELECT count(*) AS n FROM ledger_transactions WHERE kind = 'tournament_prize'
            AND meta->>'tournamentId' = ${String(config.tournamentId)}`,
    );
    expect(Number(prizes[0]!.n)).toBe(3);
    const [status] = await queryRows<{ status: string }>(
      handle.db,
      sql`SELECT status FROM tournaments WHERE id = ${config.tournamentId}`,
    );
    expect(status!.status).toBe('finished');
    expect((await ledger.audit()).total).toBe(0);
  });

  it('a final-table deal: every amount in one tournament_prize transaction, audited once, the pool to zero', async () => {
    const config = { ...(await newTournament()), maxEntrants: 3 };
    const director = ledgerDirector(config);
    const players = [users[3]!, users[4]!, users[5]!];
    const before = await Promise.all(players.map(async (u) => (await ledger.balancesOf(u)).available));
    for (const userId of players) await director.register(userId);
    const [tableId] = director.tableIds();
    const stacks = (a: number, b: number, c: number) =>
      new Map([
        [players[0]!, a],
        [players[1]!, b],
        [players[2]!, c],
      ]);
    await director.handFinished({
      tableId: tableId!,
      handNumber: 1,
      startStacks: stacks(1_500, 1_500, 1_500),
      endStacks: stacks(2_500, 1_500, 500),
    });
    for (const userId of players) await director.askDeal(userId);
    await director.handFinished({
      tableId: tableId!,
      handNumber: 2,
      startStacks: stacks(2_500, 1_500, 500),
      endStacks: stacks(2_500, 1_500, 500),
    });
    // One place paid (30,000): chip-chop shares it all by chips.
    const offered = director.standings().deal!.players;
    expect(Object.fromEntries(offered.map((p) => [p.userId, p.chipChop]))).toEqual({
      [players[0]!]: 16_667,
      [players[1]!]: 10_000,
      [players[2]!]: 3_333,
    });
    for (const userId of players) await director.answerDeal(userId, 'chip-chop');
    expect(director.state).toBe('finished');
    const after = await Promise.all(players.map(async (u) => (await ledger.balancesOf(u)).available));
    expect(after.map((a, i) => a - before[i]!)).toEqual([16_667 - 11_000, 10_000 - 11_000, 3_333 - 11_000]);
    expect(await ledger.balanceOf(Accounts.tournamentPool(config.tournamentId))).toBe(0);
    const deals = await queryRows<{ key: string; n: string | number }>(
      handle.db,
      sql`SELECT t.idempotency_key AS key, count(p.*) AS n FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
            WHERE t.kind = 'tournament_prize' AND t.meta->>'tournamentId' = ${String(config.tournamentId)}
            GROUP BY t.idempotency_key`,
    );
    expect(deals.map((d) => d.key)).toEqual([`tournament:${config.tournamentId}:deal`]);
    // The same key again (a retried step) moves nothing and audits nothing more.
    await new LedgerTournamentBank(ledger).deal(
      config.tournamentId,
      offered.map((p) => ({ who: { userId: p.userId, isBot: false }, amount: p.chipChop! })),
      `tournament:${config.tournamentId}:deal`,
      { choice: 'chip-chop', kept: 0 },
    );
    const audits = await queryRows<{ summary: string }>(
      handle.db,
      sql`SELECT summary FROM audit_log WHERE action = 'tournament.deal' AND target_id = ${String(config.tournamentId)}`,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.summary).toContain('chip-chop');
    expect((await ledger.audit()).total).toBe(0);
  });

  it('a progressive knockout heads-up: the cash of the knockout and the own bounty of the winner as tournament_bounty, each once', async () => {
    const config = { ...(await newTournament()), maxEntrants: 2, bountyPercent: 50 };
    const director = ledgerDirector(config);
    const [winner, loser] = [users[7]!, users[8]!];
    const before = (await ledger.balancesOf(winner)).available;
    await director.register(winner);
    await director.register(loser);
    const [tableId] = director.tableIds();
    const report = {
      tableId: tableId!,
      handNumber: 1,
      startStacks: new Map([
        [winner, 1_500],
        [loser, 1_500],
      ]),
      endStacks: new Map([
        [winner, 3_000],
        [loser, 0],
      ]),
      pots: [{ eligible: [winner, loser], winners: [winner] }],
      committed: new Map([
        [winner, 1_500],
        [loser, 1_500],
      ]),
    };
    await director.handFinished(report);
    await director.handFinished(report); // a repeat report moves nothing
    expect(director.state).toBe('finished');
    const prize = director.players().find((e) => e.userId === winner)!.prize;
    expect(prize).toBe(10_000); // the prize pool is the buy-ins less their bounty parts
    expect((await ledger.balancesOf(winner)).available).toBe(before - 11_000 + prize + 10_000);
    const bounties = await queryRows<{ n: string | number; total: string | number }>(
      handle.db,
      sql`SELECT count(DISTINCT t.id) AS n, coalesce(sum(p.amount), 0) AS total FROM ledger_transactions t
          JOIN ledger_postings p ON p.transaction_id = t.id
          WHERE t.kind = 'tournament_bounty' AND t.meta->>'tournamentId' = ${String(config.tournamentId)} AND p.amount > 0`,
    );
    expect([Number(bounties[0]!.n), Number(bounties[0]!.total)]).toEqual([2, 10_000]);
    expect((await ledger.audit()).total).toBe(0);
  });

  it('refuses an entry the balance cannot pay and refunds an unregistration, each once', async () => {
    const config = await newTournament();
    const director = ledgerDirector(config);
    const [poor] = await queryRows<{ id: number }>(
      handle.db,
      sql`INSERT INTO users (username, email, password_hash) VALUES ('poor', 'poor@x.mn', 'x') RETURNING id`,
    );
    await expect(director.register(Number(poor!.id))).rejects.toEqual(
      new TournamentRefused('insufficient_funds'),
    );
    const before = (await ledger.balancesOf(users[0]!)).available;
    await director.register(users[0]!);
    expect((await ledger.balancesOf(users[0]!)).available).toBe(before - 11_000);
    await director.unregister(users[0]!);
    expect((await ledger.balancesOf(users[0]!)).available).toBe(before);
    await director.register(users[0]!);
    expect((await ledger.balancesOf(users[0]!)).available).toBe(before - 11_000);
    const entries = await queryRows<{ n: string | number }>(
      handle.db,
      sql`SELECT count(*) AS n FROM tournament_entries WHERE tournament_id = ${config.tournamentId}`,
    );
    expect(Number(entries[0]!.n)).toBe(1);
    expect((await ledger.audit()).total).toBe(0);
  });

  it('a stale director moves no tugrik: once another process holds the lease, its prizes, refunds and saves are fenced off', async () => {
    const config = await newTournament();
    const id = config.tournamentId;
    const hooks = { lost: () => undefined, warn: () => undefined };
    const owners = ['node-a', 'node-b'].map(
      (node) => new TableOwnership(new LocalLeases(handle.db, node), hooks),
    );
    const [stale, fresh] = owners.map((ownership) => ({
      ownership,
      bank: new LedgerTournamentBank(ledger, (tx, t) => ownership.fence(tx, -t)),
      store: new DatabaseTournamentStore(handle.db, (tx, t) => ownership.fence(tx, -t)),
    }));
    expect(await stale!.ownership.acquire(-id)).toBe(true);
    const clock = new FakeClock();
    const director = new TournamentDirector(config, {
      clock,
      bank: stale!.bank,
      store: stale!.store,
      tables: new SimulatedTournamentTables(clock, { tableSize: 9, handMs: 10_000, seed: 2, manual: true }),
    });
    const who = { userId: users[1]!, isBot: false };
    await director.register(who.userId);
    const pool = () => ledger.balanceOf(Accounts.tournamentPool(id));
    expect(await pool()).toBe(10_000);

    // Another process takes the director over (a newer fencing token): the old one can move nothing.
    expect(await fresh!.ownership.acquire(-id)).toBe(true);
    await expect(
      stale!.bank.pay(id, who, 10_000, `tournament:${id}:prize:${who.userId}`),
    ).rejects.toBeInstanceOf(FencedOffError);
    await expect(stale!.bank.refund(id, who, 10_000, 1_000, `stale-refund-${id}`)).rejects.toBeInstanceOf(
      FencedOffError,
    );
    await expect(director.unregister(who.userId)).rejects.toBeInstanceOf(FencedOffError);
    await expect(stale!.store.save(director.snapshot())).rejects.toBeInstanceOf(FencedOffError);
    expect(await pool()).toBe(10_000);
    // The new owner's refund passes.
    await fresh!.bank.refund(id, who, 10_000, 1_000, `tournament:${id}:entry:${who.userId}:1:refund`);
    expect(await pool()).toBe(0);
    for (const ownership of owners) ownership.stop();
    expect((await ledger.audit()).total).toBe(0);
  });
});
