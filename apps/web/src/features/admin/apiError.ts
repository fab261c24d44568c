import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { serverErrorText, serverFieldErrors } from '../../api/serverErrors';

/** A failed call in the reader's language (the error map), or the generic message. */
export function errorText(error: unknown, t: TFunction): string {
  return serverErrorText(error, t);
}

/** Shows the (translated) message for each of `names` (e.g. `amount`) the server refused, under that field. */
export function showServerFieldErrors(
  form: FormInstance,
  error: unknown,
  names: readonly string[],
  t: TFunction,
  language: string,
): void {
  const fields = serverFieldErrors(error, t, language);
  form.setFields(names.filter((name) => fields[name]).map((name) => ({ name, errors: [fields[name]] })));
}
