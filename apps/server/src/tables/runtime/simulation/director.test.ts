// The simulation director on a unit table (fake clock, in-memory bank): it fills seats with bots,
// leaving two free, refills them when a bot goes, and never brings back a bot an administrator kicked
// while that table's simulation runs (the admin's live session would show the kicked bot sit again).
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { unitTable, type UnitTable } from '../../../testing/unitTable.js';
import { seededRandom } from './botPlayer.js';
import { SimulationDirector } from './director.js';

const realTurn = () => new Promise((resolve) => setTimeout(resolve, 1));

/** Bots decide on a real zero-length timer: let them and the fake clock run until `done`. */
async function until(unit: UnitTable, done: () => boolean): Promise<void> {
  for (let i = 0; i < 2_000 && !done(); i++) {
    await unit.tick(250);
    await realTurn();
  }
  expect(done()).toBe(true);
}

describe('the simulation director', () => {
  it('refills a seat a kicked bot freed with another bot, and the kicked one comes back only after a restart', async () => {
    const unit = await unitTable({ table: { maxPlayers: 6 } });
    const botIds = Array.from({ length: 8 }, () => unit.player(0, { isBot: true }).userId!);
    const seatedBots = () => unit.runtime.seatList().map((s) => s.userId);
    const roster = {
      freeBots: async (count: number, busy: ReadonlySet<number>) =>
        botIds.filter((id) => !busy.has(id) && !seatedBots().includes(id)).slice(0, count),
    };
    const director = new SimulationDirector(roster, unit.clock, pino({ level: 'silent' }), {
      pauseMs: [0, 0],
      random: seededRandom(7),
      refillDelayMs: 1_000,
    });
    await director.start(unit.runtime);
    expect(seatedBots()).toEqual(botIds.slice(0, 4));

    // The lowest free bot is the first chosen: without the bench, the kicked bot would sit again.
    const kicked = botIds[0];
    expect(await unit.runtime.kick(kicked)).toBe(true);
    await until(unit, () => !seatedBots().includes(kicked) && seatedBots().length === 4);
    expect(seatedBots()).not.toContain(kicked);
    expect(seatedBots()).toContain(botIds[4]);
    // Hands go on; however often seats turn over, the kicked bot stays out.
    await until(unit, () => unit.runtime.totals.handsPlayed >= 3);
    expect(seatedBots()).not.toContain(kicked);

    // Stopped and started again, the table's bench is forgotten.
    await director.stop(unit.runtime.tableId, unit.runtime);
    await until(unit, () => seatedBots().length === 0);
    await director.start(unit.runtime);
    expect(seatedBots()).toContain(kicked);
    await director.stop(unit.runtime.tableId, unit.runtime);
    await until(unit, () => seatedBots().length === 0);
    director.close();
    // Every chip went back to the bot bankroll: the bank's books balance.
    expect(unit.bank.total()).toBe(0);
  });
});
