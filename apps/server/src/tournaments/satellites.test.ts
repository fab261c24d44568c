// Satellites (issue 21) on the fake clock and the in-memory bank: a satellite's prize pool buys
// floor(pool / (target buy-in + fee)) tickets, the leftover goes in cash to the next place, the winners
// are registered into the target when its registration is open (else they keep the ticket and use it
// later, once), a cancelled target's tickets are refunded in cash, and the books stay at zero.
import { namedStructure, type Level } from '@tenger/engine';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../tables/runtime/clock.js';
import {
  seededRandom,
  seededShuffle,
  SimulatedTournamentTables,
} from '../testing/simulatedTournamentTables.js';
import { TournamentDirector, TournamentRefused } from './director.js';
import { InMemoryTournamentBank, PlayerExcluded } from './memoryTournamentBank.js';
import type { TournamentConfig } from './ports.js';
import { refundHeldTickets, registerWinner, type SatellitePorts } from './satellites.js';

const HAND_MS = 20_000;
const START = 1_700_000_000_000;
const DEPOSIT = 100_000;
const SATELLITE = 31;
const TARGET = 32;
const TICKET = 3_300; // the target's 3,000 + 300

function levels(): Level[] {
  return namedStructure('hyper', 1_500).map((l) => ({ ...l, seconds: 60 }));
}

function base(overrides: Partial<TournamentConfig>): TournamentConfig {
  return {
    tournamentId: 0,
    name: '',
    kind: 'sng',
    buyIn: 1_000,
    fee: 100,
    startingStack: 1_500,
    tableSize: 9,
    minEntrants: 2,
    maxEntrants: 10,
    startsAt: null,
    levels: levels(),
    ...overrides,
  };
}

/**
 * A 10-player satellite (1,000 + 100: a 10,000 pool) to a scheduled target (3,000 + 300) on one bank
 * and one clock; `target` settings (e.g. registration opening later) override.
 */
function setup(target: Partial<TournamentConfig> = {}, seed = 3) {
  const clock = new FakeClock(START);
  const bank = new InMemoryTournamentBank();
  const targetConfig = base({
    tournamentId: TARGET,
    name: 'Target',
    kind: 'mtt',
    buyIn: 3_000,
    fee: 300,
    maxEntrants: 100,
    startsAt: START + 86_400_000,
    ...target,
  });
  const targetTables = new SimulatedTournamentTables(clock, { tableSize: 9, handMs: HAND_MS, seed });
  const ports: SatellitePorts = { bank };
  const targetDirector = new TournamentDirector(targetConfig, {
    clock,
    bank,
    tables: targetTables,
    store: { save: async () => {} },
    satellite: ports,
  });
  targetDirector.open();
  ports.won = async (ticket) =>
    void (await registerWinner(
      (userId, isBot) => targetDirector.register(userId, isBot, undefined, true),
      ticket,
    ));
  const satelliteConfig = base({
    tournamentId: SATELLITE,
    name: 'Satellite',
    satellite: { targetId: TARGET, ticketValue: TICKET },
  });
  const tables = new SimulatedTournamentTables(clock, { tableSize: 9, handMs: HAND_MS, seed });
  const satellite = new TournamentDirector(satelliteConfig, {
    clock,
    bank,
    tables,
    store: { save: async () => {} },
    shuffle: seededShuffle(seededRandom(seed * 7919)),
    satellite: ports,
  });
  tables.onHand = (report) => satellite.handFinished(report);
  satellite.open();
  return { clock, bank, satellite, target: targetDirector };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Ten players register (the Sit & Go starts when full) and it plays to the end. */
async function playSatellite({ clock, bank, satellite }: ReturnType<typeof setup>) {
  for (let userId = 1; userId <= 10; userId++) {
    bank.deposit(userId, DEPOSIT);
    await satellite.register(userId);
  }
  for (let i = 0; i < 20_000 && satellite.state !== 'finished'; i++) {
    clock.advance(HAND_MS);
    await settle();
  }
  expect(satellite.state).toBe('finished');
  await satellite.idle();
  const byPlace = satellite.players().sort((a, b) => a.place! - b.place!);
  return byPlace.map((e) => e.userId);
}

describe('a satellite', () => {
  it('buys floor(pool / ticket) tickets for places 1..3 and pays the leftover 100 in cash to 4th; the winners are registered into the open target at once', async () => {
    const world = setup();
    const { bank, satellite, target } = world;
    expect(target.state).toBe('registering');
    const order = await playSatellite(world);
    expect(satellite.prizePool).toBe(10_000);
    expect(satellite.payouts).toEqual([
      { place: 1, amount: TICKET },
      { place: 2, amount: TICKET },
      { place: 3, amount: TICKET },
      { place: 4, amount: 100 },
    ]);
    const [first, second, third, fourth, ...rest] = order;
    for (const userId of [first!, second!, third!]) {
      // Paid 1,100 for the satellite, won a ticket, used it at once: no cash prize.
      expect(bank.available(userId)).toBe(DEPOSIT - 1_100);
      expect(bank.ticketBalance(userId, TARGET)).toBe(0);
      expect(satellite.players().find((e) => e.userId === userId)!.ticketWon).toBe(true);
    }
    expect(bank.available(fourth!)).toBe(DEPOSIT - 1_100 + 100);
    for (const userId of rest) expect(bank.available(userId)).toBe(DEPOSIT - 1_100);
    expect(
      target
        .players()
        .map((e) => e.userId)
        .sort(),
    ).toEqual([first, second, third].sort());
    expect(target.players().every((e) => e.ticket)).toBe(true);
    expect(bank.tickets.map((t) => t.status)).toEqual(['used', 'used', 'used']);
    // The satellite's pool is empty; the target's pool and fees hold three entries, exactly like cash.
    expect(bank.pool(SATELLITE)).toBe(0);
    expect(bank.pool(TARGET)).toBe(9_000);
    expect(bank.fees()).toBe(10 * 100 + 3 * 300);
    expect(target.prizePool).toBe(9_000);
    expect(bank.total()).toBe(0);
  });

  it('keeps the ticket while the target is not open yet; the player registers with it later, once; an unregistration gives it back', async () => {
    const world = setup({ registrationOpensAt: START + 3_600_000 * 12 });
    const { bank, clock, target } = world;
    const [first, second, , , , , , , , last] = await playSatellite(world);
    expect(target.state).toBe('scheduled');
    expect(target.players()).toEqual([]);
    expect(bank.ticketBalance(first!, TARGET)).toBe(TICKET);
    expect(bank.tickets.filter((t) => t.status === 'held')).toHaveLength(3);
    expect(bank.total()).toBe(0);

    clock.advance(START + 3_600_000 * 12 - clock.now());
    await settle();
    expect(target.state).toBe('registering');
    const cash = bank.available(first!);
    await target.register(first!, false, undefined, true);
    expect(bank.available(first!)).toBe(cash); // the ticket paid, not the balance
    expect(bank.ticketBalance(first!, TARGET)).toBe(0);
    expect(bank.pool(TARGET)).toBe(3_000);
    // Not usable twice: the used ticket enters nobody again, under any key.
    expect(await bank.enterWithTicket(TARGET, { userId: first!, isBot: false }, 3_000, 300, 'again')).toBe(
      false,
    );
    // A player who holds no ticket is refused and charged nothing.
    await expect(target.register(last!, false, undefined, true)).rejects.toEqual(
      new TournamentRefused('no_ticket'),
    );
    expect(bank.available(last!)).toBe(DEPOSIT - 1_100);

    // Unregistering a ticket entry puts the value back on the ticket (not in cash), usable again.
    await target.unregister(first!);
    expect(bank.ticketBalance(first!, TARGET)).toBe(TICKET);
    expect(bank.available(first!)).toBe(cash);
    await target.register(first!, false, undefined, true);
    expect(bank.ticketBalance(first!, TARGET)).toBe(0);
    expect(bank.ticketBalance(second!, TARGET)).toBe(TICKET);
    expect(bank.total()).toBe(0);
  });

  it('refunds in cash the tickets of a target that is cancelled, once, and a ticket entry like any entry', async () => {
    const world = setup({ registrationOpensAt: START + 3_600_000 * 12 });
    const { bank, clock, target } = world;
    const [first, second, third] = await playSatellite(world);
    clock.advance(START + 3_600_000 * 12 - clock.now());
    await settle();
    await target.register(first!, false, undefined, true);
    const before = [first!, second!, third!].map((u) => bank.available(u));

    await target.cancel();
    expect(await refundHeldTickets(bank, TARGET)).toBe(2);
    expect(await refundHeldTickets(bank, TARGET)).toBe(0); // nothing is held any more: nothing twice
    // The ticket entry is refunded in cash like a cash entry; the held tickets too.
    expect([first!, second!, third!].map((u) => bank.available(u))).toEqual(before.map((b) => b + TICKET));
    for (const userId of [first!, second!, third!]) expect(bank.ticketBalance(userId, TARGET)).toBe(0);
    expect(bank.tickets.map((t) => t.status).sort()).toEqual(['refunded', 'refunded', 'used']);
    expect(bank.pool(TARGET)).toBe(0);
    expect(bank.total()).toBe(0);
  });

  it('a winner whose target no longer registers keeps the ticket, and can still have it refunded', async () => {
    const world = setup({ registrationOpensAt: START + 3_600_000 * 12 });
    const { bank, target } = world;
    const [first] = await playSatellite(world);
    const [ticket] = (await bank.heldTickets(TARGET)).filter((t) => t.userId === first);
    // The target is not open yet: the register refuses, the ticket stays held.
    const again = (userId: number, isBot: boolean) => target.register(userId, isBot, undefined, true);
    expect(await registerWinner(again, ticket!)).toBe(false);
    expect(bank.ticketBalance(first!, TARGET)).toBe(TICKET);
    expect(bank.total()).toBe(0);
  });

  it('a winner under an exclusion is not registered into the open target: the ticket stays held, usable once the exclusion ends', async () => {
    const world = setup();
    const { bank, satellite, target } = world;
    // Everyone excludes themself once the satellite is under way: whoever wins a ticket is excluded.
    const playing = playSatellite(world);
    await settle();
    expect(satellite.state).toBe('running');
    for (let userId = 1; userId <= 10; userId++) bank.excluded.add(userId);
    const [first, second, third] = await playing;
    expect(target.state).toBe('registering');
    expect(target.players()).toEqual([]);
    for (const userId of [first!, second!, third!]) {
      expect(bank.ticketBalance(userId, TARGET)).toBe(TICKET);
      expect(bank.available(userId)).toBe(DEPOSIT - 1_100);
    }
    expect(bank.tickets.map((t) => t.status)).toEqual(['held', 'held', 'held']);
    await expect(target.register(first!, false, undefined, true)).rejects.toBeInstanceOf(PlayerExcluded);
    expect(bank.ticketBalance(first!, TARGET)).toBe(TICKET);

    // The exclusion ends while the target still registers: the ticket pays the entry, the balance is untouched.
    bank.excluded.delete(first!);
    await target.register(first!, false, undefined, true);
    expect(target.players().map((e) => e.userId)).toEqual([first]);
    expect(bank.ticketBalance(first!, TARGET)).toBe(0);
    expect(bank.available(first!)).toBe(DEPOSIT - 1_100);
    expect(bank.pool(TARGET)).toBe(3_000);
    // The others' tickets come back in cash when the target can no longer be entered.
    await target.cancel();
    expect(await refundHeldTickets(bank, TARGET)).toBe(2);
    for (const userId of [second!, third!]) expect(bank.available(userId)).toBe(DEPOSIT - 1_100 + TICKET);
    expect(bank.total()).toBe(0);
  });
});
