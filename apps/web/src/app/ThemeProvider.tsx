import { useEffect, type ReactNode } from 'react';
import { useAppSelector } from './hooks';

/**
 * Applies the theme mode to the document as CSS variables (data-theme) and color-scheme. Ant Design's
 * dark algorithm is applied by AntdProvider around the pages that use antd.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const mode = useAppSelector((state) => state.theme.mode);
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  return <>{children}</>;
}
