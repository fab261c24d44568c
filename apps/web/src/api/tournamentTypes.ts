/**
 * The tournament API's types (GET /user/tournaments, GET /user/tournaments/{id}, POST/DELETE
 * /user/tournaments/{id}/register): the protocol's own, so the web reads exactly what the server sends.
 */
import type { TournamentDetail } from '@tenger/protocol';

export type {
  TournamentDetail,
  TournamentKind,
  TournamentLevel,
  TournamentPlayer,
  TournamentStatus,
  TournamentSummary,
} from '@tenger/protocol';

export type TournamentPayout = TournamentDetail['payouts'][number];
export type TournamentTable = TournamentDetail['tables'][number];

/** The codes POST/DELETE …/register answer with besides the generic ones. */
export const TOURNAMENT_ERROR_CODES = [
  'tournament_closed',
  'tournament_full',
  'already_registered',
  'not_registered',
  'insufficient_funds',
  'entry_limit',
  'rebuy_closed',
  'rebuy_limit',
  'rebuy_stack',
  'addon_closed',
  'no_ticket',
] as const;

export type TournamentErrorCode = (typeof TOURNAMENT_ERROR_CODES)[number];
