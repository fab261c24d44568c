import type { TFunction } from 'i18next';

/**
 * The form rule for an amount an administrator moves: a whole number of tugrik from 1 to `max`.
 * The value is checked as typed, never rounded or clamped.
 */
export function wholeAmountRule(max: number, t: TFunction) {
  return {
    validator: (_rule: unknown, value: number | null | undefined) =>
      value === null || value === undefined || (Number.isSafeInteger(value) && value >= 1 && value <= max)
        ? Promise.resolve()
        : Promise.reject(new Error(t('admin.deposits.amountRange', { max: max.toLocaleString('en-US') }))),
  };
}
