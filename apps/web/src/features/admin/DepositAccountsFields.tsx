import { MAX_SITE_BANK_ACCOUNTS, SiteBankAccountSchema, type Settings } from '@tenger/protocol';
import { Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

type AccountField = keyof typeof SiteBankAccountSchema.shape;

/** A form rule from the server's own zod schema of the field, with the form's message. */
function zodRule(field: AccountField, message: string) {
  return {
    validator: (_rule: unknown, value: unknown) =>
      SiteBankAccountSchema.shape[field].safeParse(value ?? '').success
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}

function rulesOf(field: AccountField, t: TFunction) {
  const message =
    field === 'accountNumber' ? t('admin.settings.accountNumberRule') : t('admin.common.required');
  return [zodRule(field, message)];
}

/** The site's receiving bank accounts in settings: a list per language, at most five each. */
export function DepositAccountsFields() {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={5}>{t('admin.settings.depositAccounts')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin.settings.depositAccountsHelp')}</Typography.Paragraph>
      <Row gutter={16}>
        {(['en', 'mn'] as const).map((language) => (
          <Col xs={24} lg={12} key={language}>
            <Card
              size="small"
              title={t(
                language === 'en' ? 'admin.settings.depositAccountsEn' : 'admin.settings.depositAccountsMn',
              )}
              style={{ marginBottom: 16 }}
              data-testid={`deposit-accounts-${language}`}
            >
              <Form.List name={['depositAccounts', language]}>
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((field, index) => (
                      <div key={field.key} className="deposit-account-fields">
                        <Form.Item<Settings>
                          name={[field.name, 'bank'] as never}
                          label={`${t('admin.settings.accountBank')} ${index + 1}`}
                          rules={rulesOf('bank', t)}
                        >
                          <Input maxLength={64} />
                        </Form.Item>
                        <Form.Item<Settings>
                          name={[field.name, 'accountNumber'] as never}
                          label={t('admin.settings.accountNumber')}
                          rules={rulesOf('accountNumber', t)}
                        >
                          <Input maxLength={41} inputMode="numeric" />
                        </Form.Item>
                        <Form.Item<Settings>
                          name={[field.name, 'holder'] as never}
                          label={t('admin.settings.accountHolder')}
                          rules={rulesOf('holder', t)}
                        >
                          <Input maxLength={100} />
                        </Form.Item>
                        <Button size="small" danger onClick={() => remove(field.name)}>
                          {t('admin.settings.removeAccount')}
                        </Button>
                      </div>
                    ))}
                    <Button
                      onClick={() => add({ bank: '', accountNumber: '', holder: '' })}
                      disabled={fields.length >= MAX_SITE_BANK_ACCOUNTS}
                      style={{ marginTop: 8 }}
                    >
                      {t('admin.settings.addAccount')}
                    </Button>
                  </>
                )}
              </Form.List>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
