import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LobbyTable } from '../../api/types';
import { useGetTablesQuery } from '../../api/userApi';
import { LOBBY_POLL_MS } from '../../app/constants';
import { formatMoney } from '../../app/money';
import { SeatedMark, useSeatedTables } from './SeatedMark';
import { isFull, stakesKey, stakesLevels, variantFamily, type VariantFamily } from './variant';

const ALL = 'all';

/**
 * The cash tables with columns No., Name, Variant, Buy-In, Players, Blinds, Table. Seat counts are
 * re-read every few seconds. A hand-built table (not antd's) keeps the lobby's JavaScript small; on a
 * phone each row becomes a card.
 */
export function TableList() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const {
    data: tables = [],
    isLoading,
    isError,
  } = useGetTablesQuery(undefined, {
    pollingInterval: LOBBY_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const seatedAt = useSeatedTables();
  const [variant, setVariant] = useState<VariantFamily | typeof ALL>(ALL);
  const [stakes, setStakes] = useState<string>(ALL);
  const levels = useMemo(() => stakesLevels(tables), [tables]);
  const money = (amount: number) => formatMoney(amount, i18n.language);

  const shown = useMemo(
    () =>
      [...tables]
        .filter((table) => variant === ALL || variantFamily(table.variant) === variant)
        .filter((table) => stakes === ALL || stakesKey(table) === stakes)
        .sort((a, b) => a.no - b.no),
    [tables, variant, stakes],
  );

  const variantLabel = (table: LobbyTable) => t(`lobby.variants.${variantFamily(table.variant)}`);

  return (
    <section className="table-list">
      <div className="table-list__filters">
        <label className="filter">
          <span className="filter__label">{t('lobby.filters.variant')}</span>
          <select
            className="native-select filter__select"
            value={variant}
            onChange={(event) => setVariant(event.target.value as VariantFamily | typeof ALL)}
          >
            <option value={ALL}>{t('lobby.filters.all')}</option>
            <option value="texas">{t('lobby.variants.texas')}</option>
            <option value="omaha">{t('lobby.variants.omaha')}</option>
          </select>
        </label>
        <label className="filter">
          <span className="filter__label">{t('lobby.filters.stakes')}</span>
          <select
            className="native-select filter__select"
            value={stakes}
            onChange={(event) => setStakes(event.target.value)}
          >
            <option value={ALL}>{t('lobby.filters.all')}</option>
            {levels.map((level) => (
              <option key={level.key} value={level.key}>
                {money(level.small)} / {money(level.big)}
              </option>
            ))}
          </select>
        </label>
      </div>

      {isError && tables.length === 0 ? (
        <p className="table-list__empty" role="alert">
          {t('lobby.loadError')}
        </p>
      ) : isLoading ? (
        <p className="table-list__empty">{t('common.loading')}</p>
      ) : shown.length === 0 ? (
        <p className="table-list__empty">{t('lobby.noTables')}</p>
      ) : (
        <div className="tables-scroll">
          <table className="tables">
            <thead>
              <tr>
                <th scope="col">{t('lobby.columns.no')}</th>
                <th scope="col">{t('lobby.columns.name')}</th>
                <th scope="col">{t('lobby.columns.variant')}</th>
                <th scope="col">{t('lobby.columns.buyIn')}</th>
                <th scope="col">{t('lobby.columns.players')}</th>
                <th scope="col">{t('lobby.columns.blinds')}</th>
                <th scope="col">{t('lobby.columns.table')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((table) => {
                const full = isFull(table);
                const closed = table.status === 'closed';
                return (
                  <tr key={table.tableId}>
                    <td data-label={t('lobby.columns.no')} className="tables__no">
                      {table.no}
                    </td>
                    <td data-label={t('lobby.columns.name')} className="tables__name">
                      {table.name}
                      {seatedAt.has(table.tableId) && <SeatedMark />}
                    </td>
                    <td data-label={t('lobby.columns.variant')} className="tables__variant">
                      <span className={`variant variant--${variantFamily(table.variant)}`}>
                        {variantLabel(table)}
                      </span>{' '}
                      {table.betting && (
                        <abbr className="betting" title={t(`lobby.betting.${table.betting}`)}>
                          {t(`lobby.betting.short.${table.betting}`)}
                        </abbr>
                      )}
                    </td>
                    <td data-label={t('lobby.columns.buyIn')} className="tables__meta">
                      {money(table.buyIn.min)} – {money(table.buyIn.max)}
                    </td>
                    <td data-label={t('lobby.columns.players')} className="tables__meta">
                      <span className="seats" aria-label={t('lobby.seatsTaken', table.players)}>
                        {table.players.seated}/{table.players.max}
                      </span>
                    </td>
                    <td data-label={t('lobby.columns.blinds')}>
                      {money(table.blinds.small)} / {money(table.blinds.big)}
                    </td>
                    <td data-label={t('lobby.columns.table')} className="tables__action">
                      {closed ? (
                        <button type="button" className="btn btn--muted" disabled>
                          {t('lobby.closed')}
                        </button>
                      ) : (
                        <button
                          type="button"
                          className={full ? 'btn btn--muted' : 'btn btn--primary'}
                          title={full ? t('lobby.watchFullTable') : undefined}
                          aria-label={`${full ? t('lobby.full') : t('lobby.play')}: ${table.name}`}
                          onClick={() => void navigate(`/table/${encodeURIComponent(String(table.tableId))}`)}
                        >
                          {full ? t('lobby.full') : t('lobby.play')}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
