// Satellites in the whole server (HTTP API, ledger, database, live tables) on PGlite and PostgreSQL: two
// four-player satellites (1,000 + 100: a 4,000 pool) feed 3,000 + 300 targets, so each buys one ticket
// (3,300) and pays the 700 left in cash to 2nd. The first target registers: its satellite's winner is
// registered at once with the ticket. The second does not register yet: its winner keeps the ticket
// (the profile's Tickets list, "ticketHeld" on the target's page), and when the administrator cancels
// that target the ticket is refunded in cash. Balances exact to the tugrik; the books zero.
import { namedStructure } from '@tenger/engine';
import {
  AdminDataSchema,
  LockedMoneySchema,
  OutcomePageSchema,
  TournamentDetailSchema,
  TournamentTicketListSchema,
} from '@tenger/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../ledger/accounts.js';
import { FakeClock } from '../tables/runtime/clock.js';
import { BotPlayer, seededRandom } from '../tables/runtime/simulation/botPlayer.js';
import { TEST_DRIVERS } from '../testing/database.js';
import { startTournamentServer, tournamentDetail } from '../testing/tournamentServer.js';
import { BALANCED, type TestPlayer, type TestServer } from '../testing/testServer.js';
import { UNIT_TIMING } from '../testing/unitTable.js';

const BALANCE = 100_000;
const STACK = 1_500;
const LEVELS = namedStructure('hyper', STACK).map((l) => ({ ...l, seconds: 15 }));
const TICKET = 3_300;

describe.each(TEST_DRIVERS)('satellites on $name', ({ url }) => {
  let t: TestServer;
  const clock = new FakeClock();

  beforeAll(async () => {
    t = await startTournamentServer(url, clock);
  });
  afterAll(() => t.close());

  const detail = (id: number, player?: TestPlayer) => tournamentDetail(t, id, player);
  const tickets = async (player: TestPlayer) =>
    TournamentTicketListSchema.parse(
      (await t.call({ method: 'GET', url: '/api/v1/user/tickets', token: player.token })).json(),
    );
  /** The player's game history, oldest first: type and amount of each row. */
  const history = async (player: TestPlayer) =>
    OutcomePageSchema.parse(
      (await t.call({ method: 'GET', url: '/api/v1/user/outcome?pageSize=50', token: player.token })).json(),
    )
      .items.map(({ type, amount }) => ({ type, amount }))
      .reverse();
  const balance = (player: TestPlayer) => t.services.ledger.balanceOf(Accounts.available(player.id));
  /** The administrator cancels a target. */
  async function cancelTarget(targetId: number): Promise<void> {
    const cancelled = await t.call({
      method: 'DELETE',
      url: `/api/v1/admin/tournament?tournamentId=${targetId}`,
      token: t.admin.token,
    });
    expect(cancelled.statusCode).toBe(200);
  }
  /** The winner's ticket was refunded in cash: on the balance, off the ticket account. */
  async function expectTicketInCash(winner: TestPlayer, targetId: number): Promise<void> {
    expect(await tickets(winner)).toMatchObject([{ targetId, status: 'refunded' }]);
    expect(await balance(winner)).toBe(BALANCE - 1_100 + TICKET);
    expect(await t.services.ledger.balanceOf(Accounts.ticket(winner.id, targetId))).toBe(0);
  }
  const create = (payload: object) =>
    t.call({ method: 'POST', url: '/api/v1/admin/tournament', token: t.admin.token, payload });

  async function target(name: string, registrationOpensAt?: number): Promise<number> {
    const created = await create({
      name,
      kind: 'mtt',
      variant: 'holdem',
      buyIn: 3_000,
      fee: 300,
      startingStack: STACK,
      tableSize: 6,
      minEntrants: 2,
      maxEntrants: 50,
      registrationOpensAt: registrationOpensAt ? new Date(registrationOpensAt).toISOString() : null,
      startsAt: new Date(clock.now() + 86_400_000).toISOString(),
      structure: 'turbo',
    });
    expect(created.statusCode).toBe(201);
    return TournamentDetailSchema.parse(created.json()).tournamentId;
  }

  /**
   * A four-player satellite to `targetId`, played to the end by its players driven like bots.
   * `meanwhile` runs before anyone registers, `registered` once all four are in (before any hand).
   */
  async function satellite(
    targetId: number,
    meanwhile?: () => Promise<void>,
    registered?: (players: TestPlayer[]) => Promise<void>,
  ): Promise<{ id: number; order: TestPlayer[] }> {
    const created = await create({
      name: `Satellite to #${targetId}`,
      kind: 'sng',
      variant: 'holdem',
      buyIn: 1_000,
      fee: 100,
      startingStack: STACK,
      tableSize: 4,
      minEntrants: 4,
      maxEntrants: 4,
      levels: LEVELS,
      actionSeconds: 10,
      targetId,
    });
    expect(created.statusCode).toBe(201);
    const id = TournamentDetailSchema.parse(created.json()).tournamentId;
    const before = await detail(id);
    expect(before.satellite).toMatchObject({ targetId, ticketValue: TICKET, seats: 0 });
    await meanwhile?.();

    const players: TestPlayer[] = [];
    for (let i = 0; i < 4; i++) players.push(await t.player(BALANCE));
    const tables = t.services.tournaments.tablesOf(id)!;
    const seated = tables.onSeated;
    tables.onSeated = (runtime, player) => {
      seated(runtime, player);
      new BotPlayer(
        player.userId,
        runtime,
        { pauseMs: [0, 0], random: seededRandom(player.userId) },
        () => {},
      ).resume();
    };
    const director = t.services.tournaments.directorOf(id)!;
    for (const player of players) {
      const registered = await t.call({
        method: 'POST',
        url: `/api/v1/user/tournaments/${id}/register`,
        token: player.token,
      });
      expect(registered.statusCode).toBe(200);
    }
    expect((await detail(id)).satellite?.seats).toBe(1);
    await registered?.(players);
    for (let step = 0; step < 200_000 && director.state !== 'finished'; step++) {
      for (const runtime of tables.runtimes()) await runtime.idle();
      await director.idle();
      if (tables.runtimes().some((runtime) => runtime.isPlaying)) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        continue;
      }
      clock.advance(UNIT_TIMING.nextHandDelayMs);
    }
    await director.idle();
    const done = await detail(id);
    expect(done.status).toBe('finished');
    expect(done.payouts).toEqual([
      { place: 1, amount: TICKET },
      { place: 2, amount: 700 },
    ]);
    const order = [...done.players]
      .sort((a, b) => a.place! - b.place!)
      .map((p) => players.find((q) => q.id === p.userId)!);
    return { id, order };
  }

  it('refuses a target that does not exist, has started, or is the satellite itself', async () => {
    const missing = await create({
      name: 'Nowhere',
      kind: 'sng',
      variant: 'holdem',
      buyIn: 100,
      fee: 0,
      startingStack: STACK,
      tableSize: 2,
      minEntrants: 2,
      maxEntrants: 2,
      structure: 'hyper',
      targetId: 999_999,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.targetId).toBe('No such tournament');
    const targetId = await target('Target for a bad edit');
    const self = await t.call({
      method: 'PATCH',
      url: `/api/v1/admin/tournament?tournamentId=${targetId}`,
      token: t.admin.token,
      payload: { targetId },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields.targetId).toBe('A satellite cannot feed itself');
    const recurring = await create({
      name: 'Daily satellite',
      kind: 'mtt',
      variant: 'holdem',
      buyIn: 100,
      fee: 0,
      startingStack: STACK,
      tableSize: 6,
      minEntrants: 2,
      maxEntrants: 20,
      startsAt: new Date(clock.now() + 3_600_000).toISOString(),
      structure: 'hyper',
      recurrence: 'daily',
      timeZone: 'Asia/Ulaanbaatar',
      targetId,
    });
    expect(recurring.statusCode).toBe(400);
    expect(recurring.json().error.fields.recurrence).toBe('A satellite does not recur');
  });

  it('the winner is registered into the open target with the ticket; 2nd gets the 700 left in cash; books zero', async () => {
    const targetId = await target('Sunday Main');
    const { id, order } = await satellite(targetId);
    const [winner, second, ...rest] = order;
    expect((await detail(id)).satellite).toMatchObject({ targetName: 'Sunday Main', seats: 1 });
    expect(await balance(winner!)).toBe(BALANCE - 1_100);
    expect(await balance(second!)).toBe(BALANCE - 1_100 + 700);
    for (const player of rest) expect(await balance(player)).toBe(BALANCE - 1_100);
    const main = await detail(targetId, winner);
    expect(main.players.map((p) => p.userId)).toEqual([winner!.id]);
    expect(main.prizePool).toBe(3_000);
    expect(main.ticketHeld).toBe(false);
    // The ticket's entry is the winner's stake in the target: "Locked: in tournaments" counts it.
    const locked = await t.call({ method: 'GET', url: '/api/v1/user/balance/locked', token: winner!.token });
    expect(LockedMoneySchema.parse(locked.json())).toMatchObject({ inTournaments: TICKET, total: 0 });
    expect(await tickets(winner!)).toMatchObject([
      { targetId, targetName: 'Sunday Main', satelliteId: id, value: TICKET, status: 'used' },
    ]);
    expect(await tickets(second!)).toEqual([]);
    // The game history shows the ticket won and the ticket paying the target's entry.
    expect(await history(winner!)).toEqual([
      { type: 'tournament_buy_in', amount: -1_100 },
      { type: 'tournament_ticket', amount: TICKET },
      { type: 'tournament_ticket_entry', amount: -TICKET },
    ]);
    expect(await history(second!)).toEqual([
      { type: 'tournament_buy_in', amount: -1_100 },
      { type: 'tournament_prize', amount: 700 },
    ]);
    expect(await t.services.ledger.balanceOf(Accounts.tournamentPool(id))).toBe(0);
    expect(await t.services.ledger.balanceOf(Accounts.ticket(winner!.id, targetId))).toBe(0);
    expect(await t.audit()).toEqual(BALANCED);
  }, 300_000);

  it('a target not open yet: the winner keeps the ticket, sees it, and gets it back in cash when the target is cancelled', async () => {
    const targetId = await target('Monday Main', clock.now() + 43_200_000);
    const { order } = await satellite(targetId);
    const [winner] = order;
    expect(await balance(winner!)).toBe(BALANCE - 1_100);
    expect(await tickets(winner!)).toMatchObject([{ targetId, value: TICKET, status: 'held' }]);
    expect((await detail(targetId, winner)).ticketHeld).toBe(true);
    expect(await t.services.ledger.balanceOf(Accounts.ticket(winner!.id, targetId))).toBe(TICKET);
    // Satellites feed it: its price stays.
    const reprice = await t.call({
      method: 'PATCH',
      url: `/api/v1/admin/tournament?tournamentId=${targetId}`,
      token: t.admin.token,
      payload: { buyIn: 5_000 },
    });
    expect(reprice.statusCode).toBe(409);
    const data = AdminDataSchema.parse(
      (await t.call({ method: 'GET', url: '/api/v1/admin/data', token: t.admin.token })).json(),
    );
    expect(data.accounts.playersTickets).toBe(TICKET);

    await cancelTarget(targetId);
    await expectTicketInCash(winner!, targetId);
    // The ticket won, then its value in cash; the filter finds the ticket rows alone.
    expect(await history(winner!)).toEqual([
      { type: 'tournament_buy_in', amount: -1_100 },
      { type: 'tournament_ticket', amount: TICKET },
      { type: 'tournament_ticket_refund', amount: TICKET },
    ]);
    const refunds = await t.call({
      method: 'GET',
      url: '/api/v1/user/outcome?type=tournament_ticket_refund',
      token: winner!.token,
    });
    expect(OutcomePageSchema.parse(refunds.json()).items.map((o) => o.type)).toEqual([
      'tournament_ticket_refund',
    ]);
    expect(await t.audit()).toEqual(BALANCED);
  }, 300_000);

  it('a self-excluded winner is not registered into the open target: the ticket stays held (refused at the ledger too), and comes back in cash when the target is cancelled', async () => {
    const targetId = await target('Excluded Main');
    const { order } = await satellite(targetId, undefined, async (players) => {
      // Every player excludes themself once the satellite has started (its chips stay in play), so
      // whoever wins is excluded when the ticket is won.
      for (const p of players)
        await t.services.protection.exclude(
          { actorId: p.id, actorName: p.username, ip: '127.0.0.1' },
          { kind: 'self-exclusion', period: '6m', password: 'checked by the route' },
        );
    });
    const [winner] = order;
    const main = await detail(targetId, winner);
    expect(main.players).toEqual([]);
    expect(main.prizePool).toBe(0);
    expect(await tickets(winner!)).toMatchObject([{ targetId, value: TICKET, status: 'held' }]);
    expect(await t.services.ledger.balanceOf(Accounts.ticket(winner!.id, targetId))).toBe(TICKET);
    // No path around it: the ledger itself refuses a ticket entry for an excluded player.
    await expect(t.services.tournaments.register(targetId, winner!.id)).rejects.toMatchObject({
      code: 'excluded',
    });
    expect(await tickets(winner!)).toMatchObject([{ status: 'held' }]);

    await cancelTarget(targetId);
    await expectTicketInCash(winner!, targetId);
    expect(await t.audit()).toEqual(BALANCED);
  }, 300_000);

  it('a target cancelled before its satellite ends: the ticket is refunded in cash at once', async () => {
    const targetId = await target('Called-off Main');
    const { order } = await satellite(targetId, () => cancelTarget(targetId));
    await expectTicketInCash(order[0]!, targetId);
    expect(await t.audit()).toEqual(BALANCED);
  }, 300_000);
});
