// A whole server for tournament tests: its tables and directors run on one FakeClock (nothing deals or
// times out unless the test moves it), and bots act at once.
import { TournamentDetailSchema, type TournamentDetail } from '@tenger/protocol';
import type { FakeClock } from '../tables/runtime/clock.js';
import { TableRegistry } from '../tables/runtime/tableRegistry.js';
import { startTestServer, type TestPlayer, type TestServer } from './testServer.js';
import { UNIT_TIMING } from './unitTable.js';

export function startTournamentServer(url: string | undefined, clock: FakeClock): Promise<TestServer> {
  return startTestServer({
    databaseUrl: url,
    tableLayer: (services) => new TableRegistry(services, { timing: UNIT_TIMING, clock }),
    tournamentClock: clock,
    tournamentBotPauseMs: [0, 0],
  });
}

/** GET /api/v1/user/tournaments/{id}, parsed (as `player` when given). */
export async function tournamentDetail(
  t: TestServer,
  id: number,
  player?: TestPlayer,
): Promise<TournamentDetail> {
  const reply = await t.call({ method: 'GET', url: `/api/v1/user/tournaments/${id}`, token: player?.token });
  return TournamentDetailSchema.parse(reply.json());
}
