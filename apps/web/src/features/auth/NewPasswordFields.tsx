import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountRule, sameAsRule } from './accountRules';

/** A new password (the server's rules, checked here first) and its repetition, which must match. */
export function NewPasswordFields({
  name,
  label,
  repeatLabel,
  autoFocus = false,
}: {
  name: string;
  label: string;
  repeatLabel: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={name} label={label} rules={[accountRule('password', t)]}>
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item
        name="repeatPassword"
        label={repeatLabel}
        dependencies={[name]}
        rules={[sameAsRule(name, t)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
