import type { Outcome, OutcomeType } from '@tenger/protocol';
import { Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../app/dates';
import { handReplayPath } from '../profile/GameHistoryTab';
import { outcomeLabelKey } from '../profile/outcomeLabel';
import { balanceEffect, SignedAmount } from '../profile/SignedAmount';
import { ADMIN_PAGE_SIZE } from './adminConstants';
import { useGetUserMailsQuery, useGetUserOutcomesQuery } from './adminEndpoints';
import { errorText } from './apiError';
import { positiveId } from './ids';
import { ListTable } from './ListTable';
import { UserAccountCard } from './UserAccountCard';

type TypeFilter = OutcomeType | 'all';
const TYPES: TypeFilter[] = [
  'all',
  'gameplay',
  'buy_in',
  'recharge',
  'leave_seat',
  'bonus',
  'tournament_buy_in',
  'tournament_refund',
  'tournament_prize',
  'tournament_bounty',
  'tournament_ticket',
  'tournament_ticket_entry',
  'tournament_ticket_return',
  'tournament_ticket_refund',
];

/** One user's game history (/admin/user/history?userId=): the rows the player sees under History. */
export function UserHistoryPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const userId = positiveId(searchParams.get('userId'));
  return (
    <section aria-labelledby="admin-history-title">
      <Typography.Title level={3} id="admin-history-title">
        {t('admin.history.title', { userId: userId ?? '?' })}
      </Typography.Title>
      <p>
        <Link to="/admin">{t('admin.history.back')}</Link>
      </p>
      {userId ? <UserAccountCard userId={userId} /> : null}
      {userId ? <OutcomeTable userId={userId} /> : <Typography.Text>{t('admin.notFound')}</Typography.Text>}
      {userId ? <RecentMails userId={userId} /> : null}
    </section>
  );
}

function OutcomeTable({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const [type, setType] = useState<TypeFilter>('all');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(ADMIN_PAGE_SIZE);
  const { data, isFetching, error } = useGetUserOutcomesQuery({
    userId,
    type: type === 'all' ? undefined : type,
    page,
    pageSize,
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<TypeFilter>
          aria-label={t('admin.history.filter')}
          value={type}
          onChange={(value) => {
            setType(value);
            setPage(1);
          }}
          options={TYPES.map((value) => ({
            value,
            label: value === 'all' ? t('admin.history.all') : t(`profile.history.types.${value}`),
          }))}
        />
      </Space>
      {error ? <Typography.Paragraph type="danger">{errorText(error, t)}</Typography.Paragraph> : null}
      <ListTable<Outcome>
        rowKey="outcomeId"
        size="middle"
        loading={isFetching}
        dataSource={data?.items ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('admin.history.empty') }}
        pagination={{
          current: page,
          pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
        columns={[
          { title: t('admin.columns.code'), dataIndex: 'code', key: 'code' },
          {
            title: t('admin.history.type'),
            dataIndex: 'type',
            key: 'type',
            render: (value: OutcomeType, row) => t(outcomeLabelKey(value, row.amount)),
          },
          {
            title: t('admin.columns.amount'),
            dataIndex: 'amount',
            key: 'amount',
            align: 'right',
            render: (amount: number, row) => <SignedAmount amount={balanceEffect(row.type, amount)} />,
          },
          {
            title: t('admin.columns.date'),
            dataIndex: 'date',
            key: 'date',
            render: (value: string) => formatDateTime(value, i18n.language),
          },
          {
            title: t('admin.history.table'),
            dataIndex: 'tableId',
            key: 'tableId',
            render: (tableId: number | null) =>
              tableId === null ? '—' : <Link to={`/admin/table/${tableId}`}>#{tableId}</Link>,
          },
          {
            title: t('admin.history.hand'),
            dataIndex: 'handId',
            key: 'handId',
            render: (handId: string | null, row) =>
              handId === null ? (
                '—'
              ) : row.tableId === null ? (
                <Typography.Text code>{handId}</Typography.Text>
              ) : (
                <Link to={handReplayPath(row.tableId, handId)} title={t('admin.history.replay')}>
                  <Typography.Text code>{handId}</Typography.Text>
                </Link>
              ),
          },
        ]}
      />
    </>
  );
}

const MAIL_STATUS_COLOR = { sent: 'success', 'not-sent': 'error', 'log-only': 'warning' } as const;

/** The latest mails to the user (password resets…): subject, time and whether it left; never the text. */
function RecentMails({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const { data = [], isFetching, error } = useGetUserMailsQuery(userId);
  return (
    <section aria-labelledby="admin-mails-title" style={{ marginTop: 24 }}>
      <Typography.Title level={4} id="admin-mails-title">
        {t('admin.mails.title')}
      </Typography.Title>
      {error ? <Typography.Paragraph type="danger">{errorText(error, t)}</Typography.Paragraph> : null}
      <ListTable
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data}
        pagination={false}
        locale={{ emptyText: t('admin.mails.empty') }}
        columns={[
          {
            title: t('admin.mails.when'),
            dataIndex: 'createdAt',
            key: 'createdAt',
            render: (value: string) => formatDateTime(value, i18n.language),
          },
          { title: t('admin.mails.subject'), dataIndex: 'subject', key: 'subject' },
          {
            title: t('admin.mails.status'),
            dataIndex: 'status',
            key: 'status',
            render: (status: keyof typeof MAIL_STATUS_COLOR) => (
              <Tag color={MAIL_STATUS_COLOR[status]}>{t(`admin.mails.statuses.${status}`)}</Tag>
            ),
          },
        ]}
      />
    </section>
  );
}
