import type { AdminUser, SecurityFlag, SecurityFlagsResponse, SuspendRequest } from '@tenger/protocol';
import { Alert, Button, Card, Form, Input, Modal, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../../api/adminApi';
import { formatDateTime } from '../../app/dates';
import { handReplayPath } from '../profile/GameHistoryTab';
import { errorText } from './apiError';
import { useGetSettingsQuery, useUpdateSettingsMutation } from './adminEndpoints';
import { ListTable } from './ListTable';
import { useSingleFlight } from './useSingleFlight';

const securityApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** The detectors' flags (hands settled since the last look are read first) and players' reports. */
    getSecurityFlags: build.query<SecurityFlagsResponse, void>({
      query: () => '/security/flags',
      providesTags: ['Security'],
    }),
    /** Suspends an account pending review: a block with its reason, audited. */
    suspendPlayer: build.mutation<AdminUser, SuspendRequest>({
      query: (body) => ({ url: '/security/suspend', method: 'POST', body }),
      invalidatesTags: ['Security', 'UserList', 'Audit'],
    }),
  }),
});

export const { useGetSecurityFlagsQuery, useSuspendPlayerMutation } = securityApi;

interface Suspending {
  userId: number;
  username: string;
}

/**
 * The security desk (issue 24 part 5): what the detectors over stored hands flag (chip dumping, soft
 * play, co-seating, shared addresses, bot-like timing, long sittings) and what players report, each
 * with its hands opening in Replay; an administrator suspends a player pending review.
 */
export function SecurityPage() {
  const { t, i18n } = useTranslation();
  const flags = useGetSecurityFlagsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [suspending, setSuspending] = useState<Suspending | null>(null);
  const items = flags.data?.items ?? [];

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3}>{t('admin.security.title')}</Typography.Title>
      <Typography.Paragraph type="secondary" data-testid="security-scanned">
        {flags.data
          ? t('admin.security.scanned', {
              hands: flags.data.scannedHands.toLocaleString(i18n.language),
              at: flags.data.scannedAt ? formatDateTime(flags.data.scannedAt, i18n.language) : '—',
            })
          : null}
      </Typography.Paragraph>
      {flags.error ? <Alert type="error" showIcon message={errorText(flags.error, t)} /> : null}
      <SharedAddressSetting />
      <ListTable<SecurityFlag>
        rowKey={(flag) => `${flag.kind}:${flag.userIds.join('-')}:${flag.at}:${flag.reason}`}
        loading={flags.isFetching}
        dataSource={items}
        pagination={{ pageSize: 25, hideOnSinglePage: true }}
        locale={{ emptyText: t('admin.security.empty') }}
        columns={[
          {
            key: 'kind',
            title: t('admin.security.columns.kind'),
            render: (_: unknown, flag: SecurityFlag) => (
              <Tag color={flag.kind === 'report' ? 'blue' : 'red'}>
                {t(`admin.security.kinds.${flag.kind}`)}
              </Tag>
            ),
          },
          {
            key: 'players',
            title: t('admin.security.columns.players'),
            render: (_: unknown, flag: SecurityFlag) => flag.usernames.join(', '),
          },
          { key: 'score', title: t('admin.security.columns.score'), dataIndex: 'score' },
          {
            key: 'why',
            title: t('admin.security.columns.why'),
            render: (_: unknown, flag: SecurityFlag) => <FlagExplanation flag={flag} />,
          },
          {
            key: 'hands',
            title: t('admin.security.columns.hands'),
            render: (_: unknown, flag: SecurityFlag) => <EvidenceHands flag={flag} />,
          },
          {
            key: 'actions',
            title: t('admin.security.columns.actions'),
            render: (_: unknown, flag: SecurityFlag) => (
              <Space wrap>
                {flag.userIds.map((userId, i) => (
                  <Button
                    key={userId}
                    danger
                    size="small"
                    onClick={() => setSuspending({ userId, username: flag.usernames[i] ?? `#${userId}` })}
                  >
                    {t('admin.security.suspend', { username: flag.usernames[i] ?? `#${userId}` })}
                  </Button>
                ))}
              </Space>
            ),
          },
        ]}
      />
      {suspending ? <SuspendDialog player={suspending} onClose={() => setSuspending(null)} /> : null}
    </Space>
  );
}

/** The flag's reason in the reader's language, from its kind and figures (a report: the reporter's words). */
function FlagExplanation({ flag }: { flag: SecurityFlag }) {
  const { t, i18n } = useTranslation();
  const figures = Object.fromEntries(
    Object.entries(flag.measures).map(([key, value]) => [key, value.toLocaleString(i18n.language)]),
  );
  if (flag.kind === 'report') {
    return (
      <Typography.Text>
        {t('admin.security.explain.report', { ...figures, reporter: flag.reportedBy ?? '' })}
        <br />
        <Typography.Text italic>“{flag.reason}”</Typography.Text>
      </Typography.Text>
    );
  }
  return <Typography.Text>{t(`admin.security.explain.${flag.kind}`, figures)}</Typography.Text>;
}

/** The evidence hands, each opening in Replay at its table. */
function EvidenceHands({ flag }: { flag: SecurityFlag }) {
  const { t } = useTranslation();
  if (flag.handIds.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap>
      {flag.handIds.map((handId, i) => {
        const tableId = flag.handTables[handId];
        const label = t('admin.security.hand', { n: i + 1 });
        return tableId ? (
          <Link key={handId} to={handReplayPath(tableId, handId)} title={handId}>
            {label}
          </Link>
        ) : (
          <Typography.Text key={handId} type="secondary" title={handId}>
            {label}
          </Typography.Text>
        );
      })}
    </Space>
  );
}

/** The setting that refuses a second seat from one address at one table (off by default). */
function SharedAddressSetting() {
  const { t } = useTranslation();
  const settings = useGetSettingsQuery();
  const [update, state] = useUpdateSettingsMutation();
  const refuse = settings.data?.security?.refuseSharedAddress ?? false;
  return (
    <Card size="small">
      <Space align="start">
        <Switch
          checked={refuse}
          loading={settings.isLoading || state.isLoading}
          aria-label={t('admin.security.refuseSharedAddress')}
          onChange={(checked) => void update({ security: { refuseSharedAddress: checked } })}
        />
        <div>
          <Typography.Text strong>{t('admin.security.refuseSharedAddress')}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{t('admin.security.refuseSharedAddressHelp')}</Typography.Text>
        </div>
      </Space>
    </Card>
  );
}

/** Suspends the player pending review, with a reason (it goes to the audit log). */
function SuspendDialog({ player, onClose }: { player: Suspending; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  const [error, setError] = useState<string | null>(null);
  const [suspend] = useSuspendPlayerMutation();
  const guard = useSingleFlight(async (values: { reason?: string }) => {
    try {
      await suspend({ userId: player.userId, reason: (values.reason ?? '').trim() }).unwrap();
      onClose();
    } catch (err) {
      setError(errorText(err, t));
    }
  });
  return (
    <Modal
      open
      title={t('admin.security.suspendTitle', { username: player.username })}
      okText={t('admin.security.suspendConfirm')}
      okButtonProps={{ danger: true }}
      cancelText={t('admin.common.cancel')}
      confirmLoading={guard.anyBusy}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph>{t('admin.security.suspendHelp')}</Typography.Paragraph>
      <Form form={form} name="suspend" layout="vertical" onFinish={(values) => guard.run('suspend', values)}>
        <Form.Item
          name="reason"
          label={t('admin.security.reason')}
          rules={[{ required: true, whitespace: true, message: t('admin.security.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon message={error} /> : null}
    </Modal>
  );
}
