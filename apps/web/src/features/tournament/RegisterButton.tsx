import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TournamentDetail, TournamentSummary } from '../../api/tournamentTypes';
import { useRegisterTournamentMutation, useUnregisterTournamentMutation } from '../../api/userApi';
import { useAppSelector } from '../../app/hooks';
import { formatMoney } from '../../app/money';
import { isFull, registrationOpen, tournamentErrorText } from './tournamentRules';

/**
 * Register (buy-in + fee, or "Register with ticket" when the player holds a satellite ticket for it) or
 * Unregister (refund) while registration is open; a guest is sent to log in.
 * A refusal is shown beside the button in the reader's language.
 */
export function RegisterButton({ tournament }: { tournament: TournamentSummary | TournamentDetail }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  const [register, registering] = useRegisterTournamentMutation();
  const [unregister, unregistering] = useUnregisterTournamentMutation();
  const [error, setError] = useState<string | null>(null);
  // A late entry while late registration is open (the tournament lobby knows; the list does not).
  const lateEntry = 'lateRegistrationOpen' in tournament && tournament.lateRegistrationOpen === true;
  // A satellite ticket for this tournament pays the entry (the server uses it first).
  const withTicket = 'ticketHeld' in tournament && tournament.ticketHeld === true;
  const registerLabel = withTicket ? t('tournament.registerWithTicket') : t('tournament.register');
  if (!registrationOpen(tournament) && !(lateEntry && !tournament.registered)) return null;

  const busy = registering.isLoading || unregistering.isLoading;
  const cost = formatMoney(tournament.buyIn + tournament.fee, i18n.language);
  const run = async (action: typeof register) => {
    setError(null);
    const result = await action(tournament.tournamentId);
    if ('error' in result && result.error) setError(tournamentErrorText(result.error, t));
  };

  let button;
  if (tournament.registered) {
    button = (
      <button
        type="button"
        className="btn btn--muted"
        disabled={busy}
        aria-label={`${t('tournament.unregister')}: ${tournament.name}`}
        onClick={() => void run(unregister)}
      >
        {t('tournament.unregister')}
      </button>
    );
  } else if (isFull(tournament)) {
    button = (
      <button type="button" className="btn btn--muted" disabled>
        {t('tournament.full')}
      </button>
    );
  } else {
    button = (
      <button
        type="button"
        className="btn btn--primary"
        disabled={busy}
        title={withTicket ? registerLabel : t('tournament.registerCost', { cost })}
        aria-label={`${registerLabel}: ${tournament.name}`}
        onClick={() => (isAuthenticated ? void run(register) : void navigate('/auth/login'))}
      >
        {registerLabel}
      </button>
    );
  }
  return (
    <span className="register-button">
      {button}
      {error && (
        <span className="register-button__error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
