import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { CurrentUser } from '../../api/types';
import { AntdProvider } from '../../app/AntdProvider';
import { initialAuthState, type AuthState } from '../../app/authSlice';
import { createI18n } from '../../app/i18n';
import { createStore } from '../../app/store';

// jsdom lacks ResizeObserver (antd's Segmented, Typography ellipsis and Select measure with it).
if (!('ResizeObserver' in globalThis)) {
  class NoResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = NoResizeObserver;
}

export const adminUser = {
  userId: 1,
  username: 'admin',
  email: 'admin@tenger.test',
  role: 'ADMIN',
  isAdmin: true,
  balance: 0,
  locked: 0,
  bank: 'Khan Bank',
  accountNumber: '5000000001',
  preferences: {},
  createdAt: '2026-11-01T00:00:00.000Z',
} as CurrentUser;

export const signedInAdmin: AuthState = {
  ...initialAuthState,
  isAuthenticated: true,
  checkedAuth: true,
  userInfo: adminUser,
};

/** A request as the fake server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Answer = [number, unknown] | Promise<[number, unknown]>;
type Handler = (request: SeenRequest) => Answer | undefined;

/**
 * Stubs fetch with a handler per `METHOD /path` (path without /api/v1/admin or /api/v1/user prefix
 * kept as is). Unknown calls get 404. Answers may be promises, to hold a response in flight.
 */
export function stubServer(routes: Record<string, Handler | [number, unknown]>) {
  const seen: SeenRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const entry: SeenRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    seen.push(entry);
    const route = routes[`${request.method} ${url.pathname}`];
    const answer = typeof route === 'function' ? route(entry) : route;
    const [status, body] = (await answer) ?? [404, { error: { code: 'not_found', message: 'Not found' } }];
    return new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json' },
    });
  });
  return {
    seen,
    calls: (method: string, path: string) => seen.filter((r) => r.method === method && r.path === path),
  };
}

/** Renders routes with a store (admin signed in unless told otherwise), English and antd. */
export function renderRoutes(routes: RouteObject[], path: string, auth: AuthState = signedInAdmin) {
  localStorage.setItem('i18nextLng', 'en');
  const store = createStore({ auth });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <I18nextProvider i18n={createI18n()}>
        <AntdProvider>
          <RouterProvider router={router} />
        </AntdProvider>
      </I18nextProvider>
    </Provider>,
  );
  return { ...view, store, router };
}

/** Renders one admin element at a path under /admin. */
export function renderAdmin(element: ReactElement, path: string) {
  return renderRoutes(
    [
      { path: '/admin/*', element },
      { path: '/', element: <p>Lobby</p> },
    ],
    path,
  );
}

/** A promise with its resolve handle, to hold a fake response in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
