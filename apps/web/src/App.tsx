import type { i18n as I18n } from 'i18next';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider, type DataRouter } from 'react-router';
import { AuthBootstrap } from './app/AuthBootstrap';
import { FullscreenGate } from './app/FullscreenGate';
import { createI18n } from './app/i18n';
import { routes } from './app/routes';
import { createStore, type AppStore } from './app/store';
import { ThemeProvider } from './app/ThemeProvider';
import { tableDevicePreferences } from './features/table/devicePreferences';
import { ServerRestartNotice } from './realtime/ServerRestartNotice';

export interface AppProps {
  store?: AppStore;
  i18n?: I18n;
  /** Tests pass a memory router; the site uses the browser's history. */
  router?: DataRouter;
}

/** The whole app: store, languages, theme, the fullscreen gate, then the routes. */
export function App({ store, i18n, router }: AppProps) {
  const appStore = useMemo(() => store ?? createStore(), [store]);
  const appI18n = useMemo(() => i18n ?? createI18n(), [i18n]);
  const appRouter = useMemo(() => router ?? createBrowserRouter(routes), [router]);
  // Queries that ask for it (the tournaments) are re-read when the window regains focus or the network.
  useEffect(() => setupListeners(appStore.dispatch), [appStore]);
  return (
    <Provider store={appStore}>
      <I18nextProvider i18n={appI18n}>
        <ThemeProvider>
          <AuthBootstrap devicePreferences={tableDevicePreferences} />
          <ServerRestartNotice />
          <FullscreenGate>
            <RouterProvider router={appRouter} />
          </FullscreenGate>
        </ThemeProvider>
      </I18nextProvider>
    </Provider>
  );
}
