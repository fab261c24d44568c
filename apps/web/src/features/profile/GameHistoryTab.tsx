import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Outcome } from '../../api/types';
import { useGetOutcomeQuery } from '../../api/userApi';
import { GAME_HISTORY_PAGE_SIZE } from '../../app/constants';
import { formatDateTime } from '../../app/dates';
import { balanceEffect, SignedAmount } from './SignedAmount';
import { HandHistoryDownload } from './HandHistoryDownload';
import { outcomeLabelKey } from './outcomeLabel';

/** The link to a hand's replay: the table page opens the hand given in ?hand=. */
export function handReplayPath(tableId: number | string, handId: string): string {
  return `/table/${encodeURIComponent(String(tableId))}?hand=${encodeURIComponent(handId)}`;
}

/** Game history (outcome): code, type, amount, date; paged by the server; hands link to their replay. */
export function GameHistoryTab() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(GAME_HISTORY_PAGE_SIZE);
  const { data, isFetching } = useGetOutcomeQuery({ page, pageSize });
  return (
    <>
      <HandHistoryDownload />
      <Table<Outcome>
        rowKey={(row) => row.outcomeId}
        dataSource={data?.items ?? []}
        loading={isFetching}
        size="middle"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('profile.history.empty') }}
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
          { title: t('profile.columns.code'), dataIndex: 'code', key: 'code' },
          {
            title: t('profile.columns.type'),
            dataIndex: 'type',
            key: 'type',
            render: (type: string, row) => t(outcomeLabelKey(type, row.amount)),
          },
          {
            title: t('profile.columns.amount'),
            dataIndex: 'amount',
            key: 'amount',
            align: 'right',
            render: (amount: number, row) => <SignedAmount amount={balanceEffect(row.type, amount)} />,
          },
          {
            title: t('profile.columns.date'),
            key: 'date',
            render: (_value, row) => formatDateTime(row.date, i18n.language),
          },
          {
            title: t('profile.columns.hand'),
            key: 'hand',
            render: (_value, row) =>
              row.type === 'gameplay' && row.tableId !== null && row.handId ? (
                <Link to={handReplayPath(row.tableId, row.handId)}>{t('profile.history.replay')}</Link>
              ) : null,
          },
        ]}
      />
    </>
  );
}
