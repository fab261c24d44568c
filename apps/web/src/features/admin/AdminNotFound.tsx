import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** An /admin path that names no screen. */
export default function AdminNotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('admin.notFound')}
      extra={<Button onClick={() => navigate('/admin')}>{t('admin.menu.users')}</Button>}
    />
  );
}
