import type { AdminTable, TableStatus } from '@tenger/protocol';
import { App, Button, Form, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../app/money';
import { TABLE_FOLLOW_MS, TABLE_FOLLOW_POLL_MS, TABLE_LIST_POLL_MS } from './adminConstants';
import { errorText } from './apiError';
import {
  useCreateTableMutation,
  useDeleteTableMutation,
  useGetTablesQuery,
  useUpdateTableMutation,
} from './adminEndpoints';
import { formValuesOf, NEW_TABLE, TableForm, type TableFormValues } from './TableForm';
import { useSingleFlight } from './useSingleFlight';
import { ListTable } from './ListTable';
import { SimulationToggle } from './SimulationToggle';

const STATUS_COLOR: Record<TableStatus, string> = { waiting: 'blue', playing: 'green', closed: 'default' };

/** A simulated table that has no hand going yet is starting (its bots are sitting down), not waiting. */
function statusOf(table: AdminTable): TableStatus | 'starting' {
  return table.simulation && table.status === 'waiting' ? 'starting' : table.status;
}

/** Tables: the list with live seat counts; create, edit, delete; start and stop simulation; open the session. */
export function TablesPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  // Right after a simulation starts or stops the list is read every second for a while, so the bots
  // sitting down (or leaving) shows without waiting for the usual poll.
  const [followUntil, setFollowUntil] = useState(0);
  const following = followUntil > 0;
  const {
    data = [],
    isLoading,
    error,
  } = useGetTablesQuery(undefined, {
    pollingInterval: following ? TABLE_FOLLOW_POLL_MS : TABLE_LIST_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  useEffect(() => {
    if (!following) return;
    const stop = setTimeout(() => setFollowUntil(0), Math.max(0, followUntil - Date.now()));
    return () => clearTimeout(stop);
  }, [following, followUntil]);
  const followSimulation = () => setFollowUntil(Date.now() + TABLE_FOLLOW_MS);
  const [createTable] = useCreateTableMutation();
  const [updateTable] = useUpdateTableMutation();
  const [deleteTable] = useDeleteTableMutation();
  const guard = useSingleFlight(async (action: () => Promise<unknown>) => action());
  const [editing, setEditing] = useState<AdminTable | 'new' | null>(null);
  const [form] = Form.useForm<TableFormValues>();
  const money = (amount: number) => formatMoney(amount, i18n.language);

  const attempt = (key: string, action: () => Promise<string>) =>
    guard.run(key, async () => {
      try {
        void message.success(await action());
      } catch (err) {
        void message.error(errorText(err, t));
      }
    });

  const save = (values: TableFormValues) =>
    attempt('save', async () => {
      if (editing === 'new') {
        const table = await createTable(values).unwrap();
        setEditing(null);
        return t('admin.tables.created', { name: table.name });
      }
      if (editing) {
        const table = await updateTable({ ...values, tableId: editing.tableId }).unwrap();
        setEditing(null);
        return t('admin.tables.saved', { name: table.name });
      }
      return '';
    });

  const open = (table: AdminTable | 'new') => {
    form.setFieldsValue(table === 'new' ? NEW_TABLE : formValuesOf(table));
    setEditing(table);
  };

  return (
    <section aria-labelledby="admin-tables-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={3} id="admin-tables-title" style={{ margin: 0 }}>
          {t('admin.tables.title')}
        </Typography.Title>
        <Button type="primary" onClick={() => open('new')}>
          {t('admin.tables.create')}
        </Button>
      </Space>
      {error ? <Typography.Paragraph type="danger">{errorText(error, t)}</Typography.Paragraph> : null}
      <ListTable<AdminTable>
        rowKey="tableId"
        size="middle"
        loading={isLoading}
        dataSource={data}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: t('admin.tables.empty') }}
        columns={[
          { title: t('admin.columns.no'), dataIndex: 'no', key: 'no' },
          {
            title: t('admin.tables.name'),
            key: 'name',
            render: (_value, table) => <Link to={`/admin/table/${table.tableId}`}>{table.name}</Link>,
          },
          {
            title: t('admin.tables.variant'),
            key: 'variant',
            render: (_value, table) =>
              `${t(`admin.tables.variants.${table.variant}`)} · ${t(`admin.tables.bettings.${table.betting}`)}`,
          },
          {
            title: t('admin.tables.blinds'),
            key: 'blinds',
            render: (_value, table) => `${money(table.smallBlind)} / ${money(table.bigBlind)}`,
          },
          {
            title: t('admin.tables.buyIn'),
            key: 'buyIn',
            render: (_value, table) => `${money(table.minBuyIn)} – ${money(table.maxBuyIn)}`,
          },
          {
            title: t('admin.tables.seats'),
            key: 'seats',
            render: (_value, table) => `${table.seated} / ${table.maxPlayers}`,
          },
          {
            title: t('admin.columns.status'),
            key: 'status',
            render: (_value, table) => (
              <Space size={4}>
                <Tag color={STATUS_COLOR[table.status]}>{t(`admin.tables.status.${statusOf(table)}`)}</Tag>
                {table.simulation ? <Tag color="purple">{t('admin.tables.simulating')}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('admin.columns.actions'),
            key: 'actions',
            render: (_value, table) => {
              const key = `table-${table.tableId}`;
              const busy = guard.isBusy(key);
              return (
                <Space wrap size="small">
                  <Link to={`/admin/table/${table.tableId}`}>{t('admin.tables.openSession')}</Link>
                  <Button size="small" onClick={() => open(table)}>
                    {t('admin.common.edit')}
                  </Button>
                  <SimulationToggle table={table} size="small" onChanged={followSimulation} />
                  <Popconfirm
                    title={t('admin.tables.deleteConfirm', { name: table.name })}
                    okText={t('admin.common.delete')}
                    cancelText={t('admin.common.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      attempt(key, async () => {
                        await deleteTable(table.tableId).unwrap();
                        return t('admin.tables.deleted', { name: table.name });
                      })
                    }
                  >
                    <Button size="small" danger disabled={busy}>
                      {t('admin.common.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              );
            },
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={
          editing === 'new'
            ? t('admin.tables.create')
            : t('admin.tables.editTitle', { name: editing?.name ?? '' })
        }
        okText={t('admin.common.save')}
        cancelText={t('admin.common.cancel')}
        okButtonProps={{ loading: guard.isBusy('save') }}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <TableForm
          form={form}
          initialValues={NEW_TABLE}
          onFinish={save}
          live={
            editing !== null &&
            editing !== 'new' &&
            data?.find((table) => table.tableId === editing.tableId)?.status === 'playing'
          }
        />
      </Modal>
    </section>
  );
}
