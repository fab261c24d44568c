import type { AuditItem } from '@tenger/protocol';
import { App, Button, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/dates';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, AUDIT_TARGET_TYPES } from './adminConstants';
import { errorText } from './apiError';
import { auditSummaryText } from './auditSummary';
import { useExportAuditCsvMutation, useGetAuditQuery, type AuditArgs } from './adminEndpoints';
import { UserPicker } from './UserPicker';
import { ListTable } from './ListTable';
import { useNarrowScreen } from './useNarrowScreen';

interface FilterForm {
  actor?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
}

type Filter = Omit<AuditArgs, 'before' | 'limit'>;

/**
 * The audit log: who did what, when, from where, newest first. Filters by administrator, action and
 * target; pages back with the server's `nextBefore`; downloads the filtered rows as CSV.
 */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FilterForm>();
  const narrow = useNarrowScreen();
  const [filter, setFilter] = useState<Filter>({});
  // The `before` of each page shown so far: the last one is the current page.
  const [pages, setPages] = useState<Array<number | undefined>>([undefined]);
  const before = pages[pages.length - 1];
  const { data, error, isFetching } = useGetAuditQuery({ ...filter, before, limit: AUDIT_PAGE_SIZE });
  const [exportCsv, csv] = useExportAuditCsvMutation();
  const actionLabel = (action: string) =>
    (AUDIT_ACTIONS as readonly string[]).includes(action) ? t(`admin.audit.actions.${action}`) : action;

  function apply(values: FilterForm) {
    const id = values.targetId?.trim();
    setFilter({
      actor: values.actor,
      action: values.action,
      target: id ? (values.targetType ? `${values.targetType}:${id}` : id) : undefined,
    });
    setPages([undefined]);
  }

  async function download() {
    if (csv.isLoading) return;
    try {
      const text = await exportCsv(filter).unwrap();
      const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'tenger-audit.csv';
      link.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      void message.error(errorText(err, t));
    }
  }

  return (
    <section aria-labelledby="admin-audit-title">
      <Typography.Title level={3} id="admin-audit-title">
        {t('admin.audit.title')}
      </Typography.Title>
      <Form<FilterForm>
        form={form}
        layout={narrow ? 'vertical' : 'inline'}
        onFinish={apply}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="actor" label={t('admin.audit.actor')} style={{ minWidth: narrow ? undefined : 280 }}>
          <UserPicker />
        </Form.Item>
        <Form.Item name="action" label={t('admin.audit.action')}>
          {/* Not virtual: every action is in the page (about forty), so it can be found and read by any means. */}
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            virtual={false}
            style={{ minWidth: 220 }}
            placeholder={t('admin.audit.anyAction')}
            options={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(action) }))}
          />
        </Form.Item>
        <Form.Item label={t('admin.audit.target')}>
          <Space.Compact>
            <Form.Item name="targetType" noStyle>
              <Select
                allowClear
                aria-label={t('admin.audit.targetType')}
                style={{ minWidth: 140 }}
                placeholder={t('admin.audit.anyTarget')}
                options={AUDIT_TARGET_TYPES.map((type) => ({
                  value: type,
                  label: t(`admin.audit.targets.${type}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="targetId" noStyle>
              <Input
                aria-label={t('admin.audit.targetId')}
                placeholder="12"
                style={{ width: 120 }}
                maxLength={64}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('admin.audit.apply')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                apply({});
              }}
            >
              {t('admin.audit.clear')}
            </Button>
            <Button loading={csv.isLoading} onClick={() => void download()}>
              {t('admin.audit.downloadCsv')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {error ? <Typography.Paragraph type="danger">{errorText(error, t)}</Typography.Paragraph> : null}
      <ListTable<AuditItem>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.items ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('admin.audit.empty') }}
        columns={[
          {
            title: t('admin.audit.at'),
            dataIndex: 'at',
            key: 'at',
            render: (value: string) => formatDateTime(value, i18n.language),
          },
          {
            title: t('admin.audit.actor'),
            key: 'actor',
            render: (_value, item) =>
              item.actorId === null ? t('admin.audit.system') : `${item.actorName} #${item.actorId}`,
          },
          { title: t('admin.audit.ip'), dataIndex: 'ip', key: 'ip' },
          {
            title: t('admin.audit.action'),
            dataIndex: 'action',
            key: 'action',
            render: (action: string) => actionLabel(action),
          },
          {
            title: t('admin.audit.target'),
            key: 'target',
            render: (_value, item) =>
              item.targetType ? `${item.targetType}:${item.targetId}` : item.targetId,
          },
          {
            title: t('admin.audit.summary'),
            key: 'summary',
            render: (_value, item) => auditSummaryText(item, t, i18n.language),
          },
        ]}
      />
      <Space style={{ marginTop: 16 }}>
        <Button disabled={pages.length <= 1} onClick={() => setPages((p) => p.slice(0, -1))}>
          {t('admin.audit.newer')}
        </Button>
        <Button
          disabled={!data?.nextBefore}
          onClick={() => data?.nextBefore && setPages((p) => [...p, data.nextBefore as number])}
        >
          {t('admin.audit.older')}
        </Button>
      </Space>
    </section>
  );
}
