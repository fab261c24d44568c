import type { TFunction } from 'i18next';
import { apiErrorMessage } from '../../api/baseQuery';

/** The server's own message for a failed call, or the generic one. */
export function errorText(error: unknown, t: TFunction): string {
  return apiErrorMessage(error) ?? t('common.unknownError');
}
