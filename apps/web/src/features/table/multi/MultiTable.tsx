import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { RealityCheck } from '../RealityCheck';
import { useTableSettings } from '../settings';
import TablePage from '../TablePage';
import {
  MAX_TABLES,
  tableSet as siteTableSet,
  useTableSet,
  type TableSet,
  type TableStatus,
} from './tableSet';
import { TableSlotContext, type TableSlot } from './tableSlot';
import { useTurnNotice } from './turnNotice';
import './multiTable.css';

/** Narrow or low screens (phones) switch tables by a tab strip; wider ones tile them. */
export const TABS_QUERY = '(max-width: 820px), (max-height: 480px)';

/**
 * `/table/{id}` with several tables at once (issue 23): the table in the address joins the set (up to
 * four) and takes the focus. A desktop tiles them (side by side, 2×2 for three or four); a phone shows the
 * focused one and a tab strip. Each table is an ordinary TablePage with its own socket, clock and state;
 * the one focused gets the hotkeys; a table where it is your turn is raised and its tab marked. With one
 * table the page is exactly the single table.
 */
export default function MultiTable({ set = siteTableSet }: { set?: TableSet }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const state = useTableSet(set);
  const tabs = useMediaQuery(TABS_QUERY);
  const settings = useTableSettings();
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);
  const [refused, setRefused] = useState(false);
  // How each table closes (its page knows: leave the seat first), for the tab strip's close button.
  const closers = useRef(new Map<string, () => void>());

  // The address's table joins the set (a fifth is refused: the address goes back to the focused one).
  useEffect(() => {
    if (!id) return;
    if (set.add(id) === 'full') {
      setRefused(true);
      const focused = set.getState().focused;
      if (focused) void navigate(`/table/${encodeURIComponent(focused)}`, { replace: true });
    }
  }, [id, set, navigate]);

  // Leaving for the lobby lets go of the tables only watched.
  useEffect(() => () => set.pruneWatched(), [set]);

  // Before the address's table has joined, show it (as long as there is room).
  const ids =
    state.ids.includes(id) || !id || state.ids.length >= MAX_TABLES ? state.ids : [...state.ids, id];
  const focused = state.ids.includes(id) ? (state.focused ?? id) : (state.focused ?? ids[0] ?? null);

  const focusTable = useCallback(
    (tableId: string) => {
      set.focus(tableId);
      if (tableId !== id) void navigate(`/table/${encodeURIComponent(tableId)}`, { replace: true });
    },
    [set, id, navigate],
  );
  const closeTable = useCallback(
    (tableId: string) => {
      closers.current.delete(tableId);
      set.close(tableId);
      setRefused(false);
      const next = set.getState().focused;
      void navigate(next ? `/table/${encodeURIComponent(next)}` : '/', { replace: next !== null });
    },
    [set, navigate],
  );

  const turnTables = useMemo(
    () =>
      ids.map((tableId) => ({
        id: tableId,
        name: state.status[tableId]?.name ?? null,
        yourTurn: state.status[tableId]?.yourTurn ?? false,
      })),
    [ids, state.status],
  );
  useTurnNotice(turnTables, focused, settings, focusTable);

  const several = ids.length > 1;
  const seatedSomewhere = ids.some((tableId) => state.status[tableId]?.seated);
  const name = (tableId: string) => state.status[tableId]?.name ?? `#${tableId}`;

  return (
    <div
      className={`mt mt--n${ids.length}${tabs ? ' mt--tabs' : ' mt--tiles'}`}
      data-testid="multi-table"
      data-focused={focused ?? undefined}
    >
      {isAuthenticated && seatedSomewhere && <RealityCheck />}
      {several && tabs && (
        <nav className="mt-tabs" aria-label={t('multiTable.tables')}>
          <div className="mt-tabs__list" role="tablist" aria-label={t('multiTable.tables')}>
            {ids.map((tableId) => {
              const turn = state.status[tableId]?.yourTurn ?? false;
              return (
                <button
                  key={tableId}
                  type="button"
                  role="tab"
                  aria-selected={tableId === focused}
                  className={`mt-tab${turn ? ' mt-tab--turn' : ''}`}
                  data-testid={`table-tab-${tableId}`}
                  data-your-turn={turn || undefined}
                  onClick={() => focusTable(tableId)}
                >
                  <span className="mt-tab__name">{name(tableId)}</span>
                  {turn && (
                    <span className="mt-tab__turn" aria-label={t('table.yourTurn')}>
                      ●
                    </span>
                  )}
                </button>
              );
            })}
          </div>
          {focused && (
            <button
              type="button"
              className="mt-tabs__button"
              aria-label={t('multiTable.close', { table: name(focused) })}
              title={t('multiTable.close', { table: name(focused) })}
              onClick={() => closers.current.get(focused)?.()}
            >
              ×
            </button>
          )}
          {ids.length < MAX_TABLES && (
            <Link
              className="mt-tabs__button"
              to="/"
              aria-label={t('multiTable.add')}
              title={t('multiTable.add')}
            >
              +
            </Link>
          )}
        </nav>
      )}
      {refused && (
        <div className="mt-refused" role="alert" data-testid="table-set-full">
          <span>{t('multiTable.full', { max: MAX_TABLES })}</span>
          <button type="button" className="btn" onClick={() => setRefused(false)}>
            {t('multiTable.dismiss')}
          </button>
        </div>
      )}
      <div className="mt-grid">
        {ids.map((tableId, index) => (
          <Tile
            key={tableId}
            tableId={tableId}
            focused={tableId === focused}
            leader={index === 0}
            several={several}
            tabs={tabs}
            closers={closers}
            hidden={tabs && several && tableId !== focused}
            status={state.status[tableId]}
            set={set}
            onFocus={focusTable}
            onClose={closeTable}
          />
        ))}
      </div>
    </div>
  );
}

function Tile(props: {
  tableId: string;
  focused: boolean;
  leader: boolean;
  several: boolean;
  tabs: boolean;
  closers: { current: Map<string, () => void> };
  hidden: boolean;
  status: TableStatus | undefined;
  set: TableSet;
  onFocus: (id: string) => void;
  onClose: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { tableId, focused, leader, several, tabs, closers, set, onFocus, onClose } = props;
  const slot = useMemo<TableSlot>(
    () => ({
      tableId,
      focused,
      leader,
      several,
      tabs,
      setCloser: (close) => void closers.current.set(tableId, close),
      report: (status) => set.report(tableId, status),
      close: () => onClose(tableId),
      moved: (to) => set.replace(tableId, to),
    }),
    [tableId, focused, leader, several, tabs, closers, set, onClose],
  );
  const turn = props.status?.yourTurn ?? false;
  return (
    <section
      className={`mt-tile${focused && several ? ' mt-tile--focused' : ''}${turn && several ? ' mt-tile--turn' : ''}`}
      hidden={props.hidden}
      aria-label={several ? (props.status?.name ?? `#${tableId}`) : undefined}
      data-testid={`table-tile-${tableId}`}
      data-focused={focused || undefined}
      data-your-turn={turn || undefined}
      onPointerDownCapture={() => onFocus(tableId)}
      onFocusCapture={() => onFocus(tableId)}
    >
      {several && turn && !tabs && (
        <div className="mt-tile__turn" aria-hidden="true">
          {t('table.yourTurn')}
        </div>
      )}
      <TableSlotContext value={slot}>
        <TablePage tableId={tableId} />
      </TableSlotContext>
    </section>
  );
}

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const media = window.matchMedia?.(query);
    if (!media) return;
    setMatches(media.matches);
    const onChange = () => setMatches(media.matches);
    media.addEventListener?.('change', onChange);
    return () => media.removeEventListener?.('change', onChange);
  }, [query]);
  return matches;
}
