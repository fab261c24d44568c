import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

/** Placeholder so /table/{id} resolves; the table feature replaces this file. */
export default function TablePage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <section className="empty-page">
      <h1>{t('table.placeholderTitle', { id })}</h1>
      <Link to="/">{t('common.backToLobby')}</Link>
    </section>
  );
}
