import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AntdProvider } from '../app/AntdProvider';
import { createI18n } from '../app/i18n';
import { createStore, type RootState } from '../app/store';

/**
 * Renders a component with a fresh store, English (or `language`), antd's provider and a memory router
 * (at `path`, under the route pattern `route`, `*` unless a page reads its params).
 */
export function renderWithApp(
  ui: ReactElement,
  options: {
    preloadedState?: Partial<RootState>;
    path?: string;
    route?: string;
    language?: 'en' | 'mn';
  } = {},
) {
  const store = createStore(options.preloadedState);
  localStorage.setItem('i18nextLng', options.language ?? 'en');
  const i18n = createI18n();
  const router = createMemoryRouter([{ path: options.route ?? '*', element: ui }], {
    initialEntries: [options.path ?? '/'],
  });
  const view = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <AntdProvider>
          <RouterProvider router={router} />
        </AntdProvider>
      </I18nextProvider>
    </Provider>,
  );
  return { ...view, store, router, i18n };
}

/** A fetch that answers by path: `{ 'GET /api/v1/user/me': [200, body] }`; anything else is 404. */
export function fakeFetch(routes: Record<string, [number, unknown]>) {
  const calls: { method: string; path: string; search: string; headers: Headers; body: unknown }[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    calls.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    });
    const [status, body] = routes[`${request.method} ${url.pathname}`] ?? [
      404,
      { error: { code: 'NOT_FOUND', message: 'Not found' } },
    ];
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetchFn, calls };
}
