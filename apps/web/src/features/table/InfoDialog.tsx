import type { TableInfo } from '@tenger/protocol';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTENT_BLOCKS } from '../../app/constants';
import { formatMoney } from '../../app/money';
import { useContentBlock } from '../../app/useContentBlock';

/** Information: the table's game and rules, blinds, rake and buy-in. */
export function InfoDialog({
  open,
  onClose,
  table,
}: {
  open: boolean;
  onClose: () => void;
  table: TableInfo | null;
}) {
  const { t, i18n } = useTranslation();
  const money = (value: number) => formatMoney(value, i18n.language);
  const jackpotRules = useContentBlock(CONTENT_BLOCKS.jackpotRules);
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('table.menu.information')} width={520}>
      {table && (
        <div className="info">
          <dl className="info__facts">
            <div>
              <dt>{t('table.info.name')}</dt>
              <dd>{table.name}</dd>
            </div>
            <div>
              <dt>{t('table.info.game')}</dt>
              <dd>
                {t(`table.info.variants.${table.variant}`)} · {t(`table.info.betting.${table.betting}`)}
              </dd>
            </div>
            <div>
              <dt>{t('table.info.blinds')}</dt>
              <dd>
                {money(table.smallBlind)} / {money(table.bigBlind)}
              </dd>
            </div>
            <div>
              <dt>{t('table.info.buyIn')}</dt>
              <dd>
                {money(table.minBuyIn)} – {money(table.maxBuyIn)}
              </dd>
            </div>
            <div>
              <dt>{t('table.info.seats')}</dt>
              <dd>{table.maxPlayers}</dd>
            </div>
            <div>
              <dt>{t('table.info.actionTime')}</dt>
              <dd>{t('table.info.seconds', { count: table.actionTimeSeconds })}</dd>
            </div>
            <div>
              <dt>{t('table.info.handsPlayed')}</dt>
              <dd data-testid="info-hands-played">{table.handsPlayed}</dd>
            </div>
          </dl>
          <h3>{t('table.info.rulesTitle')}</h3>
          <p>{t(`table.info.rules.${table.variant}`)}</p>
          <p>{t(`table.info.bettingRules.${table.betting}`)}</p>
          <h3>{t('table.info.rakeTitle')}</h3>
          <p data-testid="info-rake">
            {table.rake
              ? t('moments.rake', { percent: table.rake.percent, cap: money(table.rake.cap) })
              : t('table.info.rake')}
          </p>
          {table.jackpotRule && (
            <>
              <h3>{t('moments.jackpotTitle')}</h3>
              <p>{t('moments.jackpot', { percent: table.jackpotRule.contributionPercent })}</p>
              {jackpotRules && <p className="info__jackpot-rules">{jackpotRules}</p>}
            </>
          )}
          <h3>{t('table.info.clockTitle')}</h3>
          <p>{t('table.info.clock', { seconds: table.actionTimeSeconds })}</p>
          <h3>{t('table.info.fairTitle')}</h3>
          <p>{t('table.info.fair')}</p>
        </div>
      )}
    </Modal>
  );
}
