// A whole server for tournament tests: its tables and directors run on one FakeClock (nothing deals or
// times out unless the test moves it), and bots act at once.
import type { FakeClock } from '../tables/runtime/clock.js';
import { TableRegistry } from '../tables/runtime/tableRegistry.js';
import { startTestServer, type TestServer } from './testServer.js';
import { UNIT_TIMING } from './unitTable.js';

export function startTournamentServer(url: string | undefined, clock: FakeClock): Promise<TestServer> {
  return startTestServer({
    databaseUrl: url,
    tableLayer: (services) => new TableRegistry(services, { timing: UNIT_TIMING, clock }),
    tournamentClock: clock,
    tournamentBotPauseMs: [0, 0],
  });
}
