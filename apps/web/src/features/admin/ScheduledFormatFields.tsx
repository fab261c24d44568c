import { Checkbox, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetTournamentsQuery } from '../../api/userApi';
import { MAX_AMOUNT } from './adminConstants';

/** The server's bounds (packages/protocol tournament.ts): levels and re-entries. */
const MAX_LEVELS = 200;
const MAX_REENTRIES = 100;
/** The site's own time zone: the default of a recurring schedule (UTC+8, no summer time). */
export const DEFAULT_SCHEDULE_TIME_ZONE = 'Asia/Ulaanbaatar';

/**
 * The scheduled formats of a multi-table tournament (issue 21): when registration opens, late
 * registration and re-entry, rebuys and the add-on, the guarantee, a recurring schedule and the
 * contest teaser, progressive knockout bounties, and a satellite's target (a tournament not yet started,
 * not this one). A Sit & Go gets only the guarantee, the bounties and the target.
 */
export function ScheduledFormatFields({ kind, selfId }: { kind: string | undefined; selfId?: number }) {
  const { t } = useTranslation();
  const { data: tournaments } = useGetTournamentsQuery();
  const targets = (tournaments ?? [])
    .filter((x) => (x.status === 'scheduled' || x.status === 'registering') && x.tournamentId !== selfId)
    .map((x) => ({ value: x.tournamentId, label: `${x.name} (#${x.tournamentId})` }));
  const whole = (min: number, max: number) => (
    <InputNumber<number> min={min} max={max} precision={0} style={{ width: '100%' }} />
  );
  const label = (key: string) => t(`admin.tournaments.formats.${key}`);
  return (
    <>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item name="guarantee" label={label('guarantee')}>
            <InputNumber<number>
              min={0}
              max={MAX_AMOUNT}
              precision={0}
              prefix="₮"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="bountyPercent" label={label('bountyPercent')} tooltip={label('bountyPercentHelp')}>
            <InputNumber<number> min={0} max={90} precision={0} suffix="%" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="dealKeptPercent"
            label={label('dealKeptPercent')}
            tooltip={label('dealKeptPercentHelp')}
          >
            <InputNumber<number> min={0} max={100} precision={0} suffix="%" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="featured" valuePropName="checked" label={label('featured')}>
            <Checkbox>{label('featuredHelp')}</Checkbox>
          </Form.Item>
        </Col>
      </Row>
      {/* Emptied: null, so an edit clears the target (a template leaves it out). */}
      <Form.Item
        name="targetId"
        label={label('targetId')}
        tooltip={label('targetIdHelp')}
        normalize={(value: number | undefined) => value ?? null}
      >
        <Select allowClear placeholder={label('noTarget')} options={targets} />
      </Form.Item>
      {kind === 'mtt' ? (
        <>
          <Form.Item name="registrationOpensAt" label={label('registrationOpensAt')}>
            <Input type="datetime-local" />
          </Form.Item>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="lateRegLevels" label={label('lateRegLevels')}>
                {whole(0, MAX_LEVELS)}
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="maxEntries" label={label('maxEntries')}>
                {whole(1, MAX_REENTRIES + 1)}
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item name="rebuyLevels" label={label('rebuyLevels')}>
                {whole(0, MAX_LEVELS)}
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="maxRebuys" label={label('maxRebuys')}>
                {whole(0, MAX_REENTRIES)}
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="addOn" valuePropName="checked" label={label('addOn')}>
                <Checkbox>{label('addOnHelp')}</Checkbox>
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="recurrence" label={label('recurrence')}>
                <Select
                  allowClear
                  placeholder={label('once')}
                  options={(['daily', 'weekly'] as const).map((r) => ({
                    value: r,
                    label: t(`tournament.formats.every.${r}`),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="timeZone" label={label('timeZone')}>
                <Input maxLength={64} placeholder={DEFAULT_SCHEDULE_TIME_ZONE} />
              </Form.Item>
            </Col>
          </Row>
        </>
      ) : null}
    </>
  );
}
