// What the whole-server tournament tests share: a server whose tables and directors run on one FakeClock
// (nothing deals or times out unless the test moves it) with bots that act at once, and a small Sit & Go.
export { startTournamentServer } from '../src/testing/tournamentServer.js';

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
