import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Placeholder so /admin/* resolves (behind AdminGuard); the admin feature replaces this file. */
export default function AdminRoutes() {
  const { t } = useTranslation();
  return (
    <section className="empty-page">
      <h1>{t('admin.panelTitle')}</h1>
      <Link to="/">{t('common.backToLobby')}</Link>
    </section>
  );
}
