import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import mnMN from 'antd/locale/mn_MN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from './hooks';

const LIGHT_MENU_TOKENS = { itemSelectedBg: '#e3f1ea', itemSelectedColor: '#125c3b' };
const BRAND_TOKENS = {
  colorPrimary: '#187a4f',
  colorError: '#c4161c',
  borderRadius: 8,
  fontFamily: 'inherit',
};

/**
 * Ant Design's theme (light or dark algorithm from the theme state) and locale. Only pages that use
 * antd load this (the router wraps them), so the lobby and the shell stay free of antd's weight.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const mode = useAppSelector((state) => state.theme.mode);
  const { i18n } = useTranslation();
  return (
    <ConfigProvider
      locale={i18n.language?.startsWith('mn') ? mnMN : enUS}
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
