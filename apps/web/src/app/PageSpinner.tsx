import { useTranslation } from 'react-i18next';

/** A light loading state shown while a page's code or data arrives (no antd, so it costs nothing). */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="page-spinner__dot" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
