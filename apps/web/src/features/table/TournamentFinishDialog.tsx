import type { TournamentFinish } from '@tenger/protocol';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../app/money';

/**
 * The end of the viewer's tournament at this table: the place of how many, and the prize in ₮ (already
 * in the balance), with the ways on: the tournament's lobby or the main lobby.
 */
export function TournamentFinishDialog({
  finish,
  onTournamentLobby,
  onMainLobby,
  onClose,
}: {
  finish: TournamentFinish | null;
  onTournamentLobby: () => void;
  onMainLobby: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const won = finish?.place === 1;
  return (
    <Modal
      open={finish !== null}
      title={won ? t('tableTournament.finish.wonTitle') : t('tableTournament.finish.title')}
      onCancel={onClose}
      width={400}
      className="tt-finish-modal"
      footer={[
        <button key="tournament" type="button" className="btn btn--primary" onClick={onTournamentLobby}>
          {t('tableTournament.finish.tournamentLobby')}
        </button>,
        <button key="lobby" type="button" className="btn" onClick={onMainLobby}>
          {t('tableTournament.finish.mainLobby')}
        </button>,
      ]}
    >
      {finish && (
        <div className="tt-finish" data-testid="tournament-finish">
          <p className="tt-finish__place">
            {t('tableTournament.finish.place', { place: finish.place, entrants: finish.entrants })}
          </p>
          <p className="tt-finish__prize">
            {finish.prize > 0
              ? t('tableTournament.finish.prize', { prize: formatMoney(finish.prize, i18n.language) })
              : t('tableTournament.finish.noPrize')}
          </p>
        </div>
      )}
    </Modal>
  );
}
