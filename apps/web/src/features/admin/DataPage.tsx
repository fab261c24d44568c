import type { AdminData } from '@tenger/protocol';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Row,
  Segmented,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
  theme,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type CSSProperties, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney } from '../../app/money';
import { errorText } from './apiError';
import { useExportLedgerCsvMutation, useGetBooksQuery, useVerifyHandChainMutation } from './adminEndpoints';
import { RngHealthCard } from './RngHealthCard';

type AccountClass = keyof AdminData['accounts'];
/** The periods the daily charts offer, in days (the server allows 1–366). */
const DAY_CHOICES = [7, 30, 90, 365] as const;
const DEFAULT_DAYS = 30;
const ACCOUNT_CLASSES: AccountClass[] = [
  'playersAvailable',
  'playersLocked',
  'playersAtTables',
  'houseRake',
  'jackpot',
  'bonus',
  'botBankroll',
  'outsideBank',
  'tournamentPools',
  'tournamentFees',
  'tournamentGuarantee',
  'playersTickets',
];

/**
 * The books: each account class with its sum and the total, which must be zero ("balanced"); charts of
 * what the server reports, per day too; and a CSV of the ledger's postings for a date range.
 */
export default function DataPage() {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<number>(DEFAULT_DAYS);
  const { data: books, error, isFetching, refetch } = useGetBooksQuery(days);
  const { token } = theme.useToken();
  const money = (amount: number) => formatMoney(amount, i18n.language);

  if (!books) {
    return (
      <section>
        <Typography.Title level={3}>{t('admin.data.title')}</Typography.Title>
        {error ? (
          <Typography.Paragraph type="danger">{errorText(error, t)}</Typography.Paragraph>
        ) : (
          t('common.loading')
        )}
      </section>
    );
  }

  const accountRows = ACCOUNT_CLASSES.map((key) => ({
    key,
    name: t(`admin.data.accounts.${key}`),
    sum: books.accounts[key],
  }));
  const flows = [
    { name: t('admin.data.deposits'), amount: books.deposits.amount, color: token.colorSuccess },
    {
      name: t('admin.data.withdrawalsApproved'),
      amount: books.withdrawals.approved.amount,
      color: token.colorPrimary,
    },
    {
      name: t('admin.data.withdrawalsPending'),
      amount: books.withdrawals.pending.amount,
      color: token.colorWarning,
    },
    {
      name: t('admin.data.withdrawalsRejected'),
      amount: books.withdrawals.rejected.amount,
      color: token.colorError,
    },
  ];
  const { axis, tooltipStyle } = chartStyle(token);
  const stats: [string, number | string][] = [
    ['houseRake', money(books.accounts.houseRake)],
    ['jackpot', money(books.accounts.jackpot)],
    // The guarantee account goes negative by the overlays it paid.
    ['overlayPaid', money(0 - books.accounts.tournamentGuarantee)],
    ['depositCount', books.deposits.count],
    ['users', books.stats.users],
    ['bots', books.stats.bots],
    ['blocked', books.stats.blocked],
    ['tables', books.stats.tables],
    ['seatedPlayers', books.stats.seatedPlayers],
    ['transactions', books.stats.ledgerTransactions],
  ];

  return (
    <section aria-labelledby="admin-data-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={3} id="admin-data-title" style={{ margin: 0 }}>
          {t('admin.data.title')}
        </Typography.Title>
        <Button onClick={() => void refetch()} loading={isFetching}>
          {t('admin.common.refresh')}
        </Button>
      </Space>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('admin.data.books')}>
            <Table
              size="small"
              pagination={false}
              dataSource={accountRows}
              columns={[
                { title: t('admin.data.account'), dataIndex: 'name', key: 'name' },
                moneyColumn(t('admin.data.sum'), 'sum', money),
              ]}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <strong>{t('admin.data.total')}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    <strong data-testid="books-total">{money(books.total)}</strong>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
            <div style={{ marginTop: 12 }} role="status">
              {books.balanced && books.total === 0 ? (
                <Tag color="green">{t('admin.data.balanced')}</Tag>
              ) : (
                <Tag color="red">{t('admin.data.unbalanced', { total: money(books.total) })}</Tag>
              )}
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('admin.data.accountsChart')}>
            <ChartBox height={280}>
              <BarChart data={accountRows} layout="vertical" margin={{ left: 24, right: 16 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
                <XAxis type="number" tick={axis} tickFormatter={(v: number) => money(v)} />
                <YAxis type="category" dataKey="name" width={150} tick={axis} />
                <Tooltip contentStyle={tooltipStyle} formatter={(v) => money(Number(v))} />
                <Bar dataKey="sum" name={t('admin.data.sum')} isAnimationActive={false}>
                  {accountRows.map((row) => (
                    <Cell key={row.key} fill={row.sum < 0 ? token.colorError : token.colorPrimary} />
                  ))}
                </Bar>
              </BarChart>
            </ChartBox>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('admin.data.flowsChart')}>
            <ChartBox height={260}>
              <BarChart data={flows} margin={{ left: 24, right: 16 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
                <XAxis dataKey="name" tick={axis} />
                <YAxis tick={axis} tickFormatter={(v: number) => money(v)} width={90} />
                <Tooltip contentStyle={tooltipStyle} formatter={(v) => money(Number(v))} />
                <Bar dataKey="amount" name={t('admin.data.amount')} isAnimationActive={false}>
                  {flows.map((flow) => (
                    <Cell key={flow.name} fill={flow.color} />
                  ))}
                </Bar>
              </BarChart>
            </ChartBox>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('admin.data.stats')}>
            <Row gutter={[16, 16]}>
              {stats.map(([key, value]) => (
                <Col span={8} key={key}>
                  <Statistic title={t(`admin.data.${key}`)} value={value} />
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
        <Col xs={24}>
          <PayerSplit books={books} money={money} />
        </Col>
        <Col xs={24}>
          <Card
            title={t('admin.data.daily')}
            extra={
              <Segmented<number>
                aria-label={t('admin.data.daily')}
                value={days}
                onChange={setDays}
                options={DAY_CHOICES.map((value) => ({
                  value,
                  label: t('admin.data.lastDays', { days: value }),
                }))}
              />
            }
          >
            <DailyCharts series={books.daily.series} money={money} />
          </Card>
        </Col>
        <Col xs={24}>
          <LedgerExport />
        </Col>
        <Col xs={24}>
          <HandChainCheck />
        </Col>
        <Col xs={24}>
          <RngHealthCard />
        </Col>
      </Row>
    </section>
  );
}

type Money = (amount: number) => string;
type ThemeToken = ReturnType<typeof theme.useToken>['token'];

/** The charts' axis text and tooltip box in the theme's colours. */
function chartStyle(token: ThemeToken): {
  axis: { stroke: string; fontSize: number };
  tooltipStyle: CSSProperties;
} {
  return {
    axis: { stroke: token.colorTextSecondary, fontSize: 12 },
    tooltipStyle: {
      background: token.colorBgElevated,
      border: `1px solid ${token.colorBorder}`,
      color: token.colorText,
    },
  };
}

/** A full-width chart of a fixed height that follows its container's width. */
function ChartBox({
  height,
  children,
  ...rest
}: {
  height: number;
  children: ReactElement;
  'data-testid'?: string;
}) {
  return (
    <div style={{ width: '100%', height }} {...rest}>
      <ResponsiveContainer>{children}</ResponsiveContainer>
    </div>
  );
}

/** A right-aligned column of tugrik amounts. */
function moneyColumn(title: string, key: string, money: Money) {
  return { title, dataIndex: key, key, align: 'right' as const, render: (value: number) => money(value) };
}

/**
 * Rake and jackpot contributions split by who paid them: bots play with the house's own money, so only
 * the players' part is income. Totals since the start, and the rake per day of the chosen period.
 */
function PayerSplit({ books, money }: { books: AdminData; money: Money }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { axis, tooltipStyle } = chartStyle(token);
  const { rake, jackpot } = books.contributions;
  const rows = [
    { key: 'rake', name: t('admin.data.rake'), ...rake, total: rake.players + rake.bots },
    {
      key: 'jackpot',
      name: t('admin.data.jackpotShare'),
      ...jackpot,
      total: jackpot.players + jackpot.bots,
    },
  ];
  const daily = books.daily.series.map((day) => ({
    date: day.date,
    players: day.rake - day.rakeFromBots,
    bots: day.rakeFromBots,
    jackpotPlayers: day.jackpotContributions - day.jackpotContributionsFromBots,
    jackpotBots: day.jackpotContributionsFromBots,
  }));
  return (
    <Card title={t('admin.data.payersTitle')}>
      <Typography.Paragraph type="secondary">{t('admin.data.payersHelp')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Table
            size="small"
            pagination={false}
            dataSource={rows}
            aria-label={t('admin.data.payersTitle')}
            columns={[
              { title: '', dataIndex: 'name', key: 'name' },
              moneyColumn(t('admin.data.fromPlayers'), 'players', money),
              moneyColumn(t('admin.data.fromBots'), 'bots', money),
              moneyColumn(t('admin.data.total'), 'total', money),
            ]}
          />
        </Col>
        <Col xs={24} xl={14}>
          <ChartBox height={240}>
            <BarChart data={daily} margin={{ left: 8, right: 16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
              <XAxis dataKey="date" {...axis} tickFormatter={(d: string) => d.slice(5)} />
              <YAxis {...axis} tickFormatter={(v: number) => money(v)} width={90} />
              <Tooltip contentStyle={tooltipStyle} formatter={(v) => money(Number(v))} />
              <Legend />
              <Bar
                dataKey="players"
                stackId="rake"
                name={t('admin.data.rakeFromPlayers')}
                fill={token.colorSuccess}
                isAnimationActive={false}
              />
              <Bar
                dataKey="bots"
                stackId="rake"
                name={t('admin.data.rakeFromBots')}
                fill={token.colorTextQuaternary}
                isAnimationActive={false}
              />
            </BarChart>
          </ChartBox>
        </Col>
      </Row>
    </Card>
  );
}

/** Hands, money and the jackpot per UTC day, as GET /data reports them. */
function DailyCharts({ series, money }: { series: AdminData['daily']['series']; money: Money }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { axis, tooltipStyle } = chartStyle(token);
  const grid = <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />;
  const dayAxis = <XAxis dataKey="date" tick={axis} tickFormatter={(date: string) => date.slice(5)} />;
  const moneyAxis = <YAxis tick={axis} tickFormatter={(v: number) => money(v)} width={90} />;
  const moneyTooltip = <Tooltip contentStyle={tooltipStyle} formatter={(v) => money(Number(v))} />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={8}>
        <Typography.Text strong>{t('admin.data.handsChart')}</Typography.Text>
        <ChartBox height={240} data-testid="daily-hands">
          <BarChart data={series} margin={{ left: 8, right: 16 }}>
            {grid}
            {dayAxis}
            <YAxis tick={axis} allowDecimals={false} width={50} />
            <Tooltip contentStyle={tooltipStyle} />
            <Bar
              dataKey="hands"
              name={t('admin.data.hands')}
              fill={token.colorPrimary}
              isAnimationActive={false}
            />
          </BarChart>
        </ChartBox>
      </Col>
      <Col xs={24} xl={8}>
        <Typography.Text strong>{t('admin.data.moneyChart')}</Typography.Text>
        <ChartBox height={240}>
          <LineChart data={series} margin={{ left: 8, right: 16 }}>
            {grid}
            {dayAxis}
            {moneyAxis}
            {moneyTooltip}
            <Legend />
            <Line
              dataKey="rake"
              name={t('admin.data.rake')}
              stroke={token.colorWarning}
              dot={false}
              isAnimationActive={false}
            />
            <Line
              dataKey="deposits"
              name={t('admin.data.deposits')}
              stroke={token.colorSuccess}
              dot={false}
              isAnimationActive={false}
            />
            <Line
              dataKey="withdrawals"
              name={t('admin.data.withdrawalsPaid')}
              stroke={token.colorError}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ChartBox>
      </Col>
      <Col xs={24} xl={8}>
        <Typography.Text strong>{t('admin.data.jackpotChart')}</Typography.Text>
        <ChartBox height={240}>
          <ComposedChart data={series} margin={{ left: 8, right: 16 }}>
            {grid}
            {dayAxis}
            {moneyAxis}
            {moneyTooltip}
            <Legend />
            <Bar
              dataKey="jackpotContributions"
              name={t('admin.data.jackpotContributions')}
              fill={token.colorSuccess}
              isAnimationActive={false}
            />
            <Bar
              dataKey="jackpotPayouts"
              name={t('admin.data.jackpotPayouts')}
              fill={token.colorError}
              isAnimationActive={false}
            />
            <Line
              dataKey="jackpotBalance"
              name={t('admin.data.jackpotBalance')}
              stroke={token.colorPrimary}
              dot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ChartBox>
      </Col>
    </Row>
  );
}

/** Downloads the ledger's postings within a chosen range of days as CSV, built by the server. */
function LedgerExport() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [exportLedgerCsv, { isLoading }] = useExportLedgerCsvMutation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().startOf('month'), dayjs()]);

  async function download() {
    if (isLoading) return;
    const from = range[0].format('YYYY-MM-DD');
    const to = range[1].format('YYYY-MM-DD');
    try {
      const csv = await exportLedgerCsv({ from, to }).unwrap();
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `tenger-ledger-${from}-${to}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      void message.error(errorText(err, t));
    }
  }

  return (
    <Card title={t('admin.data.exportTitle')}>
      <Typography.Paragraph type="secondary">{t('admin.data.exportHelp')}</Typography.Paragraph>
      <Space wrap>
        <DatePicker.RangePicker
          aria-label={t('admin.data.range')}
          value={range}
          allowClear={false}
          onChange={(value) => {
            if (value?.[0] && value[1]) setRange([value[0], value[1]]);
          }}
        />
        <Button type="primary" loading={isLoading} onClick={() => void download()}>
          {t('admin.data.exportCsv')}
        </Button>
      </Space>
    </Card>
  );
}

/** "Verify chain": re-hash every stored hand and name the first one changed, removed or inserted. */
function HandChainCheck() {
  const { t } = useTranslation();
  const [verify, { data, isLoading, error }] = useVerifyHandChainMutation();
  return (
    <Card title={t('admin.data.chainTitle')}>
      <Typography.Paragraph type="secondary">{t('admin.data.chainHelp')}</Typography.Paragraph>
      <Space direction="vertical">
        <Button loading={isLoading} onClick={() => void verify()}>
          {t('admin.data.chainVerify')}
        </Button>
        {error ? <Typography.Text type="danger">{errorText(error, t)}</Typography.Text> : null}
        {data?.ok === true ? (
          <Typography.Text type="success">
            {t('admin.data.chainOk', { count: data.count, head: data.head })}
          </Typography.Text>
        ) : null}
        {data?.ok === false ? (
          <Typography.Text type="danger">
            {t('admin.data.chainBroken', {
              seq: data.firstBreak.seq,
              handId: data.firstBreak.handId ?? '—',
              reason: t(`admin.data.chainReason.${data.firstBreak.reason}`),
            })}
          </Typography.Text>
        ) : null}
      </Space>
    </Card>
  );
}
