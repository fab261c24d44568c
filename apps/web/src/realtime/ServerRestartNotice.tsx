import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../app/hooks';
import { selectServerRestarting } from './serverRestart';

/** Site-wide, above every page (the table view too): shown while a socket reconnects after a deploy. */
export function ServerRestartNotice() {
  const { t } = useTranslation();
  const restarting = useAppSelector(selectServerRestarting);
  if (!restarting) return null;
  return (
    <div className="restart-notice" role="status" aria-live="polite" data-testid="server-restarting">
      <span className="restart-notice__spinner" aria-hidden="true" />
      {t('realtime.serverRestarting')}
    </div>
  );
}
