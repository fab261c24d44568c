import type { BettingStructure, TableVariant, TournamentKind, TournamentStructure } from '@tenger/protocol';
import { Col, Form, Input, InputNumber, Row, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_AMOUNT } from './adminConstants';
import { CustomLevels } from './CustomLevels';
import { FIRST_LEVEL_ROW } from './customLevels';
import { MAX_ACTION_SECONDS, MAX_SEATS, MIN_ACTION_SECONDS, MIN_SEATS } from './TableForm';
import { ScheduledFormatFields } from './ScheduledFormatFields';
import { CUSTOM_STRUCTURE, type TournamentFormValues } from './tournamentTemplates';

const KINDS: TournamentKind[] = ['sng', 'mtt'];
const VARIANTS: TableVariant[] = ['holdem', 'omaha'];
const BETTING: BettingStructure[] = ['no-limit', 'pot-limit'];
const STRUCTURES: Array<TournamentStructure | typeof CUSTOM_STRUCTURE> = [
  'regular',
  'turbo',
  'hyper',
  CUSTOM_STRUCTURE,
];
/** The server's bounds (packages/protocol tournament.ts), kept here so the admin chunk needs no zod. */
export const TOURNAMENT_STACK_MIN = 200;
export const TOURNAMENT_STACK_MAX = 10_000_000;
export const TOURNAMENT_ENTRANTS_MAX = 10_000;

/**
 * A tournament's fields: name, kind, game, buy-in and fee, starting stack, seats per table, entrants,
 * the start (multi-table only), the structure (named, or the administrator's own levels: CustomLevels)
 * and the action time. On an edit the structure may stay empty: the levels are kept.
 */
export function TournamentForm({
  form,
  editing,
  tournamentId,
  onFinish,
}: {
  form: FormInstance<TournamentFormValues>;
  editing: boolean;
  /** The tournament being edited (it cannot be its own satellite's target). */
  tournamentId?: number;
  onFinish: (values: TournamentFormValues) => void;
}) {
  const { t } = useTranslation();
  const kind = Form.useWatch('kind', form);
  const structure = Form.useWatch('structure', form);
  /** Choosing custom levels starts from the tournament's own levels (an edit) or one first level. */
  const structureChosen = (value: TournamentFormValues['structure']) => {
    if (value !== CUSTOM_STRUCTURE) return;
    const rows = form.getFieldValue('levels') as TournamentFormValues['levels'];
    if (!rows || rows.length === 0) form.setFieldValue('levels', [{ ...FIRST_LEVEL_ROW }]);
    if (!form.getFieldValue('anteKind')) form.setFieldValue('anteKind', 'big-blind');
  };
  const required = { required: true, message: t('admin.common.required') };
  const money = (min: number) => (
    <InputNumber<number> min={min} max={MAX_AMOUNT} precision={0} prefix="₮" style={{ width: '100%' }} />
  );
  const whole = (min: number, max: number) => (
    <InputNumber<number> min={min} max={max} precision={0} style={{ width: '100%' }} />
  );
  const atLeastMin = () => ({
    validator: (_rule: unknown, value: number | null) => {
      const min = form.getFieldValue('minEntrants') as number | null;
      return typeof value === 'number' && typeof min === 'number' && value < min
        ? Promise.reject(new Error(t('admin.tournaments.errors.maxBelowMin')))
        : Promise.resolve();
    },
  });

  return (
    <Form<TournamentFormValues> form={form} layout="vertical" onFinish={onFinish} preserve>
      <Form.Item name="name" label={t('admin.tournaments.name')} rules={[{ ...required, whitespace: true }]}>
        <Input maxLength={60} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={8}>
          <Form.Item name="kind" label={t('admin.tournaments.kind')} rules={[required]}>
            <Select options={KINDS.map((k) => ({ value: k, label: t(`tournament.kind.${k}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="variant" label={t('admin.tables.variant')} rules={[required]}>
            <Select options={VARIANTS.map((v) => ({ value: v, label: t(`admin.tables.variants.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="betting" label={t('admin.tables.betting')} rules={[required]}>
            <Select options={BETTING.map((b) => ({ value: b, label: t(`admin.tables.bettings.${b}`) }))} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="buyIn" label={t('admin.tournaments.buyIn')} rules={[required]}>
            {money(0)}
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="fee" label={t('admin.tournaments.fee')} rules={[required]}>
            {money(0)}
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="startingStack" label={t('tournament.startingStack')} rules={[required]}>
            {whole(TOURNAMENT_STACK_MIN, TOURNAMENT_STACK_MAX)}
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="tableSize" label={t('admin.tables.seats')} rules={[required]}>
            {whole(MIN_SEATS, MAX_SEATS)}
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="minEntrants" label={t('admin.tournaments.minEntrants')} rules={[required]}>
            {whole(2, TOURNAMENT_ENTRANTS_MAX)}
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="maxEntrants"
            label={t('admin.tournaments.maxEntrants')}
            dependencies={['minEntrants']}
            rules={[required, atLeastMin]}
          >
            {whole(2, TOURNAMENT_ENTRANTS_MAX)}
          </Form.Item>
        </Col>
      </Row>
      {kind === 'mtt' ? (
        <Form.Item name="startsAt" label={t('admin.tournaments.startsAt')} rules={[required]}>
          <Input type="datetime-local" />
        </Form.Item>
      ) : null}
      <ScheduledFormatFields kind={kind} selfId={tournamentId} />
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name="structure"
            label={t('tournament.structure.title')}
            rules={editing ? [] : [required]}
          >
            <Select
              allowClear={editing}
              placeholder={editing ? t('admin.tournaments.keepLevels') : undefined}
              onChange={structureChosen}
              options={STRUCTURES.map((s) => ({ value: s, label: t(`admin.tournaments.structures.${s}`) }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="actionSeconds" label={t('admin.tables.actionTime')}>
            <InputNumber<number>
              min={MIN_ACTION_SECONDS}
              max={MAX_ACTION_SECONDS}
              precision={0}
              placeholder={
                editing ? t('admin.tournaments.keepActionTime') : t('admin.tournaments.actionTimeDefault')
              }
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
      {structure === CUSTOM_STRUCTURE ? <CustomLevels form={form} /> : null}
    </Form>
  );
}
