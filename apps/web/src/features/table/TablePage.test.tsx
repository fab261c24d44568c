import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AntdProvider } from '../../app/AntdProvider';
import { initialAuthState } from '../../app/authSlice';
import { createI18n } from '../../app/i18n';
import { createStore } from '../../app/store';
import { fakeFetch } from '../../test/render';
import { setOwnSeed } from './playerSeed';
import { reloadTableSettings, TABLE_SETTINGS_KEY } from './settings';
import { event, headsUpStart, snapshot, tableInfo, tableSeat } from './tableFixtures';
import TablePage from './TablePage';

class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(...messages: unknown[]) {
    act(() => {
      for (const message of messages)
        this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
    });
  }
}

const me = {
  userId: 1,
  username: 'bat',
  email: 'bat@example.mn',
  role: 'PLAYER',
  isAdmin: false,
  balance: 5000,
  locked: 0,
};
const seats = [tableSeat(0, 1, 'bat'), tableSeat(3, 2, 'dorj')];

function renderTable(signedIn: boolean) {
  if (signedIn) localStorage.setItem('accessToken', 'tok');
  localStorage.setItem('i18nextLng', 'en');
  const store = createStore({
    auth: signedIn
      ? {
          ...initialAuthState,
          isAuthenticated: true,
          checkedAuth: true,
          userInfo: me as never,
          userBalance: 5000,
        }
      : { ...initialAuthState, checkedAuth: true },
  });
  const router = createMemoryRouter([{ path: '/table/:id', element: <TablePage /> }], {
    initialEntries: ['/table/7'],
  });
  render(
    <Provider store={store}>
      <I18nextProvider i18n={createI18n()}>
        <AntdProvider>
          <RouterProvider router={router} />
        </AntdProvider>
      </I18nextProvider>
    </Provider>,
  );
  const socket = FakeWebSocket.instances.at(-1)!;
  act(() => socket.open());
  return { socket, store };
}

const actionsSent = (socket: FakeWebSocket) => socket.sent.filter((m) => m.type === 'ACTION');

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.stubGlobal('fetch', fakeFetch({}).fetchFn);
  reloadTableSettings();
});
afterEach(() => vi.unstubAllGlobals());

describe('the table page', () => {
  it('a seated player sends a seed for every new deck commitment: random by default, the one typed in Settings verbatim', () => {
    const { socket } = renderTable(true);
    socket.receive(snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) }));
    socket.receive(event(5, { type: 'deck-committed', deckCommitment: 'a1'.repeat(32) }));
    const seeds = () => socket.sent.filter((m) => m.type === 'SEED').map((m) => m.seed);
    expect(seeds()).toHaveLength(1);
    expect(seeds()[0]).toMatch(/^[0-9a-f]{32}$/);
    setOwnSeed('typed by bat ~ 7');
    socket.receive(event(6, { type: 'deck-committed', deckCommitment: 'b2'.repeat(32) }));
    expect(seeds()).toHaveLength(2);
    expect(seeds()[1]).toBe('typed by bat ~ 7');
    setOwnSeed('');
  });

  it('a spectator sends no seed', () => {
    const { socket } = renderTable(false);
    socket.receive(snapshot({ seq: 4, table: tableInfo(seats), nextDeckCommitment: 'a1'.repeat(32) }));
    socket.receive(event(5, { type: 'deck-committed', deckCommitment: 'b2'.repeat(32) }));
    expect(socket.sent.filter((m) => m.type === 'SEED')).toEqual([]);
  });

  it('connects to /ws/table/{id}; a spectator sees the players and the board but no hole cards', () => {
    const { socket } = renderTable(false);
    expect(socket.url).toMatch(/\/ws\/table\/7$/);
    expect(socket.sent).toEqual([]);
    socket.receive(snapshot({ seq: 4, table: tableInfo(seats) }), ...headsUpStart(5, null));
    expect(screen.getByLabelText('bat')).toBeInTheDocument();
    expect(screen.getByLabelText('dorj')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Face-down card' })).toHaveLength(4);
    expect(screen.queryByRole('group', { name: 'Your turn' })).not.toBeInTheDocument();
    expect(screen.getByText('You are watching this table.')).toBeInTheDocument();
  });

  it('a seated player sees their cards, the hand name, and acts with the hand number and state id', async () => {
    const { socket } = renderTable(true);
    expect(socket.sent[0]).toMatchObject({ type: 'AUTH', token: 'tok' });
    socket.receive(
      snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) }),
      ...headsUpStart(5, ['As', 'Ad']),
    );
    expect(screen.getByRole('img', { name: 'Ace of Spades' })).toBeInTheDocument();
    expect(screen.getByTestId('best-hand')).toHaveTextContent('Pair of Aces');
    await userEvent.click(screen.getByRole('button', { name: /Call ₮5/ }));
    expect(actionsSent(socket)).toEqual([
      expect.objectContaining({ type: 'ACTION', action: 'call', handNumber: 1, stateId: 0 }),
    ]);
  });

  it('carries out a ticked pre-action as soon as the turn comes', async () => {
    const { socket } = renderTable(true);
    const [started, sb, bb, mine, theirs] = headsUpStart(5, ['7c', '2d']);
    socket.receive(
      snapshot({ seq: 4, viewer: { userId: 1, seat: 3 }, table: tableInfo(seats) }),
      started,
      sb,
      bb,
      mine,
      theirs,
    );
    socket.receive(event(10, { type: 'hole-cards-dealt', seat: 3, count: 2, cards: ['7c', '2d'] }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Check/Fold' }));
    socket.receive(
      event(11, {
        type: 'next-to-act',
        seat: 3,
        legal: {
          seat: 3,
          toCall: 0,
          actions: [
            { type: 'check', min: 10, max: 10 },
            { type: 'raise', min: 20, max: 1000 },
          ],
        },
      }),
    );
    await waitFor(() =>
      expect(actionsSent(socket)).toEqual([expect.objectContaining({ action: 'check', handNumber: 1 })]),
    );
    expect(screen.queryByRole('checkbox', { name: 'Check/Fold' })).not.toBeInTheDocument();
  });

  it('an empty seat opens the seat dialog and Take seat sends SIT with the amount', async () => {
    const { socket } = renderTable(true);
    socket.receive(
      snapshot({ seq: 1, viewer: { userId: 1, seat: null }, table: tableInfo([tableSeat(3, 2, 'dorj')]) }),
    );
    await userEvent.click(screen.getAllByRole('button', { name: 'Sit' })[0]);
    const amount = await screen.findByRole('spinbutton', { name: 'Amount' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '800');
    await userEvent.click(screen.getByRole('button', { name: 'Take seat' }));
    await waitFor(() =>
      expect(socket.sent.find((m) => m.type === 'SIT')).toMatchObject({ seat: 0, amount: 800 }),
    );
  });

  it('settings chosen in the dialog are remembered', async () => {
    const { socket } = renderTable(true);
    socket.receive(snapshot({ seq: 1, viewer: { userId: 1, seat: null }, table: tableInfo(seats) }));
    await userEvent.click(screen.getByRole('button', { name: /Menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Settings' }));
    await userEvent.click(await screen.findByRole('switch', { name: 'Four colour deck' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Enable animations' }));
    expect(JSON.parse(localStorage.getItem(TABLE_SETTINGS_KEY) ?? '{}')).toMatchObject({
      fourColourDeck: true,
      animations: false,
    });
    expect(screen.getByText('bat@example.mn')).toBeInTheDocument();
  });
});
