import type { AdminUser, Role } from '@tenger/protocol';
import { App, Button, Input, Popconfirm, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { bankName } from '../../app/bankName';
import { formatDateTime } from '../../app/dates';
import { useAppSelector } from '../../app/hooks';
import { formatMoney } from '../../app/money';
import { ADMIN_PAGE_SIZE } from './adminConstants';
import { errorText } from './apiError';
import { AdjustmentDialog } from './AdjustmentDialog';
import {
  useBlockUserMutation,
  useDeleteUserMutation,
  useSearchUsersQuery,
  useUnblockUserMutation,
  useUpdateRoleMutation,
} from './adminEndpoints';
import { ResetSecondFactorButton } from './ResetSecondFactorButton';
import { useSingleFlight } from './useSingleFlight';
import { ListTable } from './ListTable';

const ROLES: Role[] = ['PLAYER', 'ADMIN'];

/** The list shows people or the simulation's bots, apart (or everyone). */
type UserKind = 'people' | 'bots' | 'all';
const KIND_IS_BOT: Record<UserKind, boolean | undefined> = { people: false, bots: true, all: undefined };

/**
 * Users: search and paging; balances, role, bank account, dates; change role; block and unblock;
 * adjust a balance; delete (refused by the server while the account holds money).
 */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const myId = useAppSelector((state) => state.auth.userInfo?.userId);
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<UserKind>('people');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(ADMIN_PAGE_SIZE);
  const { data, isFetching, error } = useSearchUsersQuery({
    q: q || undefined,
    isBot: KIND_IS_BOT[kind],
    page,
    pageSize,
  });
  const [deleteUser] = useDeleteUserMutation();
  const [blockUser] = useBlockUserMutation();
  const [unblockUser] = useUnblockUserMutation();
  const [updateRole] = useUpdateRoleMutation();
  const [adjusting, setAdjusting] = useState<AdminUser | null>(null);
  const isMe = (userId: number) => myId !== undefined && String(myId) === String(userId);
  const guard = useSingleFlight(async (action: () => Promise<unknown>) => action());

  const remove = (user: AdminUser) =>
    guard.run(`delete-${user.userId}`, async () => {
      try {
        await deleteUser(user.userId).unwrap();
        void message.success(t('admin.users.deleted', { username: user.username }));
      } catch (err) {
        void message.error(errorText(err, t));
      }
    });

  const setBlocked = (user: AdminUser, blocked: boolean) =>
    guard.run(`block-${user.userId}`, async () => {
      try {
        await (blocked ? blockUser : unblockUser)(user.userId).unwrap();
        void message.success(
          t(blocked ? 'admin.users.blockedDone' : 'admin.users.unblockedDone', { username: user.username }),
        );
      } catch (err) {
        void message.error(errorText(err, t));
      }
    });

  const changeRole = (user: AdminUser, role: Role) => {
    modal.confirm({
      // One sentence per role: the article (a Player, an Administrator) belongs to the role's word.
      title: t(`admin.roleConfirm.${role}`, { username: user.username }),
      okText: t('admin.common.confirm'),
      cancelText: t('admin.common.cancel'),
      onOk: () =>
        guard.run(`role-${user.userId}`, async () => {
          try {
            const done = await updateRole({ userId: user.userId, role }).unwrap();
            if ('grantId' in done)
              void message.info(t('admin.users.roleRequested', { username: user.username }));
            else void message.success(t('admin.users.roleChanged'));
          } catch (err) {
            void message.error(errorText(err, t));
          }
        }),
    });
  };

  return (
    <section aria-labelledby="admin-users-title">
      <Typography.Title level={3} id="admin-users-title">
        {t('admin.users.title')}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<UserKind>
          aria-label={t('admin.users.kind.label')}
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPage(1);
          }}
          options={(['people', 'bots', 'all'] as const).map((value) => ({
            value,
            label: t(`admin.users.kind.${value}`),
          }))}
        />
        <Input.Search
          allowClear
          aria-label={t('admin.users.search')}
          placeholder={t('admin.users.searchPlaceholder')}
          onSearch={(value) => {
            setQ(value.trim());
            setPage(1);
          }}
          style={{ maxWidth: 420 }}
        />
      </Space>
      {error ? <Typography.Paragraph type="danger">{errorText(error, t)}</Typography.Paragraph> : null}
      <ListTable<AdminUser>
        rowKey="userId"
        size="middle"
        loading={isFetching}
        dataSource={data?.items ?? []}
        scroll={{ x: 'max-content' }}
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
        locale={{ emptyText: t('admin.users.empty') }}
        columns={[
          { title: t('admin.columns.id'), dataIndex: 'userId', key: 'userId' },
          {
            title: t('admin.columns.username'),
            key: 'username',
            // A long name breaks onto a second line (with its tags) so every column fits a 1,366 px screen.
            width: 150,
            render: (_value, user) => (
              <Space size={4} wrap>
                <span style={{ overflowWrap: 'anywhere' }}>{user.username}</span>
                {user.isBot ? <Tag color="purple">{t('admin.users.bot')}</Tag> : null}
                {user.status === 'blocked' ? <Tag color="red">{t('admin.users.blocked')}</Tag> : null}
                {user.status === 'deleted' ? <Tag>{t('admin.users.deletedTag')}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('admin.columns.email'),
            dataIndex: 'email',
            key: 'email',
            // A long address is cut (shown whole on hover) so every column fits a 1,366 px screen.
            width: 190,
            ellipsis: { showTitle: true },
          },
          {
            title: t('admin.columns.balance'),
            dataIndex: 'balance',
            key: 'balance',
            align: 'right',
            render: (amount: number) => formatMoney(amount, i18n.language),
          },
          {
            title: t('admin.columns.locked'),
            dataIndex: 'locked',
            key: 'locked',
            align: 'right',
            render: (amount: number) => formatMoney(amount, i18n.language),
          },
          {
            title: t('admin.columns.role'),
            key: 'role',
            render: (_value, user) => (
              <Select<Role>
                aria-label={t('admin.users.roleOf', { username: user.username })}
                value={user.role}
                disabled={
                  isMe(user.userId) || user.status !== 'active' || guard.isBusy(`role-${user.userId}`)
                }
                style={{ minWidth: 120 }}
                options={ROLES.map((role) => ({ value: role, label: t(`admin.roles.${role}`) }))}
                onChange={(role) => changeRole(user, role)}
              />
            ),
          },
          {
            title: t('admin.columns.bankAccount'),
            key: 'bank',
            render: (_value, user) =>
              `${user.bank ? bankName(user.bank, t) : '—'} · ${user.accountNumber || '—'}`,
          },
          {
            title: t('admin.columns.created'),
            dataIndex: 'createdAt',
            key: 'createdAt',
            render: (value: string) => formatDateTime(value, i18n.language),
          },
          {
            title: t('admin.columns.lastSeen'),
            dataIndex: 'lastSeenAt',
            key: 'lastSeenAt',
            render: (value: string | null) =>
              value ? formatDateTime(value, i18n.language) : t('admin.users.neverSeen'),
          },
          {
            title: t('admin.columns.actions'),
            key: 'actions',
            render: (_value, user) => (
              <Space wrap size="small">
                <Link to={`/admin/deposit?userId=${user.userId}`}>{t('admin.users.deposits')}</Link>
                <Link to={`/admin/withdraw?userId=${user.userId}`}>{t('admin.users.withdrawals')}</Link>
                <Link to={`/admin/user/history?userId=${user.userId}`}>{t('admin.users.history')}</Link>
                {user.status !== 'deleted' && !user.isBot ? (
                  <Button size="small" onClick={() => setAdjusting(user)}>
                    {t('admin.money.adjust')}
                  </Button>
                ) : null}
                {user.status === 'active' && !isMe(user.userId) ? (
                  <Popconfirm
                    title={t('admin.users.blockConfirm', { username: user.username })}
                    okText={t('admin.users.block')}
                    cancelText={t('admin.common.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => setBlocked(user, true)}
                  >
                    <Button size="small" loading={guard.isBusy(`block-${user.userId}`)}>
                      {t('admin.users.block')}
                    </Button>
                  </Popconfirm>
                ) : null}
                {user.role === 'ADMIN' && user.status === 'active' && !isMe(user.userId) ? (
                  <ResetSecondFactorButton user={user} />
                ) : null}
                {user.status === 'blocked' ? (
                  <Button
                    size="small"
                    loading={guard.isBusy(`block-${user.userId}`)}
                    onClick={() => setBlocked(user, false)}
                  >
                    {t('admin.users.unblock')}
                  </Button>
                ) : null}
                {user.status !== 'deleted' && !isMe(user.userId) ? (
                  <Popconfirm
                    title={t('admin.users.deleteConfirm', { username: user.username })}
                    description={t('admin.users.deleteHelp')}
                    okText={t('admin.common.delete')}
                    cancelText={t('admin.common.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove(user)}
                  >
                    <Button danger size="small" loading={guard.isBusy(`delete-${user.userId}`)}>
                      {t('admin.common.delete')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {adjusting ? <AdjustmentDialog user={adjusting} onClose={() => setAdjusting(null)} /> : null}
    </section>
  );
}
