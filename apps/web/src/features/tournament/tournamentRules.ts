import type { TFunction } from 'i18next';
import { serverErrorCode, serverErrorText } from '../../api/serverErrors';
import { TOURNAMENT_ERROR_CODES, type TournamentSummary } from '../../api/tournamentTypes';

/**
 * Registration is open before the start (the server still says no when it is closed or full); a
 * scheduled tournament's opens at `registrationOpensAt` (before it, the button is not offered).
 */
export function registrationOpen(
  tournament: Pick<TournamentSummary, 'status' | 'registrationOpensAt'>,
  now = Date.now(),
): boolean {
  if (tournament.status === 'registering') return true;
  if (tournament.status !== 'scheduled') return false;
  return !tournament.registrationOpensAt || Date.parse(tournament.registrationOpensAt) <= now;
}

export function isFull(tournament: Pick<TournamentSummary, 'entrants' | 'maxEntrants'>): boolean {
  return tournament.entrants >= tournament.maxEntrants;
}

/** A refused registration in the reader's language: the tournament codes first, then the shared map. */
export function tournamentErrorText(error: unknown, t: TFunction): string {
  const code = serverErrorCode(error);
  if ((TOURNAMENT_ERROR_CODES as readonly string[]).includes(code ?? '')) return t(`errors.codes.${code}`);
  return serverErrorText(error, t);
}

/** Time left as m:ss, or h:mm:ss from an hour up; never negative. */
export function formatCountdown(milliseconds: number): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}
