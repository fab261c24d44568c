import { message } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadText } from '../../app/download';

/** In the Replay dialog: copy the hand as PokerStars text, download it as PHH. */
export function HandExportButtons({
  handNumber,
  tableId,
  pokerstars,
  phh,
}: {
  handNumber: number;
  tableId: number;
  pokerstars: string;
  phh: string;
}) {
  const { t } = useTranslation();
  async function copy() {
    try {
      await navigator.clipboard.writeText(pokerstars);
      void message.success(t('table.replayList.copied'));
    } catch {
      void message.error(t('table.replayList.copyFailed'));
    }
  }
  return (
    <div className="replay__export">
      <button type="button" className="btn btn--muted" onClick={() => void copy()}>
        {t('table.replayList.copyText')}
      </button>
      <button
        type="button"
        className="btn btn--muted"
        onClick={() => downloadText(phh, `tenger-table${tableId}-hand${handNumber}.phh`, 'application/toml')}
      >
        {t('table.replayList.downloadPhh')}
      </button>
    </div>
  );
}
