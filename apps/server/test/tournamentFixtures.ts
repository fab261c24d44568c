// What the whole-server tournament tests share: a server whose tables and directors run on one FakeClock
// (nothing deals or times out unless the test moves it) with bots that act at once, and a small Sit & Go.
import { FakeClock } from '../src/tables/runtime/clock.js';
import { TableRegistry } from '../src/tables/runtime/tableRegistry.js';
import { UNIT_TIMING } from '../src/testing/unitTable.js';
import { startTestServer, type TestServer } from '../src/testing/testServer.js';

export const BUY_IN = 10_000;
export const FEE = 1_000;

/** A three-player Sit & Go (POST /admin/tournament body). */
export const SIT_AND_GO = {
  name: 'Sit & Go 3',
  kind: 'sng',
  variant: 'holdem',
  buyIn: BUY_IN,
  fee: FEE,
  startingStack: 1_500,
  tableSize: 6,
  minEntrants: 2,
  maxEntrants: 3,
  structure: 'turbo',
  actionSeconds: 15,
};

export function startTournamentServer(url: string | undefined, clock: FakeClock): Promise<TestServer> {
  return startTestServer({
    databaseUrl: url,
    tableLayer: (services) => new TableRegistry(services, { timing: UNIT_TIMING, clock }),
    tournamentClock: clock,
    tournamentBotPauseMs: [0, 0],
  });
}
