import { isErrorCode, type ErrorCode } from '@tenger/protocol/errors';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@tenger/protocol/rules';
import type { TFunction } from 'i18next';
import type { ApiErrorBody } from './types';

/** The numbers the rule texts quote ({{min}}, {{max}} characters of a password). */
export const RULE_VALUES = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } as const;

/**
 * One map from the server's error codes (one vocabulary for HTTP errors and table refusals) to the
 * reader's language. A known code is always shown in the
 * interface language (`errors.codes.<code>`); the server's own (English) message is used only for a code
 * this client does not know, e.g. from a newer server.
 */
export function serverErrorText(error: unknown, t: TFunction): string {
  const body = errorBody(error);
  if (!body) return t('common.unknownError');
  if (isKnownCode(body.code)) return t(`errors.codes.${body.code}`);
  return body.message || t('common.unknownError');
}

/**
 * A refused table command in the reader's language: a server code as any other error; the client's own
 * refusals (`timeout`, `offline`: no answer from the table) from `table.rejects.<code>`.
 */
export function tableRefusalText(code: string, message: string, t: TFunction): string {
  if (isKnownCode(code)) return t(`errors.codes.${code}`);
  return t(`table.rejects.${code}`, { defaultValue: message || t('common.unknownError') });
}

/** The code of a failed call, if the server sent one. */
export function serverErrorCode(error: unknown): string | undefined {
  return errorBody(error)?.code;
}

/** Which form field a code is about, so the message can sit under that field. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, string>> = {
  username_taken: 'username',
  email_taken: 'email',
  wrong_password: 'currentPassword',
  reset_link_invalid: 'token',
};

/**
 * Messages for the fields the server refused, in the reader's language: the code's own message for the
 * field it names; otherwise the server's own field text for an English reader (the server speaks English,
 * and its field texts carry exact bounds such as "At most ₮120000"), else the field's rule text
 * (`validation.fields.<field>`) or a generic one.
 */
export function serverFieldErrors(error: unknown, t: TFunction, language: string): Record<string, string> {
  const body = errorBody(error);
  if (!body) return {};
  const out: Record<string, string> = {};
  const english = language.startsWith('en');
  for (const [field, serverText] of Object.entries(body.fields ?? {})) {
    out[field] =
      english && serverText
        ? serverText
        : t(`validation.fields.${field}`, { ...RULE_VALUES, defaultValue: t('validation.checkField') });
  }
  const named = isKnownCode(body.code) ? FIELD_OF_CODE[body.code] : undefined;
  if (named) out[named] = t(`errors.codes.${body.code}`);
  return out;
}

export function isKnownCode(code: unknown): code is ErrorCode {
  return isErrorCode(code);
}

function errorBody(error: unknown): ApiErrorBody['error'] | undefined {
  const data = (error as { data?: unknown } | undefined)?.data as Partial<ApiErrorBody> | undefined;
  const body = data?.error;
  return body && typeof body === 'object' && typeof body.code === 'string' ? body : undefined;
}
