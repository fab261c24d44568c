import { App, Button, Descriptions, Input, Popconfirm, Result, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KICK_REASON_MAX } from '@tenger/protocol';
import { Link, useParams } from 'react-router';
import { formatMoney } from '../../app/money';
import { LIVE_SESSION_POLL_MS } from './adminConstants';
import { errorText } from './apiError';
import {
  useGetTableSessionQuery,
  useGetTablesQuery,
  useKickPlayerMutation,
  type LiveSession,
} from './adminEndpoints';
import { positiveId } from './ids';
import { TableChatLog } from './TableChatLog';
import { useSingleFlight } from './useSingleFlight';
import { ListTable } from './ListTable';
import { SimulationToggle } from './SimulationToggle';

type Seat = LiveSession['seats'][number];
type SeatStatus = NonNullable<Seat['status']>;

const SEAT_STATUS_COLOR: Record<SeatStatus, string> = {
  playing: 'green',
  waiting: 'blue',
  'sitting-out': 'default',
  leaving: 'orange',
};

/** The seat's state as the live table reports it, or as far as the idle table tells (sitting out or not). */
function seatStatus(seat: Seat): SeatStatus {
  if (seat.status && seat.status in SEAT_STATUS_COLOR) return seat.status;
  return seat.sittingOut ? 'sitting-out' : 'playing';
}

const SUIT_SYMBOL: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' };

/** A public card such as `Td` as `T♦`. */
export function cardLabel(card: string): string {
  const rank = card.slice(0, -1);
  const suit = card.slice(-1).toLowerCase();
  return `${rank}${SUIT_SYMBOL[suit] ?? suit}`;
}

/**
 * One table's live session as the admin API reports it, re-read every ~1.5 s: seats, stacks, connection,
 * hand number, pots, board and rake when the server sends them, with Kick per seat. Only public
 * information is shown: the page never reads or shows hole cards.
 */
export function TableSessionPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const tableId = positiveId(useParams().id);
  const session = useGetTableSessionQuery(tableId ?? 0, {
    skip: tableId === undefined,
    pollingInterval: LIVE_SESSION_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const table = useGetTablesQuery(undefined, { skip: tableId === undefined }).data?.find(
    (row) => row.tableId === tableId,
  );
  const [kick] = useKickPlayerMutation();
  /** The reason typed in the open kick dialog (one dialog is open at a time). */
  const [kickReason, setKickReason] = useState('');
  const guard = useSingleFlight(async (action: () => Promise<unknown>) => action());
  const money = (amount: number) => formatMoney(amount, i18n.language);

  if (tableId === undefined) return <Result status="404" title={t('admin.session.notFound')} />;
  if (session.isError && !session.data) {
    return (
      <Result
        status="warning"
        title={errorText(session.error, t)}
        extra={<Link to="/admin/table">{t('admin.session.backToTables')}</Link>}
      />
    );
  }
  const data = session.data;

  const attempt = (key: string, action: () => Promise<unknown>, success: string) =>
    guard.run(key, async () => {
      try {
        await action();
        void message.success(success);
      } catch (err) {
        void message.error(errorText(err, t));
      }
    });

  const kickSeat = (seat: Seat) =>
    attempt(
      `kick-${seat.userId}`,
      () => kick({ tableId, userId: seat.userId, reason: kickReason.trim() }).unwrap(),
      t('admin.session.kicked', { username: seat.username }),
    );

  return (
    <section aria-labelledby="admin-session-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={3} id="admin-session-title" style={{ margin: 0 }}>
          {t('admin.session.title', { name: table?.name ?? `#${tableId}` })}
        </Typography.Title>
        <Space wrap>
          <Link to="/admin/table">{t('admin.session.backToTables')}</Link>
          {data ? (
            <SimulationToggle
              table={{
                tableId,
                name: table?.name ?? `#${tableId}`,
                simulation: data.simulation,
                closed: data.status === 'closed',
              }}
            />
          ) : null}
        </Space>
      </Space>

      <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('admin.columns.status')}>
          {data ? (
            <Space size={4}>
              <Tag>{t(`admin.tables.status.${data.status}`)}</Tag>
              {data.simulation ? <Tag color="purple">{t('admin.tables.simulating')}</Tag> : null}
            </Space>
          ) : (
            '…'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.session.handNumber')}>
          <span data-testid="hand-number">{data?.handNumber ?? '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.session.players')}>
          {data ? `${data.seats.length} / ${table?.maxPlayers ?? '—'}` : '…'}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.session.board')}>
          {data?.board && data.board.length > 0 ? (
            <span aria-label={t('admin.session.board')}>{data.board.map(cardLabel).join(' ')}</span>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.session.pots')}>
          {data?.pots && data.pots.length > 0 ? data.pots.map((pot) => money(pot.amount)).join(' · ') : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.session.handsPlayed')}>
          {typeof data?.handsPlayed === 'number' ? data.handsPlayed : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin.session.rake')}>
          {typeof data?.rakeTaken === 'number' ? money(data.rakeTaken) : '—'}
        </Descriptions.Item>
      </Descriptions>

      <ListTable<Seat>
        rowKey="seat"
        size="middle"
        loading={session.isLoading}
        dataSource={data?.seats ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('admin.session.noPlayers') }}
        columns={[
          { title: t('admin.session.seat'), key: 'seat', render: (_value, seat) => seat.seat + 1 },
          {
            title: t('admin.columns.username'),
            key: 'username',
            render: (_value, seat) => (
              <Space size={4}>
                <span>{seat.username}</span>
                {seat.isBot ? <Tag color="purple">{t('admin.users.bot')}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('admin.session.stack'),
            dataIndex: 'stack',
            key: 'stack',
            align: 'right',
            render: (stack: number) => money(stack),
          },
          {
            title: t('admin.session.state'),
            key: 'state',
            render: (_value, seat) => (
              <Space size={4}>
                <Tag color={SEAT_STATUS_COLOR[seatStatus(seat)]}>
                  {t(`admin.session.seatStatus.${seatStatus(seat)}`)}
                </Tag>
                {seat.connected === false ? <Tag color="red">{t('admin.session.disconnected')}</Tag> : null}
                {seat.connected === true ? <Tag color="blue">{t('admin.session.connected')}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('admin.columns.actions'),
            key: 'actions',
            render: (_value, seat) => (
              <Popconfirm
                title={t('admin.session.kickConfirm', { username: seat.username })}
                description={
                  <Input.TextArea
                    aria-label={t('admin.session.kickReason')}
                    placeholder={t('admin.session.kickReason')}
                    maxLength={KICK_REASON_MAX}
                    showCount
                    autoSize={{ minRows: 2, maxRows: 4 }}
                    value={kickReason}
                    onChange={(event) => setKickReason(event.target.value)}
                  />
                }
                onOpenChange={(open) => {
                  if (open) setKickReason('');
                }}
                okText={t('admin.session.kick')}
                cancelText={t('admin.common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => kickSeat(seat)}
              >
                <Button size="small" danger loading={guard.isBusy(`kick-${seat.userId}`)}>
                  {t('admin.session.kick')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <TableChatLog tableId={tableId} />
    </section>
  );
}
