import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import mn from '../locales/mn.json';
import {
  FALLBACK_LANGUAGE,
  LANGUAGE_DETECTION_ORDER,
  LANGUAGE_QUERY_PARAM,
  STORAGE_KEYS,
  SUPPORTED_LANGUAGES,
} from './constants';

export const resources = { en: { translation: en }, mn: { translation: mn } } as const;

/**
 * A ready i18next instance: English and Mongolian bundled (they are small), the browser detector
 * with the spec's order, the choice cached in localStorage under `i18nextLng`, English as fallback.
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: FALLBACK_LANGUAGE,
      initAsync: false,
      interpolation: { escapeValue: false },
      detection: {
        order: [...LANGUAGE_DETECTION_ORDER],
        lookupQuerystring: LANGUAGE_QUERY_PARAM,
        lookupLocalStorage: STORAGE_KEYS.language,
        caches: ['localStorage'],
        // 'en-US' -> 'en', 'mn-MN' -> 'mn': only the bare code is used and stored.
        convertDetectedLanguage: bareLanguageCode,
      },
      react: { useSuspense: false },
    });
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng.slice(0, 2);
  });
  if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage(instance);
  return instance;
}

/** A language tag reduced to its language ('en-US' -> 'en'), as detection and storage keep it. */
export function bareLanguageCode(tag: string): string {
  return tag.split(/[-_]/)[0].toLowerCase();
}

/** The interface language reduced to one we support ('en' | 'mn'). */
export function currentLanguage(instance: I18n): (typeof SUPPORTED_LANGUAGES)[number] {
  const lng = (instance.resolvedLanguage ?? instance.language ?? FALLBACK_LANGUAGE).slice(0, 2);
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(lng) ? (lng as 'en' | 'mn') : FALLBACK_LANGUAGE;
}
