import type { MyTournament } from '@tenger/protocol';
import { Table } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetMyTournamentsQuery } from '../../api/userApi';
import { GAME_HISTORY_PAGE_SIZE } from '../../app/constants';
import { formatDateTime } from '../../app/dates';
import { formatMoney } from '../../app/money';

/** How the tournament went for the player: the place once out, else where it stands. */
export function resultOf(entry: MyTournament, t: TFunction): string {
  if (entry.place !== null)
    return t('profile.tournaments.placeOf', { place: entry.place, entrants: entry.entrants });
  switch (entry.status) {
    case 'scheduled':
    case 'registering':
      return t('profile.tournaments.registered');
    case 'running':
    case 'break':
      return t('profile.tournaments.playing');
    case 'cancelled':
      return t('profile.tournaments.cancelled');
    default:
      return '—';
  }
}

/** The profile's Tournaments tab: name, date, buy-in + fee, place and prize of each tournament entered. */
export function MyTournamentsTab() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(GAME_HISTORY_PAGE_SIZE);
  const { data, isFetching } = useGetMyTournamentsQuery(
    { page, pageSize },
    { refetchOnMountOrArgChange: true },
  );
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const dateOf = (row: MyTournament) => formatDateTime(row.finishedAt ?? row.registeredAt, i18n.language);
  const entryOf = (row: MyTournament) => `${money(row.buyIn)} + ${money(row.fee)}`;
  return (
    <Table<MyTournament>
      className="my-tournaments"
      rowKey={(row) => row.tournamentId}
      dataSource={data?.items ?? []}
      loading={isFetching}
      size="middle"
      // Cells wrap to fit the screen first; the list scrolls in its own box only past that.
      scroll={{ x: true }}
      locale={{ emptyText: t('profile.tournaments.empty') }}
      pagination={{
        current: page,
        pageSize,
        total: data?.total ?? 0,
        hideOnSinglePage: true,
        onChange: (nextPage, nextSize) => {
          setPage(nextSize !== pageSize ? 1 : nextPage);
          setPageSize(nextSize);
        },
      }}
      columns={[
        {
          title: t('tournament.columns.name'),
          key: 'name',
          render: (_value, row) => (
            <>
              <Link to={`/tournament/${encodeURIComponent(String(row.tournamentId))}`}>{row.name}</Link>
              {/* On a phone the date and the entry fold under the name, so place and prize stay in view. */}
              <div className="my-tournaments__sub">{dateOf(row)}</div>
              <div className="my-tournaments__sub">{entryOf(row)}</div>
            </>
          ),
        },
        {
          title: t('profile.columns.date'),
          key: 'date',
          responsive: ['sm'],
          render: (_value, row) => dateOf(row),
        },
        {
          title: t('tournament.columns.buyIn'),
          key: 'buyIn',
          align: 'right',
          responsive: ['sm'],
          render: (_value, row) => entryOf(row),
        },
        {
          title: t('profile.tournaments.place'),
          key: 'place',
          render: (_value, row) => resultOf(row, t),
        },
        {
          title: t('profile.tournaments.prize'),
          key: 'prize',
          align: 'right',
          className: 'my-tournaments__prize',
          render: (_value, row) => (row.prize > 0 ? money(row.prize) : '—'),
        },
      ]}
    />
  );
}
