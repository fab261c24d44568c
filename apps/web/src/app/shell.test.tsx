import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { AdminGuard } from './AdminGuard';
import { App } from '../App';
import { adminMe, playerMe } from '../test/fixtures';
import { fakeFetch } from '../test/render';
import { unauthorized } from './authSlice';
import { createI18n } from './i18n';
import { routes } from './routes';
import { createStore } from './store';

const player = { ...playerMe, balance: 5000 };
const admin = { ...adminMe, balance: 5000 };

class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
}

function renderApp(path: string, api: Record<string, [number, unknown]>, appRoutes: RouteObject[] = routes) {
  vi.stubGlobal('fetch', fakeFetch({ 'GET /api/v1/user/tables': [200, []], ...api }).fetchFn);
  vi.stubGlobal('WebSocket', FakeWebSocket);
  localStorage.setItem('i18nextLng', 'en');
  const store = createStore();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(<App store={store} i18n={createI18n()} router={router} />);
  fireEvent.click(screen.getByRole('button', { name: /Tap to Fullscreen/ }));
  return { store, router };
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  document.documentElement.requestFullscreen = () => Promise.resolve();
});
afterEach(() => vi.unstubAllGlobals());

describe('the app shell', () => {
  it('signs a visitor without a token out at once and offers Login, Sign Up and Forgot Password', async () => {
    const { store } = renderApp('/', {});
    expect(await screen.findByRole('button', { name: 'Menu' }, { timeout: 3000 })).toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, checkedAuth: true });
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Login',
      'Sign Up',
      'Forgot Password',
    ]);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('an administrator also gets the Admin Menu entry', async () => {
    localStorage.setItem('accessToken', 'tok');
    renderApp('/', { 'GET /api/v1/user/me': [200, admin] });
    const menu = await screen.findByRole('button', { name: 'Menu' }, { timeout: 3000 });
    await waitFor(() => expect(screen.getByLabelText('Balance')).toBeInTheDocument());
    fireEvent.click(menu);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'User Profile',
      'Admin Menu',
      'Logout',
    ]);
  });

  it('a signed-in player sees Info with username and balance, User Profile and Logout, but no Admin Menu', async () => {
    localStorage.setItem('accessToken', 'tok');
    renderApp('/', { 'GET /api/v1/user/me': [200, player] });
    const menu = await screen.findByRole('button', { name: 'Menu' }, { timeout: 3000 });
    await waitFor(() => expect(screen.getByLabelText('Balance')).toHaveTextContent('₮5,000'));
    fireEvent.click(menu);
    expect(screen.getByRole('group', { name: 'Info' })).toHaveTextContent('Username: bat');
    expect(screen.getByRole('group', { name: 'Info' })).toHaveTextContent('Balance: ₮5,000');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'User Profile',
      'Logout',
    ]);
  });

  it('opens /ws/global for a signed-in player, sends AUTH, and shows BALANCE_UPDATE live', async () => {
    localStorage.setItem('accessToken', 'tok');
    const { store } = renderApp('/', { 'GET /api/v1/user/me': [200, player] });
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.instances[0];
    expect(socket.url).toMatch(/^ws:\/\/.+\/ws\/global$/);
    act(() => {
      socket.readyState = 1;
      socket.onopen?.();
    });
    expect(JSON.parse(socket.sent[0])).toEqual({ type: 'AUTH', token: 'tok' });
    act(() => {
      socket.onmessage?.({
        data: JSON.stringify({ type: 'BALANCE_UPDATE', data: { userId: 999, balance: 1, locked: 0 } }),
      });
      socket.onmessage?.({
        data: JSON.stringify({
          type: 'BALANCE_UPDATE',
          data: { userId: playerMe.userId, balance: 7777, locked: 1234 },
        }),
      });
      socket.onmessage?.({
        data: JSON.stringify({ type: 'GAME', action: 'JACKPOT_UPDATE', amount: 424242 }),
      });
    });
    expect(store.getState().auth.userBalance).toBe(7777);
    expect(store.getState().auth.userInfo?.locked).toBe(1234);
    expect(store.getState().jackpot.amount).toBe(424242);
    await waitFor(() => expect(screen.getByLabelText('Balance')).toHaveTextContent('₮7,777'));

    // The user goes away (signed out): the connection is closed and no new one is opened.
    act(() => {
      store.dispatch(unauthorized());
    });
    expect(socket.readyState).toBe(3);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  /** The guard around a stand-in admin area (the admin feature's own pages are tested there). */
  const guardedRoutes: RouteObject[] = [
    { path: '/', element: <p>lobby</p> },
    {
      path: '/admin/*',
      element: (
        <AdminGuard>
          <p>admin area</p>
        </AdminGuard>
      ),
    },
  ];

  it('sends a player who is not an admin from /admin back to /', async () => {
    localStorage.setItem('accessToken', 'tok');
    const { router } = renderApp('/admin/user', { 'GET /api/v1/user/me': [200, player] }, guardedRoutes);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends a visitor from /admin back to /', async () => {
    const { router } = renderApp('/admin', {}, guardedRoutes);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
  });

  it('lets an administrator into /admin', async () => {
    localStorage.setItem('accessToken', 'tok');
    const { router } = renderApp('/admin/user', { 'GET /api/v1/user/me': [200, admin] }, guardedRoutes);
    expect(await screen.findByText('admin area', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/user');
  });

  it('shows the maintenance screen with its message when maintenance is on', async () => {
    renderApp('/', { 'GET /api/v1/user/maintenance': [200, { enabled: true, message: 'Back at 10:00' }] });
    expect(await screen.findByText('Back at 10:00', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Under maintenance' })).toBeInTheDocument();
  });

  it('switches the language from the header and remembers it', async () => {
    renderApp('/', {});
    fireEvent.click(await screen.findByRole('button', { name: 'МН' }, { timeout: 3000 }));
    expect(await screen.findByRole('button', { name: 'Цэс' })).toBeInTheDocument();
    expect(localStorage.getItem('i18nextLng')).toBe('mn');
  });

  it('toggles the dark theme from the header and saves it', async () => {
    renderApp('/', {});
    fireEvent.click(await screen.findByRole('switch', { name: 'Dark theme' }, { timeout: 3000 }));
    expect(localStorage.getItem('themeMode')).toBe('dark');
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
  });
});
