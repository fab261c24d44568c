import type { AdminChatLine, AdminChatLog, ChatMuteRequest, MessageResponse } from '@tenger/protocol';
import { App, Button, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/adminApi';
import { formatDateTime } from '../../app/dates';
import { errorText } from './apiError';
import { useSingleFlight } from './useSingleFlight';

const chatEndpoints = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getTableChat: build.query<AdminChatLog, number>({
      query: (tableId) => ({ url: '/table/chat', params: { tableId: String(tableId), limit: '200' } }),
      providesTags: ['TableSession'],
    }),
    setChatMute: build.mutation<MessageResponse, ChatMuteRequest>({
      query: (body) => ({ url: '/user/chat-mute', method: 'PUT', body }),
      invalidatesTags: ['TableSession', 'Audit'],
    }),
  }),
});
const { useGetTableChatQuery, useSetChatMuteMutation } = chatEndpoints;

/**
 * A table's chat log for administrators (last 30 days, newest first): the line as the table read it and,
 * when the word filter changed it, as typed; mute or unmute the author at every table (audited).
 */
export function TableChatLog({ tableId }: { tableId: number }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const chat = useGetTableChatQuery(tableId);
  const [setMute] = useSetChatMuteMutation();
  const guard = useSingleFlight(async (request: ChatMuteRequest) => {
    try {
      await setMute(request).unwrap();
      void message.success(t(request.muted ? 'adminChat.mutedDone' : 'adminChat.unmutedDone'));
    } catch (error) {
      void message.error(errorText(error, t));
    }
  });

  return (
    <section aria-labelledby="admin-chat-title" style={{ marginTop: 24 }} data-testid="admin-chat-log">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={4} id="admin-chat-title" style={{ margin: 0 }}>
          {t('adminChat.title')}
        </Typography.Title>
        <Button onClick={() => void chat.refetch()} loading={chat.isFetching}>
          {t('adminChat.refresh')}
        </Button>
      </Space>
      <Table<AdminChatLine>
        rowKey="id"
        size="small"
        style={{ marginTop: 12 }}
        scroll={{ x: true }}
        loading={chat.isLoading}
        dataSource={chat.data?.lines ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        locale={{ emptyText: t('adminChat.empty') }}
        columns={[
          {
            title: t('adminChat.time'),
            key: 'time',
            render: (_value, line) => formatDateTime(new Date(line.time).toISOString(), i18n.language),
          },
          {
            title: t('adminChat.player'),
            key: 'player',
            render: (_value, line) => (
              <Space size={4}>
                <span>{line.username}</span>
                {line.muted ? <Tag color="red">{t('adminChat.muted')}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('adminChat.text'),
            key: 'text',
            render: (_value, line) => (
              <span>
                {line.text}
                {line.original !== line.text ? (
                  <Typography.Text type="secondary" style={{ display: 'block' }}>
                    {t('adminChat.original', { text: line.original })}
                  </Typography.Text>
                ) : null}
              </span>
            ),
          },
          {
            title: t('admin.columns.actions'),
            key: 'actions',
            render: (_value, line) => (
              <Button
                size="small"
                danger={!line.muted}
                loading={guard.isBusy(`mute-${line.userId}`)}
                onClick={() =>
                  void guard.run(`mute-${line.userId}`, { userId: line.userId, muted: !line.muted })
                }
              >
                {line.muted ? t('adminChat.unmute') : t('adminChat.mute')}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
