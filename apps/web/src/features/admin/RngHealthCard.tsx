import { Alert, Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RngHealth } from '@tenger/protocol';
import { adminApi } from '../../api/adminApi';

const rngApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** The running chi-square of this server process's live deals (card × position). */
    getRngHealth: build.query<RngHealth, void>({ query: () => '/rng' }),
  }),
});

/** How often the Data page reads the RNG figures again (they change every 100 hands). */
const RNG_POLL_MS = 60_000;

/**
 * RNG health on the Data page (issue 24 part 6): the chi-square of live deals, card × deck position,
 * over the last hands of this process, its p-value, and an alert when it fails at 99.9 %.
 */
export function RngHealthCard() {
  const { t, i18n } = useTranslation();
  const { data } = rngApi.useGetRngHealthQuery(undefined, { pollingInterval: RNG_POLL_MS });
  if (!data) return null;
  const number = (value: number, digits = 0) =>
    value.toLocaleString(i18n.language, { maximumFractionDigits: digits });
  const state = !data.enoughHands ? 'notEnough' : data.alert ? 'alert' : 'ok';
  return (
    <Card title={t('admin.data.rng.title')} data-testid="rng-health">
      <Alert
        type={state === 'alert' ? 'error' : state === 'ok' ? 'success' : 'info'}
        message={t(`admin.data.rng.${state}`, { hands: number(data.hands) })}
        style={{ marginBottom: 16 }}
      />
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic
            title={t('admin.data.rng.hands')}
            value={`${number(data.hands)} / ${number(data.windowHands)}`}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('admin.data.rng.chiSquare')} value={number(data.chiSquare, 1)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('admin.data.rng.degrees')} value={number(data.degreesOfFreedom)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={t('admin.data.rng.pValue')}
            value={data.pValue < 0.0001 ? data.pValue.toExponential(1) : number(data.pValue, 4)}
          />
        </Col>
      </Row>
      <p style={{ marginTop: 12, marginBottom: 0 }}>{t('admin.data.rng.help')}</p>
    </Card>
  );
}
