import {
  ACCOUNT_NUMBER_PATTERN,
  BANK_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_PATTERN,
} from '@tenger/protocol/rules';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { RULE_VALUES } from '../../api/serverErrors';

/** What is wrong with a value under the server's account rules, as a `validation.*` key, or null. */
export type AccountField = 'email' | 'username' | 'password' | 'bank' | 'accountNumber';

export function accountProblem(field: AccountField, raw: unknown): string | null {
  const value = typeof raw === 'string' ? raw : '';
  // The server trims these before checking; so do we.
  const trimmed = field === 'password' ? value : value.trim();
  if (trimmed.length === 0) return 'validation.required';
  switch (field) {
    case 'email':
      return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed)
        ? null
        : 'validation.fields.email';
    case 'username':
      return USERNAME_PATTERN.test(trimmed) ? null : 'validation.fields.username';
    case 'password':
      if (value.length < PASSWORD_MIN_LENGTH) return 'validation.fields.password';
      return value.length <= PASSWORD_MAX_LENGTH ? null : 'validation.passwordTooLong';
    case 'bank':
      return trimmed.length <= BANK_MAX_LENGTH ? null : 'validation.fields.bank';
    case 'accountNumber':
      return ACCOUNT_NUMBER_PATTERN.test(trimmed) ? null : 'validation.fields.accountNumber';
  }
}

/**
 * An antd rule that checks one field against the server's rules (from `@tenger/protocol/rules`) and
 * says what is wrong in the interface language, before anything is sent.
 */
export function accountRule(field: AccountField, t: TFunction): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      const problem = accountProblem(field, value);
      return problem ? Promise.reject(new Error(t(problem, RULE_VALUES))) : Promise.resolve();
    },
  };
}

/** Only "required", in the interface language (login fields, the current password). */
export function requiredRule(t: TFunction): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      typeof value === 'string' && value.length > 0
        ? Promise.resolve()
        : Promise.reject(new Error(t('validation.required'))),
  };
}

/** The repeated password must equal the field named `of`. */
export function sameAsRule(of: string, t: TFunction): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) => {
      if (typeof value !== 'string' || value.length === 0) {
        return Promise.reject(new Error(t('validation.required')));
      }
      return getFieldValue(of) === value
        ? Promise.resolve()
        : Promise.reject(new Error(t('auth.passwordsDiffer')));
    },
  });
}
