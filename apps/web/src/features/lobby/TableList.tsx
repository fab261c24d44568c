import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { LobbyTable } from '../../api/types';
import { useGetTablesQuery } from '../../api/userApi';
import { LOBBY_POLL_MS } from '../../app/constants';
import { useAppSelector } from '../../app/hooks';
import { formatMoney } from '../../app/money';
import { MAX_TABLES, tableSet } from '../table/multi/tableSet';
import { TAKE_HELD_SEAT_QUERY } from '../table/useTakeHeldSeat';
import { WaitlistCell, WaitlistOffers } from './LobbyWaitlist';
import { SeatedMark, useSeatedTables } from './SeatedMark';
import {
  ALL,
  applyView,
  hasFigures,
  queryFromView,
  toggleSort,
  viewFromQuery,
  type LobbyView,
  type SortColumn,
} from './lobbyView';
import { isFull, stakesLevels, variantFamily, type VariantFamily } from './variant';
import { useMyWaitlists } from './waitlistApi';

/** The spec's columns that sort (Table holds the buttons). */
const SPEC_COLUMNS: readonly SortColumn[] = ['no', 'name', 'variant', 'buyIn', 'players', 'blinds'];
/** The last-hour figures: after Blinds, hidden on a phone (its two-line rows stay as they are). */
const FIGURE_COLUMNS = ['averagePot', 'playersPerFlop', 'handsPerHour'] as const;

/**
 * The cash tables with columns No., Name, Variant, Buy-In, Players, Blinds, Table, and — when the server
 * sends them — the last hour's average pot, players per flop and hands per hour. Seat counts are
 * re-read every few seconds. A column header sorts by it (again: the other way round); the filters and
 * the order live in the query string (lobbyView.ts). A hand-built table (not antd's) keeps the lobby's
 * JavaScript small; on a phone each row becomes a card.
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
  const waitlists = useMyWaitlists();
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  const [query, setQuery] = useSearchParams();
  const view = useMemo(() => viewFromQuery(query), [query]);
  const update = (next: LobbyView) => setQuery((current) => queryFromView(next, current), { replace: true });
  const levels = useMemo(() => stakesLevels(tables), [tables]);
  const money = (amount: number) => formatMoney(amount, i18n.language);
  /** The stakes levels as options: the same list under "Stakes" and "Up to". */
  const stakeOptions = levels.map((level) => (
    <option key={level.key} value={level.key}>
      {money(level.small)} / {money(level.big)}
    </option>
  ));
  const figures = hasFigures(tables);
  // Play adds the table to the ones played at once; a fifth is refused here, with the reason.
  const [setFull, setSetFull] = useState(false);
  /** `takeHeldSeat`: the seat the waiting list holds for the player, its dialog opened at the table. */
  const open = (tableId: number, takeHeldSeat = false) => {
    if (!tableSet.canAdd(String(tableId))) return setSetFull(true);
    void navigate(
      `/table/${encodeURIComponent(String(tableId))}${takeHeldSeat ? `?${TAKE_HELD_SEAT_QUERY}` : ''}`,
    );
  };

  const shown = useMemo(() => applyView(tables, view), [tables, view]);

  const variantLabel = (table: LobbyTable) => t(`lobby.variants.${variantFamily(table.variant)}`);

  return (
    <section className="table-list">
      {setFull && (
        <div className="table-list__set-full" role="alert" data-testid="table-set-full">
          {t('multiTable.full', { max: MAX_TABLES })}
        </div>
      )}
      <WaitlistOffers lists={waitlists} tables={tables} onTake={(tableId) => open(tableId, true)} />
      <div className="table-list__filters">
        <label className="filter">
          <span className="filter__label">{t('lobby.filters.variant')}</span>
          <select
            className="native-select filter__select"
            value={view.variant}
            onChange={(event) =>
              update({ ...view, variant: event.target.value as VariantFamily | typeof ALL })
            }
          >
            <option value={ALL}>{t('lobby.filters.all')}</option>
            <option value="texas">{t('lobby.variants.texas')}</option>
            <option value="omaha">{t('lobby.variants.omaha')}</option>
          </select>
        </label>
        <span className="filter filter--range">
          <label className="filter">
            <span className="filter__label">{t('lobby.filters.stakes')}</span>
            <select
              className="native-select filter__select"
              value={view.stakes}
              onChange={(event) => update({ ...view, stakes: event.target.value })}
            >
              <option value={ALL}>{t('lobby.filters.all')}</option>
              {stakeOptions}
            </select>
          </label>
          <label className="filter">
            <span className="filter__label" aria-hidden="true">
              {t('lobby.filters.to')}
            </span>
            <select
              className="native-select filter__select filter__select--to"
              aria-label={t('lobby.filters.stakesTo')}
              value={view.stakesTo}
              onChange={(event) => update({ ...view, stakesTo: event.target.value })}
            >
              <option value={ALL}>{t('lobby.filters.any')}</option>
              {stakeOptions}
            </select>
          </label>
        </span>
        <label className="filter filter--check">
          <input
            type="checkbox"
            checked={view.hideFull}
            onChange={(event) => update({ ...view, hideFull: event.target.checked })}
          />
          <span>{t('lobby.filters.hideFull')}</span>
        </label>
        <label className="filter filter--check">
          <input
            type="checkbox"
            checked={view.hideEmpty}
            onChange={(event) => update({ ...view, hideEmpty: event.target.checked })}
          />
          <span>{t('lobby.filters.hideEmpty')}</span>
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
          <table className={figures ? 'tables tables--figures' : 'tables'}>
            <thead>
              <tr>
                {SPEC_COLUMNS.map((column) => (
                  <SortHeader
                    key={column}
                    column={column}
                    label={t(`lobby.columns.${column}`)}
                    view={view}
                    onSort={() => update(toggleSort(view, column))}
                  />
                ))}
                {figures &&
                  FIGURE_COLUMNS.map((column) => (
                    <SortHeader
                      key={column}
                      column={column}
                      label={t(`lobby.figures.${column}`)}
                      hint={t('lobby.lastHour')}
                      view={view}
                      onSort={() => update(toggleSort(view, column))}
                    />
                  ))}
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
                    {figures && (
                      <>
                        <td data-label={t('lobby.figures.averagePot')} className="tables__figure">
                          {money(table.averagePot ?? 0)}
                        </td>
                        <td data-label={t('lobby.figures.playersPerFlop')} className="tables__figure">
                          {table.playersPerFlop ?? 0}%
                        </td>
                        <td data-label={t('lobby.figures.handsPerHour')} className="tables__figure">
                          {table.handsPerHour ?? 0}
                        </td>
                      </>
                    )}
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
                          onClick={() => open(table.tableId)}
                        >
                          {full ? t('lobby.full') : t('lobby.play')}
                        </button>
                      )}
                      {isAuthenticated && (
                        <WaitlistCell table={table} list={waitlists.get(table.tableId)} full={full} />
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

/** A column header that sorts the list by its column: aria-sort says how; the arrow is drawn by CSS. */
function SortHeader({
  column,
  label,
  view,
  hint,
  onSort,
}: {
  column: SortColumn;
  label: string;
  view: LobbyView;
  /** Set for the figure columns (what they count), which a phone hides. */
  hint?: string;
  onSort: () => void;
}) {
  const sorted = view.sort === column;
  return (
    <th
      scope="col"
      className={hint ? 'tables__figure' : undefined}
      title={hint}
      aria-sort={sorted ? (view.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button type="button" className="tables__sort" onClick={onSort}>
        {label}
      </button>
    </th>
  );
}
