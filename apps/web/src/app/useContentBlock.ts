import { useTranslation } from 'react-i18next';
import { useGetBlockQuery } from '../api/userApi';
import { currentLanguage } from './i18n';

/** A content block's text in the interface language (English when the Mongolian one is empty), or undefined. */
export function useContentBlock(name: string): string | undefined {
  const { i18n } = useTranslation();
  const { data } = useGetBlockQuery(name);
  const body = data?.block;
  if (!body || typeof body !== 'object') return undefined;
  const text = (body[currentLanguage(i18n)] || body.en || '').trim();
  return text.length > 0 ? text : undefined;
}
