/**
 * The tournament API's types (issue 19 part 5: GET /user/tournaments, GET /user/tournaments/{id},
 * POST/DELETE /user/tournaments/{id}/register), written here with exactly the contract's field names until
 * @tenger/protocol carries them; then these become re-exports of the protocol's types.
 */

export type TournamentKind = 'sng' | 'mtt';

export type TournamentStatus = 'scheduled' | 'registering' | 'running' | 'break' | 'finished' | 'cancelled';

/** One row of the tournament list, `registered` for the caller. */
export interface TournamentSummary {
  tournamentId: number;
  name: string;
  kind: TournamentKind;
  variant: string;
  betting: string;
  status: TournamentStatus;
  buyIn: number;
  fee: number;
  startingStack: number;
  tableSize: number;
  entrants: number;
  minEntrants: number;
  maxEntrants: number;
  /** ISO date-time, or null for a Sit & Go that starts when full. */
  startsAt: string | null;
  prizePool: number;
  registered: boolean;
}

export interface TournamentLevel {
  level: number;
  smallBlind: number;
  bigBlind: number;
  ante: number;
  seconds: number;
  isBreak: boolean;
}

export interface TournamentPayout {
  place: number;
  amount: number;
}

export interface TournamentPlayer {
  userId: number;
  username: string;
  stack: number;
  tableId: number | null;
  seat: number | null;
  /** Finishing place once out (or at the end), else null. */
  place: number | null;
  prize: number | null;
  bot: boolean;
}

export interface TournamentTable {
  tableId: number;
  players: number;
}

/** The tournament lobby: the summary plus structure, payouts, players and tables. */
export interface TournamentDetail extends TournamentSummary {
  levels: TournamentLevel[];
  /** The current level's number (0 or the first level before the start). */
  level: number;
  /** ISO date-time when the current level (or break) ends, or null when no clock runs. */
  levelEndsAt: string | null;
  payouts: TournamentPayout[];
  players: TournamentPlayer[];
  tables: TournamentTable[];
  handForHand: boolean;
}

/** The codes POST/DELETE …/register answer with besides the generic ones. */
export const TOURNAMENT_ERROR_CODES = [
  'tournament_closed',
  'tournament_full',
  'already_registered',
  'not_registered',
  'insufficient_funds',
] as const;

export type TournamentErrorCode = (typeof TOURNAMENT_ERROR_CODES)[number];
