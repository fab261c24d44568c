import {
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Typography,
  type FormInstance,
} from 'antd';
import type { FormListProps, RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import {
  ANTE_KINDS,
  breakRow,
  listProblem,
  nextLevelRow,
  rowProblem,
  type LevelRow,
  type LevelProblem,
} from './customLevels';
import type { TournamentFormValues } from './tournamentTemplates';

/** The highest blind the form takes (the server's bound is far above any sensible structure). */
const MAX_BLIND = 1_000_000_000;
/** The longest level, in minutes (a day, the server's bound). */
const MAX_MINUTES = 1_440;

/**
 * The administrator's own structure: a row per level (small blind, big blind, ante, minutes) or break
 * (minutes; it keeps the blinds before it), who pays the ante, and a note that prizes follow the
 * published payout table. Each row is checked as the server checks it: the small blind at most the big
 * blind, the big blind rising from level to level (the small blind never falling), breaks neither first,
 * last nor two in a row.
 */
export function CustomLevels({ form }: { form: FormInstance<TournamentFormValues> }) {
  const { t } = useTranslation();
  const required = { required: true, message: t('admin.common.required') };
  const problemOf = (index: number): RuleObject => ({
    validator: async () => {
      const problem = rowProblem((form.getFieldValue('levels') as LevelRow[] | undefined) ?? [], index);
      if (problem) throw new Error(t(`admin.tournaments.levels.errors.${problem}`));
    },
  });
  const listRule: NonNullable<FormListProps['rules']>[number] = {
    validator: async (_rule, rows: LevelRow[] | undefined) => {
      const problem: LevelProblem | null = listProblem(rows);
      if (problem) throw new Error(t(`admin.tournaments.levels.errors.${problem}`));
    },
  };
  const number = (label: string, min: number, max: number, precision = 0) => (
    <InputNumber<number>
      aria-label={label}
      min={min}
      max={max}
      precision={precision}
      style={{ width: '100%' }}
    />
  );

  return (
    <section aria-label={t('admin.tournaments.levels.title')}>
      <Typography.Text strong>{t('admin.tournaments.levels.title')}</Typography.Text>
      <Row gutter={8} style={{ marginTop: 8 }} aria-hidden>
        <Col span={5}>
          <Typography.Text type="secondary">{t('admin.tournaments.levels.smallBlind')}</Typography.Text>
        </Col>
        <Col span={5}>
          <Typography.Text type="secondary">{t('admin.tournaments.levels.bigBlind')}</Typography.Text>
        </Col>
        <Col span={5}>
          <Typography.Text type="secondary">{t('admin.tournaments.levels.ante')}</Typography.Text>
        </Col>
        <Col span={5}>
          <Typography.Text type="secondary">{t('admin.tournaments.levels.minutes')}</Typography.Text>
        </Col>
      </Row>
      <Form.List name="levels" rules={[listRule]}>
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, index) => {
              const isBreak = Boolean(form.getFieldValue(['levels', field.name, 'isBreak']));
              const row = isBreak
                ? t('admin.tournaments.levels.break')
                : t('admin.tournaments.levels.levelN', { n: index + 1 });
              const labelled = (what: string) => `${t(`admin.tournaments.levels.${what}`)} (${row})`;
              return (
                <Row key={field.key} gutter={8} align="top" wrap={false}>
                  <Form.Item name={[field.name, 'isBreak']} hidden>
                    <Input />
                  </Form.Item>
                  {isBreak ? (
                    <Col span={15}>
                      <Typography.Text type="secondary">{row}</Typography.Text>
                    </Col>
                  ) : (
                    <>
                      <Col span={5}>
                        <Form.Item name={[field.name, 'smallBlind']} rules={[required]}>
                          {number(labelled('smallBlind'), 1, MAX_BLIND)}
                        </Form.Item>
                      </Col>
                      <Col span={5}>
                        <Form.Item name={[field.name, 'bigBlind']} rules={[required, problemOf(index)]}>
                          {number(labelled('bigBlind'), 1, MAX_BLIND)}
                        </Form.Item>
                      </Col>
                      <Col span={5}>
                        <Form.Item name={[field.name, 'ante']} rules={[required]}>
                          {number(labelled('ante'), 0, MAX_BLIND)}
                        </Form.Item>
                      </Col>
                    </>
                  )}
                  <Col span={5}>
                    <Form.Item
                      name={[field.name, 'minutes']}
                      rules={isBreak ? [required, problemOf(index)] : [required]}
                    >
                      {number(labelled('minutes'), 0.1, MAX_MINUTES, 1)}
                    </Form.Item>
                  </Col>
                  <Col span={4}>
                    <Button onClick={() => remove(field.name)} aria-label={labelled('remove')}>
                      ×
                    </Button>
                  </Col>
                </Row>
              );
            })}
            <Form.ErrorList errors={errors} />
            <Space wrap style={{ marginBottom: 16 }}>
              <Button onClick={() => add(nextLevelRow(form.getFieldValue('levels') ?? []))}>
                {t('admin.tournaments.levels.addLevel')}
              </Button>
              <Button onClick={() => add(breakRow())}>{t('admin.tournaments.levels.addBreak')}</Button>
            </Space>
          </>
        )}
      </Form.List>
      <Form.Item name="anteKind" label={t('admin.tournaments.levels.anteKind')}>
        <Select
          options={ANTE_KINDS.map((kind) => ({
            value: kind,
            label: t(`admin.tournaments.levels.anteKinds.${kind}`),
          }))}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('admin.tournaments.levels.payoutNote')}</Typography.Paragraph>
    </section>
  );
}
