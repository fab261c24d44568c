import type { AdminTable, BettingStructure, CreateTableRequest, TableVariant } from '@tenger/protocol';
import {
  Alert,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Switch,
  Typography,
  type FormInstance,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MAX_AMOUNT } from './adminConstants';

export type TableFormValues = CreateTableRequest;

const VARIANTS: TableVariant[] = ['holdem', 'omaha'];
const BETTING: BettingStructure[] = ['no-limit', 'pot-limit'];
export const MIN_SEATS = 2;
export const MAX_SEATS = 9;
/** A table's own action time, in seconds (the server's bounds). */
export const MIN_ACTION_SECONDS = 5;
export const MAX_ACTION_SECONDS = 120;

export const NEW_TABLE: TableFormValues = {
  name: '',
  variant: 'holdem',
  betting: 'no-limit',
  smallBlind: 100,
  bigBlind: 200,
  minBuyIn: 4000,
  maxBuyIn: 20000,
  maxPlayers: 6,
  actionTimeSeconds: null,
  closed: false,
};

export function formValuesOf(table: AdminTable): TableFormValues {
  return {
    name: table.name,
    variant: table.variant,
    betting: table.betting,
    smallBlind: table.smallBlind,
    bigBlind: table.bigBlind,
    minBuyIn: table.minBuyIn,
    maxBuyIn: table.maxBuyIn,
    maxPlayers: table.maxPlayers,
    actionTimeSeconds: table.actionTimeSeconds,
    closed: table.closed,
  };
}

/**
 * What is wrong with a table's stakes, if anything: small blind ≤ big blind ≤ minimum buy-in ≤ maximum
 * buy-in (the server's rule), as a translation key per field.
 */
export function tableStakesProblems(
  v: Partial<TableFormValues>,
): Partial<Record<keyof TableFormValues, string>> {
  const problems: Partial<Record<keyof TableFormValues, string>> = {};
  const known = (n: unknown): n is number => typeof n === 'number';
  if (known(v.smallBlind) && known(v.bigBlind) && v.smallBlind > v.bigBlind) {
    problems.bigBlind = 'admin.tables.errors.bigBelowSmall';
  }
  if (known(v.bigBlind) && known(v.minBuyIn) && v.minBuyIn < v.bigBlind) {
    problems.minBuyIn = 'admin.tables.errors.buyInBelowBlind';
  }
  if (known(v.minBuyIn) && known(v.maxBuyIn) && v.minBuyIn > v.maxBuyIn) {
    problems.maxBuyIn = 'admin.tables.errors.maxBelowMin';
  }
  return problems;
}

/** The table's fields: name, variant, betting, blinds, buy-in range, seats, action time, closed. */
export function TableForm({
  form,
  initialValues,
  onFinish,
  live = false,
}: {
  form: FormInstance<TableFormValues>;
  initialValues: TableFormValues;
  onFinish: (values: TableFormValues) => void;
  /** A hand is being played at the table: the edit applies from the next hand (said before saving). */
  live?: boolean;
}) {
  const { t } = useTranslation();
  const moneyInput = (
    <InputNumber<number> min={1} max={MAX_AMOUNT} precision={0} prefix="₮" style={{ width: '100%' }} />
  );
  const stakesRule = (field: keyof TableFormValues) => () => ({
    validator: () => {
      const problem = tableStakesProblems(form.getFieldsValue(true) as Partial<TableFormValues>)[field];
      return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
    },
  });
  const required = { required: true, message: t('admin.common.required') };

  return (
    <Form<TableFormValues> form={form} layout="vertical" initialValues={initialValues} onFinish={onFinish}>
      {live && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="table-live-warning"
          title={t('admin.tables.liveWarning')}
        />
      )}
      <Form.Item name="name" label={t('admin.tables.name')} rules={[{ ...required, whitespace: true }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="variant" label={t('admin.tables.variant')} rules={[required]}>
            <Select options={VARIANTS.map((v) => ({ value: v, label: t(`admin.tables.variants.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="betting" label={t('admin.tables.betting')} rules={[required]}>
            <Select options={BETTING.map((b) => ({ value: b, label: t(`admin.tables.bettings.${b}`) }))} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="smallBlind" label={t('admin.tables.smallBlind')} rules={[required]}>
            {moneyInput}
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="bigBlind"
            label={t('admin.tables.bigBlind')}
            dependencies={['smallBlind']}
            rules={[required, stakesRule('bigBlind')]}
          >
            {moneyInput}
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name="minBuyIn"
            label={t('admin.tables.minBuyIn')}
            dependencies={['bigBlind']}
            rules={[required, stakesRule('minBuyIn')]}
          >
            {moneyInput}
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="maxBuyIn"
            label={t('admin.tables.maxBuyIn')}
            dependencies={['minBuyIn']}
            rules={[required, stakesRule('maxBuyIn')]}
          >
            {moneyInput}
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="maxPlayers" label={t('admin.tables.seats')} rules={[required]}>
            <InputNumber<number> min={MIN_SEATS} max={MAX_SEATS} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="actionTimeSeconds" label={t('admin.tables.actionTime')}>
            <InputNumber<number>
              min={MIN_ACTION_SECONDS}
              max={MAX_ACTION_SECONDS}
              precision={0}
              placeholder={t('admin.tables.actionTimeDefault')}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="closed" label={t('admin.tables.closed')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Typography.Paragraph type="secondary">
        {t('admin.tables.actionTimeNote')} <Link to="/admin/settings">{t('admin.menu.settings')}</Link>
      </Typography.Paragraph>
    </Form>
  );
}
