import { InputNumber, type InputNumberProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupAmountText } from './amountInput';

/**
 * The one money input of the forms: antd's InputNumber showing thousands separators while typing
 * (`1,250,000`) with the integer as its value. antd's own parser drops the separators again. Give no
 * `precision` where a fraction must be refused rather than rounded.
 */
export function AmountInput(props: InputNumberProps<number>) {
  const { i18n } = useTranslation();
  return (
    <InputNumber<number>
      inputMode="numeric"
      formatter={(value, info) =>
        groupAmountText(
          info.userTyping ? info.input : value === undefined ? '' : String(value),
          i18n.language,
        )
      }
      style={{ width: '100%' }}
      {...props}
    />
  );
}
