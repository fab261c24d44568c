import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from './i18n';
import en from '../locales/en.json';
import mn from '../locales/mn.json';

function setQuery(search: string) {
  window.history.replaceState({}, '', `/${search}`);
}
function setCookie(value: string | null) {
  document.cookie =
    value === null ? 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/' : `i18next=${value}; path=/`;
}

describe('language detection', () => {
  beforeEach(() => {
    setQuery('');
    setCookie(null);
    document.documentElement.removeAttribute('lang');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setQuery('');
    setCookie(null);
  });

  it('takes the querystring lng before the cookie and localStorage', () => {
    setQuery('?lng=mn');
    setCookie('en');
    localStorage.setItem('i18nextLng', 'en');
    expect(createI18n().language).toBe('mn');
  });

  it('takes the cookie before localStorage', () => {
    setCookie('mn');
    localStorage.setItem('i18nextLng', 'en');
    expect(createI18n().language).toBe('mn');
  });

  it('takes localStorage before sessionStorage and the browser language', () => {
    localStorage.setItem('i18nextLng', 'mn');
    sessionStorage.setItem('i18nextLng', 'en');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    expect(createI18n().language).toBe('mn');
  });

  it('takes sessionStorage before the browser language', () => {
    sessionStorage.setItem('i18nextLng', 'mn');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    expect(createI18n().language).toBe('mn');
  });

  it('falls back to the browser language, reduced to a supported one', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['mn-MN', 'en']);
    expect(createI18n().resolvedLanguage).toBe('mn');
  });

  it('uses the html lang attribute after the browser language', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue([]);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('');
    document.documentElement.setAttribute('lang', 'mn');
    expect(createI18n().resolvedLanguage).toBe('mn');
  });

  it('falls back to English for a language the site does not speak', () => {
    setQuery('?lng=fr');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    const i18n = createI18n();
    expect(i18n.resolvedLanguage).toBe('en');
    expect(i18n.t('gate.tapToFullscreen')).toBe('Tap to Fullscreen');
  });

  it('caches the detected language in localStorage under i18nextLng', () => {
    setQuery('?lng=mn');
    createI18n();
    expect(localStorage.getItem('i18nextLng')).toBe('mn');
  });

  it('caches a language the user switches to', async () => {
    localStorage.setItem('i18nextLng', 'en');
    const i18n = createI18n();
    await i18n.changeLanguage('mn');
    expect(localStorage.getItem('i18nextLng')).toBe('mn');
    expect(i18n.t('menu.login')).toBe('Нэвтрэх');
  });
});

describe('translations', () => {
  function keys(object: object, prefix = ''): string[] {
    return Object.entries(object).flatMap(([key, value]) =>
      typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
    );
  }
  function values(object: object): string[] {
    return Object.values(object).flatMap((value) =>
      typeof value === 'object' && value !== null ? values(value) : [String(value)],
    );
  }

  it('English and Mongolian have exactly the same keys', () => {
    expect(keys(mn).sort()).toEqual(keys(en).sort());
  });

  it('no translation is empty and Mongolian is written in Cyrillic', () => {
    for (const value of [...values(en), ...values(mn)]) expect(value.trim()).not.toBe('');
    const cyrillic = values(mn).filter((value) => /[А-Яа-яӨөҮүЁё]/.test(value));
    expect(cyrillic.length).toBeGreaterThan(values(mn).length * 0.9);
  });

  it('uses the spec texts in English exactly', () => {
    expect(en.gate.tapToFullscreen).toBe('Tap to Fullscreen');
    expect(en.auth.loginFailed).toBe('Login failed');
    expect(en.auth.loginSuccess).toBe('Successfully logged in');
    expect(en.auth.registerSuccess).toBe('Registered successfully');
    expect(en.auth.registerError).toBe('Registration error: {{reason}}');
    expect(en.auth.registerUnknownError).toBe('An error occurred during registration');
    expect(en.profile.withdraw.required).toBe('Please enter amount!');
    expect(en.profile.withdraw.range).toBe('Amount must be between {{min}} and {{max}}');
    expect(en.profile.withdraw.created).toBe('Withdrawal created successfully');
    expect(en.common.unknownError).toBe('Unknown error occurred');
    expect(en.profile.withdraw.empty).toBe('No withdrawals found!');
    expect(Object.values(en.lobby.columns)).toEqual([
      'No.',
      'Name',
      'Variant',
      'Buy-In',
      'Players',
      'Blinds',
      'Table',
    ]);
  });
});

describe('the stored language', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    window.history.replaceState({}, '', '/');
  });
  afterEach(() => vi.restoreAllMocks());

  it('is the bare code: a browser saying mn-MN gives and stores mn', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['mn-MN']);
    const i18n = createI18n();
    expect(i18n.language).toBe('mn');
    expect(localStorage.getItem('i18nextLng')).toBe('mn');
  });

  it('an old stored en-US is read as en and stored again as en', () => {
    localStorage.setItem('i18nextLng', 'en-US');
    expect(createI18n().language).toBe('en');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
  });

  it('an unsupported first browser language gives way to a supported later one', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'mn-MN']);
    expect(createI18n().language).toBe('mn');
    expect(localStorage.getItem('i18nextLng')).toBe('mn');
  });
});
