import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import mnMN from 'antd/locale/mn_MN';
import type { Locale } from 'antd/es/locale';
import type { TFunction } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from './hooks';

const LIGHT_MENU_TOKENS = { itemSelectedBg: '#e3f1ea', itemSelectedColor: '#125c3b' };
const BRAND_TOKENS = {
  colorPrimary: '#187a4f',
  colorError: '#c4161c',
  borderRadius: 8,
  fontFamily: 'inherit',
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
        token: BRAND_TOKENS,
        // The selected admin menu entry keeps readable contrast (WCAG AA) in the light theme.
        components: mode === 'dark' ? undefined : { Menu: LIGHT_MENU_TOKENS },
      }}
    >
      <AntApp component={false}>{children}</AntApp>
    </ConfigProvider>
  );
}
