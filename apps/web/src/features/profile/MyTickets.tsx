import type { TournamentTicket } from '@tenger/protocol';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGetMyTicketsQuery } from '../../api/userApi';
import { formatMoney } from '../../app/money';

/**
 * The profile's Tickets list (satellites): each ticket's target tournament, value and status (ready to
 * use, used, refunded in cash). Shown only to a player who has won a ticket.
 */
export function MyTickets() {
  const { t, i18n } = useTranslation();
  const { data } = useGetMyTicketsQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!data || data.length === 0) return null;
  return (
    <section className="my-tickets" aria-label={t('profile.tickets.title')}>
      <h3>{t('profile.tickets.title')}</h3>
      <Table<TournamentTicket>
        rowKey={(row) => row.ticketId}
        dataSource={data}
        size="small"
        pagination={false}
        scroll={{ x: true }}
        columns={[
          {
            title: t('profile.tickets.target'),
            key: 'target',
            render: (_value, row) => (
              <>
                <Link to={`/tournament/${encodeURIComponent(String(row.targetId))}`}>{row.targetName}</Link>
                <div className="my-tickets__from">
                  {t('profile.tickets.from', { name: row.satelliteName })}
                </div>
              </>
            ),
          },
          {
            title: t('profile.tickets.value'),
            key: 'value',
            align: 'right',
            render: (_value, row) => formatMoney(row.value, i18n.language),
          },
          {
            title: t('profile.tickets.status'),
            key: 'status',
            render: (_value, row) => t(`profile.tickets.${row.status}`),
          },
        ]}
      />
    </section>
  );
}
