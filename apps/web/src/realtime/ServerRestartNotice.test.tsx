import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { App } from '../App';
import { createI18n } from '../app/i18n';
import { routes } from '../app/routes';
import { createStore } from '../app/store';
import { playerMe } from '../test/fixtures';
import { fakeFetch, renderWithApp } from '../test/render';
import { GLOBAL_SOCKET_RECONNECT_DELAY_MS } from '../app/constants';
import { restartBegan, restartEnded } from './serverRestart';
import { ServerRestartNotice } from './ServerRestartNotice';

class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  opens() {
    this.readyState = 1;
    this.onopen?.();
  }
  closesWith(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  document.documentElement.requestFullscreen = () => Promise.resolve();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('the "server restarting" notice', () => {
  it('shows while a socket closed with 1012 reconnects, and goes when every socket is back', () => {
    const { store } = renderWithApp(<ServerRestartNotice />);
    expect(screen.queryByTestId('server-restarting')).toBeNull();
    act(() => {
      store.dispatch(restartBegan('global'));
      store.dispatch(restartBegan('table'));
    });
    expect(screen.getByRole('status')).toHaveTextContent('Server restarting — reconnecting…');
    act(() => store.dispatch(restartEnded('global')));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => store.dispatch(restartEnded('table')));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('speaks Mongolian to a Mongolian reader', async () => {
    const { store, i18n } = renderWithApp(<ServerRestartNotice />);
    await act(() => i18n.changeLanguage('mn'));
    act(() => store.dispatch(restartBegan('table')));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Сервер дахин ачаалж байна — дахин холбогдож байна…',
    );
  });

  it('appears site-wide when /ws/global closes with 1012 and goes once it has reconnected', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/v1/user/tables': [200, []], 'GET /api/v1/user/me': [200, playerMe] }).fetchFn,
    );
    vi.stubGlobal('WebSocket', FakeWebSocket);
    localStorage.setItem('i18nextLng', 'en');
    localStorage.setItem('accessToken', 'tok');
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    render(<App store={createStore()} i18n={createI18n()} router={router} />);
    fireEvent.click(screen.getByRole('button', { name: /Tap to Fullscreen/ }));
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    vi.useFakeTimers();
    act(() => FakeWebSocket.instances[0].opens());
    act(() => FakeWebSocket.instances[0].closesWith(1012));
    expect(screen.getByTestId('server-restarting')).toHaveTextContent('Server restarting — reconnecting…');

    // The usual reconnect policy: the first retry 2000 ms later; the new process is not up yet.
    act(() => vi.advanceTimersByTime(GLOBAL_SOCKET_RECONNECT_DELAY_MS));
    expect(FakeWebSocket.instances).toHaveLength(2);
    act(() => FakeWebSocket.instances[1].closesWith(1006));
    expect(screen.getByTestId('server-restarting')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(GLOBAL_SOCKET_RECONNECT_DELAY_MS * 2));
    act(() => FakeWebSocket.instances[2].opens());
    expect(screen.queryByTestId('server-restarting')).toBeNull();
  });
});
