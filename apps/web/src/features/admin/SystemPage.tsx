import type { SystemProcess } from '@tenger/protocol';
import type { TFunction } from 'i18next';
import { Alert, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { errorText } from './apiError';
import { useGetSystemQuery } from './adminEndpoints';
import { ListTable } from './ListTable';

/** The page asks again this often (each process reports every few seconds). */
export const SYSTEM_POLL_MS = 5_000;
const MIB = 1024 * 1024;

/**
 * The site's server processes, whichever one answers: id, readiness, tables owned, sockets per channel,
 * event-loop lag, memory, uptime and version (GET /api/v1/admin/system). A process not heard from lately
 * is marked silent: stopped, cut off from Redis, or gone.
 */
export function SystemPage() {
  const { t, i18n } = useTranslation();
  const { data, error, isLoading } = useGetSystemQuery(undefined, { pollingInterval: SYSTEM_POLL_MS });
  const number = (value: number, digits = 0) =>
    value.toLocaleString(i18n.language, { maximumFractionDigits: digits });

  const columns: ColumnsType<SystemProcess> = [
    {
      key: 'process',
      title: t('admin.system.process'),
      render: (_, p) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{p.nodeId}</Typography.Text>
          <Typography.Text type="secondary">
            {t('admin.system.hostPid', { host: p.host, pid: p.pid })}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'state',
      title: t('admin.system.state'),
      render: (_, p) => (
        <Space wrap size={4}>
          {p.status === 'silent' ? (
            <Tag color="red">{t('admin.system.silent', { seconds: number(p.ageSeconds) })}</Tag>
          ) : (
            <Tag color={p.ready ? 'green' : 'orange'}>
              {p.ready ? t('admin.system.ready') : t('admin.system.notReady')}
            </Tag>
          )}
          {Object.entries(p.checks)
            .filter(([, check]) => check !== 'ok')
            .map(([name, check]) => (
              <Tag key={name} color="orange">
                {t(`admin.system.checks.${name}`)}: {t(`admin.system.check.${check}`)}
              </Tag>
            ))}
        </Space>
      ),
    },
    { key: 'tables', title: t('admin.system.tables'), render: (_, p) => number(p.tablesOwned) },
    {
      key: 'sockets',
      title: t('admin.system.sockets'),
      render: (_, p) =>
        t('admin.system.socketsValue', { global: number(p.sockets.global), table: number(p.sockets.table) }),
    },
    {
      key: 'lag',
      title: t('admin.system.lag'),
      render: (_, p) =>
        t('admin.system.lagValue', {
          mean: number(p.eventLoopLagMs.mean, 1),
          p99: number(p.eventLoopLagMs.p99, 1),
        }),
    },
    {
      key: 'memory',
      title: t('admin.system.memory'),
      render: (_, p) =>
        t('admin.system.memoryValue', {
          rss: number(p.memory.rssBytes / MIB),
          heap: number(p.memory.heapUsedBytes / MIB),
        }),
    },
    { key: 'uptime', title: t('admin.system.uptime'), render: (_, p) => uptime(p.uptimeSeconds, t) },
    {
      key: 'version',
      title: t('admin.system.version'),
      render: (_, p) => t('admin.system.versionValue', { version: p.version, node: p.nodeVersion }),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('admin.system.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {data
          ? t('admin.system.intro', {
              count: data.processes.length,
              node: data.answeredBy,
              seconds: number(data.reportEverySeconds),
            })
          : t('admin.system.loading')}
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon message={errorText(error, t)} /> : null}
      <ListTable<SystemProcess>
        aria-label={t('admin.system.title')}
        rowKey="nodeId"
        loading={isLoading}
        columns={columns}
        dataSource={data?.processes ?? []}
        pagination={false}
      />
    </Space>
  );
}

function uptime(seconds: number, t: TFunction): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return t('admin.system.uptimeDays', { days, hours });
  if (hours > 0) return t('admin.system.uptimeHours', { hours, minutes });
  return t('admin.system.uptimeMinutes', { minutes, seconds: seconds % 60 });
}
