import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from './hooks';
import { toggleTheme } from './themeSlice';

/** Light/dark toggle; the store saves each change under themeMode. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const mode = useAppSelector((state) => state.theme.mode);
  return (
    <button
      type="button"
      className="icon-button"
      role="switch"
      aria-checked={mode === 'dark'}
      aria-label={t('settings.darkTheme')}
      title={t('settings.darkTheme')}
      onClick={() => dispatch(toggleTheme())}
    >
      <span aria-hidden="true">{mode === 'dark' ? '☾' : '☀'}</span>
    </button>
  );
}
