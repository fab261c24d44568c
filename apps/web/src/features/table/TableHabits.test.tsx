// The table's look chosen in Settings (kept on the account) and the session panel, on the whole page.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../app/authSlice';
import { FakeSocket } from '../../test/fakeSocket';
import { fakeFetch, renderWithApp } from '../../test/render';
import { reloadTableSettings } from './settings';
import { event, snapshot, tableInfo, tableSeat } from './tableFixtures';
import TablePage from './TablePage';

class PageSocket extends FakeSocket {
  static last: PageSocket | null = null;
  constructor(url: string) {
    super(url);
    PageSocket.last = this;
  }
}

const LOOK_URL = 'GET /api/v1/user/table-look';
const me = { userId: 1, username: 'bat', email: 'bat@example.mn', role: 'PLAYER', isAdmin: false };

function renderTable(routes: Parameters<typeof fakeFetch>[0]) {
  const server = fakeFetch(routes);
  vi.stubGlobal('fetch', server.fetchFn);
  localStorage.setItem('accessToken', 'tok');
  renderWithApp(<TablePage />, {
    path: '/table/7',
    route: '/table/:id',
    preloadedState: {
      auth: {
        ...initialAuthState,
        isAuthenticated: true,
        checkedAuth: true,
        userInfo: me as never,
        userBalance: 9_000,
      },
    },
  });
  const socket = PageSocket.last!;
  const receive = (...messages: unknown[]) =>
    act(() => messages.forEach((message) => socket.serverSendsMessage(message)));
  act(() => socket.serverOpens());
  return { receive, calls: server.calls };
}

const tableArea = () => document.querySelector('.table-area')!;

beforeEach(() => {
  vi.stubGlobal('WebSocket', PageSocket);
  reloadTableSettings();
});
afterEach(() => vi.unstubAllGlobals());

describe('the table look and the session panel', () => {
  it("dresses the table in the account's felt and card back, and a choice in Settings applies at once and is saved", async () => {
    const { receive, calls } = renderTable({
      [LOOK_URL]: [200, { felt: 'blue', cardBack: 'gold' }],
      'PUT /api/v1/user/table-look': [200, { felt: 'red', cardBack: 'gold' }],
    });
    receive(
      snapshot({ seq: 1, viewer: { userId: 1, seat: null }, table: tableInfo([tableSeat(3, 2, 'dorj')]) }),
    );
    await waitFor(() => expect(tableArea()).toHaveAttribute('data-felt', 'blue'));
    expect(tableArea()).toHaveAttribute('data-card-back', 'gold');

    await userEvent.click(screen.getByRole('button', { name: /Menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Settings' }));
    const felts = await screen.findByRole('group', { name: 'Table felt' });
    expect(screen.getByRole('radio', { name: 'Blue' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Red' }));
    await waitFor(() => expect(tableArea()).toHaveAttribute('data-felt', 'red'));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        expect.objectContaining({ path: '/api/v1/user/table-look', body: { felt: 'red', cardBack: 'gold' } }),
      ]),
    );
    expect(felts).toBeInTheDocument();
  });

  it('puts the felt back when the server refuses the choice', async () => {
    const { receive, calls } = renderTable({
      [LOOK_URL]: [200, { felt: 'grey', cardBack: 'classic' }],
      'PUT /api/v1/user/table-look': [400, { error: { code: 'validation_failed', message: 'no' } }],
    });
    receive(snapshot({ seq: 1, viewer: { userId: 1, seat: null }, table: tableInfo([]) }));
    await waitFor(() => expect(tableArea()).toHaveAttribute('data-felt', 'grey'));
    await userEvent.click(screen.getByRole('button', { name: /Menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Settings' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Green' }));
    expect(await screen.findByText('Your choice could not be saved. Try again.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(tableArea()).toHaveAttribute('data-felt', 'grey');
  });

  it('shows hands, time seated and the net result from the sit-down, and folds away', async () => {
    const { receive } = renderTable({ [LOOK_URL]: [200, { felt: 'green', cardBack: 'classic' }] });
    receive(
      snapshot({ seq: 1, viewer: { userId: 1, seat: null }, table: tableInfo([tableSeat(3, 2, 'dorj')]) }),
    );
    expect(screen.queryByTestId('session-panel')).not.toBeInTheDocument();

    const hand = (seq: number, number: number, net: number) =>
      event(seq, {
        type: 'hand-result',
        handId: `h${number}`,
        handNumber: number,
        results: [
          { seat: 0, userId: 1, net },
          { seat: 3, userId: 2, net: -net },
        ],
        rake: 0,
        jackpotContribution: 0,
        jackpotPayouts: [],
        deckCommitment: 'c0'.repeat(32),
        playerSeeds: [],
      });
    receive(
      event(2, { type: 'seat-taken', seat: tableSeat(0, 1, 'bat', 2_000) }),
      hand(3, 1, 400),
      hand(4, 2, -1_650),
    );
    expect(screen.getByTestId('session-hands')).toHaveTextContent('2');
    expect(screen.getByTestId('session-time')).toHaveTextContent('0 min');
    expect(screen.getByTestId('session-net')).toHaveTextContent('−₮1,250');

    await userEvent.click(screen.getByRole('button', { name: /This session/ }));
    expect(screen.queryByTestId('session-net')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /This session/ })).toHaveAttribute('aria-expanded', 'false');

    receive(event(5, { type: 'seat-left', seat: 0, userId: 1, reason: 'left' }));
    expect(screen.queryByTestId('session-panel')).not.toBeInTheDocument();
  });
});
