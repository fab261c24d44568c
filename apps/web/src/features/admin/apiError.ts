import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { apiErrorFields, apiErrorMessage } from '../../api/baseQuery';

/** The server's own message for a failed call, or the generic one. */
export function errorText(error: unknown, t: TFunction): string {
  return apiErrorMessage(error) ?? t('common.unknownError');
}

/** Shows the server's message for each of `names` (e.g. `amount`) under that field of the form. */
export function showServerFieldErrors(form: FormInstance, error: unknown, names: readonly string[]): void {
  const fields = apiErrorFields(error);
  form.setFields(names.filter((name) => fields[name]).map((name) => ({ name, errors: [fields[name]] })));
}
