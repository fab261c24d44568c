import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from './constants';
import { currentLanguage } from './i18n';

/** Switches between English and Mongolian; i18next caches the choice under i18nextLng. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const active = currentLanguage(i18n);
  return (
    <div className="segmented" role="group" aria-label={t('settings.language')}>
      {SUPPORTED_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          className="segmented__item"
          aria-pressed={active === lng}
          lang={lng}
          title={t(`languages.${lng}`)}
          onClick={() => void i18n.changeLanguage(lng)}
        >
          {t(`languages.short.${lng}`)}
        </button>
      ))}
    </div>
  );
}
