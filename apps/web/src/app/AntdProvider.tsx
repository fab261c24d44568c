import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import mnMN from 'antd/locale/mn_MN';
import type { Locale } from 'antd/es/locale';
import type { TFunction } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from './hooks';

const LIGHT_COMPONENTS = {
  Menu: { itemSelectedBg: '#e3f1ea', itemSelectedColor: '#125c3b' },
};
/** The dark theme's green text (links, the selected menu entry and tab) and red text, light enough for 4.5:1. */
const DARK_GREEN_TEXT = '#5fc896';
const DARK_RED_TEXT = '#ff7875';
const DARK_COMPONENTS = {
  Menu: { itemSelectedColor: DARK_GREEN_TEXT },
  Tabs: {
    itemSelectedColor: DARK_GREEN_TEXT,
    itemActiveColor: DARK_GREEN_TEXT,
    itemHoverColor: DARK_GREEN_TEXT,
  },
  // A solid danger button on that lighter red takes dark text (white on it is 2.4:1).
  Button: {
    dangerColor: '#141414',
    defaultHoverColor: DARK_GREEN_TEXT,
    defaultHoverBorderColor: DARK_GREEN_TEXT,
  },
};
const BRAND_TOKENS = {
  colorPrimary: '#187a4f',
  colorError: '#c4161c',
  borderRadius: 8,
  fontFamily: 'inherit',
};
/**
 * Secondary, description and placeholder greys that keep 4.5:1 (WCAG AA) on the page, on a card and on
 * the grey of a filled box; antd's own (45 % and 25 % black or white) fall to 3.3:1 and 1.8:1.
 */
const READABLE_GREYS = {
  light: {
    // antd derives a lighter hover (#31875f: white text on it is 4.41:1, under WCAG AA's 4.5:1).
    colorPrimaryHover: '#126a43',
    colorTextDescription: '#666666',
    colorTextTertiary: '#666666',
    colorTextPlaceholder: '#6b6b6b',
  },
  dark: {
    colorTextDescription: '#a6a6a6',
    colorTextTertiary: '#a6a6a6',
    colorTextPlaceholder: '#8c8c8c',
    colorLink: DARK_GREEN_TEXT,
    colorError: DARK_RED_TEXT,
    colorErrorText: DARK_RED_TEXT,
  },
};

/** antd's Mongolian pagination leaves "Page Size" in English and calls the previous pages "next". */
function mongolianLocale(t: TFunction): Locale {
  return {
    ...mnMN,
    Pagination: {
      ...mnMN.Pagination,
      page_size: t('antd.pageSize'),
      prev_5: t('antd.prev5'),
      prev_3: t('antd.prev3'),
    },
  };
}

/**
 * Ant Design's theme (light or dark algorithm from the theme state) and locale. Only pages that use
 * antd load this (the router wraps them), so the lobby and the shell stay free of antd's weight.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const mode = useAppSelector((state) => state.theme.mode);
  const { i18n } = useTranslation();
  const mongolian = useMemo(() => mongolianLocale(i18n.getFixedT('mn')), [i18n]);
  return (
    <ConfigProvider
      locale={i18n.language?.startsWith('mn') ? mongolian : enUS}
      theme={{
        algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { ...BRAND_TOKENS, ...READABLE_GREYS[mode] },
        // The selected admin menu entry keeps readable contrast (WCAG AA) in the light theme.
        components: mode === 'dark' ? DARK_COMPONENTS : LIGHT_COMPONENTS,
      }}
    >
      <AntApp component={false}>{children}</AntApp>
    </ConfigProvider>
  );
}
