import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AntdProvider } from '../../app/AntdProvider';
import { initialAuthState, loggedOut, setAuthenticated, setUserInfo } from '../../app/authSlice';
import { createI18n } from '../../app/i18n';
import { createStore } from '../../app/store';
import { fakeFetch } from '../../test/render';
import { runningSitAndGo } from '../../test/tournaments';
import type { TournamentDetail, TournamentPlayer } from '../../api/tournamentTypes';
import { setOwnSeed } from './playerSeed';
import { reloadTableSettings, TABLE_SETTINGS_KEY } from './settings';
import { event, headsUpStart, snapshot, tableInfo, tableSeat, tournamentState } from './tableFixtures';
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
  const router = createMemoryRouter(
    [
      { path: '/table/:id', element: <TablePage /> },
      { path: '/tournament/:id', element: <p>The tournament&apos;s lobby</p> },
      { path: '/', element: <p>The main lobby</p> },
    ],
    { initialEntries: ['/table/7'] },
  );
  const i18n = createI18n();
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <AntdProvider>
          <RouterProvider router={router} />
        </AntdProvider>
      </I18nextProvider>
    </Provider>,
  );
  const socket = FakeWebSocket.instances.at(-1)!;
  act(() => socket.open());
  return { socket, store, router, i18n };
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

  it('new blinds set during the hand are announced from the next hand, in English and Mongolian, until the table has them', async () => {
    const { socket, i18n } = renderTable(false);
    socket.receive(snapshot({ seq: 4, table: tableInfo(seats) }), ...headsUpStart(5, null));
    socket.receive(event(11, { type: 'stakes-changing', smallBlind: 100, bigBlind: 200 }));
    expect(screen.getByTestId('stakes-notice')).toHaveTextContent(
      'Blinds change to ₮100/₮200 from the next hand',
    );
    expect(screen.getByTestId('table-game')).toHaveTextContent('₮5/₮10');
    await act(() => i18n.changeLanguage('mn'));
    expect(screen.getByTestId('stakes-notice')).toHaveTextContent('Дараагийн гараас блайнд ₮100/₮200 болно');
    const { seats: _seats, ...updated } = tableInfo(seats, { smallBlind: 100, bigBlind: 200 });
    void _seats;
    socket.receive(event(12, { type: 'table-updated', table: updated }));
    expect(screen.queryByTestId('stakes-notice')).not.toBeInTheDocument();
    expect(screen.getByTestId('table-game')).toHaveTextContent('₮100/₮200');
  });

  it('one who opens the table during such a hand reads the notice from the snapshot; an update that still carries it keeps it', () => {
    const { socket } = renderTable(false);
    const table = tableInfo(seats, { nextStakes: { smallBlind: 10, bigBlind: 20 } });
    socket.receive(snapshot({ seq: 4, table }), ...headsUpStart(5, null));
    expect(screen.getByTestId('stakes-notice')).toHaveTextContent(
      'Blinds change to ₮10/₮20 from the next hand',
    );
    const { seats: _seats, ...same } = table;
    void _seats;
    socket.receive(
      event(11, { type: 'table-updated', table: { ...same, waitlist: { userIds: [9], offer: null } } }),
    );
    expect(screen.getByTestId('stakes-notice')).toBeInTheDocument();
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

  it('an all-in player still in the hand is told the hand plays out, not that they are dealt in next hand', () => {
    const { socket } = renderTable(true);
    socket.receive(
      snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) }),
      ...headsUpStart(5, ['As', 'Ad']),
    );
    socket.receive(
      event(11, { type: 'action', seat: 0, action: 'allin', to: 1000, added: 995, stack: 0, allIn: true }),
    );
    expect(screen.queryByText('You will be dealt in from the next hand.')).not.toBeInTheDocument();
    expect(screen.getByText('You are all in: the hand plays out without you acting.')).toBeInTheDocument();
  });

  it('Sit Out during a hand: the seat says it sits out after this hand while its player holds cards', () => {
    const { socket } = renderTable(true);
    socket.receive(
      snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(seats) }),
      ...headsUpStart(5, ['As', 'Ad']),
    );
    socket.receive(event(11, { type: 'sat-out', seat: 0 }));
    const seat = screen.getByLabelText('bat');
    expect(seat).not.toHaveTextContent('Sitting out');
    expect(seat).toHaveTextContent('Sits out after this hand');
    expect(screen.getByRole('group', { name: 'Your turn' })).toBeInTheDocument();
  });

  it("the Information dialog explains the deck commitment and the players' seeds, not a revealed server seed", async () => {
    const { socket } = renderTable(true);
    socket.receive(snapshot({ seq: 1, viewer: { userId: 1, seat: null }, table: tableInfo(seats) }));
    await userEvent.click(screen.getByRole('button', { name: /Menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Information' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).not.toHaveTextContent(/secret seed|seed is revealed/);
    expect(dialog).toHaveTextContent(/commits to every card of the shuffled deck/);
    expect(dialog).toHaveTextContent(/seed/);
    expect(dialog).toHaveTextContent(/folded and mucked cards are never opened/);
  });

  it('the header abbreviates the betting as the lobby does, in Mongolian too (ХГ, not NL)', () => {
    const { socket, i18n } = renderTable(false);
    socket.receive(snapshot({ seq: 1, table: tableInfo(seats) }));
    expect(screen.getByTestId('table-game')).toHaveTextContent("Hold'em NL · ₮5/₮10");
    act(() => void i18n.changeLanguage('mn'));
    expect(screen.getByTestId('table-game')).toHaveTextContent('Холдем ХГ');
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

/** Table events one at a time, each in its own turn as a browser delivers them (no act() batching them). */
async function burstOfEvents(socket: FakeWebSocket, firstSeq: number, count: number) {
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    for (let i = 0; i < count; i++) {
      const deckCommitment = (i % 256).toString(16).padStart(2, '0').repeat(32);
      const message = event(firstSeq + i, { type: 'deck-committed', deckCommitment });
      socket.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
      await Promise.resolve();
      await Promise.resolve();
    }
  } finally {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  }
}

// A bot table sends bursts of events. Rendered at the sync lane once per message (useSyncExternalStore),
// an open dialog's portal kept an update waiting and React threw "Maximum update depth exceeded" (#185).
describe('a burst of table events', () => {
  const start = (socket: FakeWebSocket, table = tableInfo(seats)) =>
    socket.receive(snapshot({ seq: 4, viewer: { userId: 1, seat: null }, table }));
  const lastDeck = (socket: FakeWebSocket, seq: number) =>
    socket.receive(event(seq, { type: 'deck-committed', deckCommitment: 'ee'.repeat(32) }));

  it('renders without an update loop, dialogs closed', async () => {
    const { socket } = renderTable(true);
    start(socket);
    socket.receive(...headsUpStart(5, null));
    await burstOfEvents(socket, 11, 150);
    lastDeck(socket, 161);
    expect(screen.getByLabelText('dorj')).toBeInTheDocument();
  });

  it('renders without an update loop while the Information dialog is open', async () => {
    const { socket } = renderTable(true);
    start(socket);
    await userEvent.click(screen.getByRole('button', { name: /Menu/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Information' }));
    await screen.findByRole('dialog');
    await burstOfEvents(socket, 5, 150);
    lastDeck(socket, 155);
    expect(screen.getByRole('dialog')).toHaveTextContent(/commits to every card of the shuffled deck/);
  });

  it('renders without an update loop while the seat dialog is open', async () => {
    const { socket } = renderTable(true);
    start(socket, tableInfo([tableSeat(3, 2, 'dorj')]));
    await userEvent.click(screen.getAllByRole('button', { name: 'Sit' })[0]);
    await screen.findByRole('dialog');
    await burstOfEvents(socket, 5, 150);
    lastDeck(socket, 155);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('a tournament table', () => {
  // The clock stands still: a countdown built at Date.now() + 4:12 reads 4:12 however slowly the page renders.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());
  const levelEndsAt = () => Date.now() + 4 * 60_000 + 12_000;
  const tournamentTable = (overrides = {}) =>
    tableInfo(seats, {
      name: 'Sit & Go · 1',
      smallBlind: 1_000,
      bigBlind: 2_000,
      minBuyIn: 0,
      maxBuyIn: 0,
      tournament: tournamentState({ levelEndsAt: levelEndsAt(), ...overrides }),
    });

  it('shows the level with its blinds and ante, the time to the next level, players left and the average stack; chips carry no ₮', () => {
    const { socket } = renderTable(true);
    socket.receive(snapshot({ seq: 3, viewer: { userId: 1, seat: 0 }, table: tournamentTable() }));
    const strip = screen.getByRole('region', { name: 'Tournament' });
    expect(strip).toHaveTextContent('Level3');
    expect(strip).toHaveTextContent('Blinds1,000/2,000 (2,000)');
    expect(strip).toHaveTextContent('Next level in4:12');
    expect(strip).toHaveTextContent('Players7/9');
    expect(strip).toHaveTextContent('Avg stack19,285');
    expect(strip).not.toHaveTextContent('Hand-for-hand');
    expect(screen.getByTestId('table-game')).toHaveTextContent('1,000/2,000');
    expect(screen.getByTestId('table-game')).not.toHaveTextContent('₮');
    // Stacks are chips, and no jackpot is played for.
    expect(screen.getByLabelText('dorj')).toHaveTextContent('1,000');
    expect(screen.getByLabelText('dorj')).not.toHaveTextContent('₮');
    expect(screen.queryByLabelText('Jackpot')).not.toBeInTheDocument();
    // The level change arrives as table-updated: the strip follows.
    socket.receive(
      event(4, {
        type: 'table-updated',
        table: (({ seats: _seats, ...rest }) => rest)(
          tableInfo([], {
            name: 'Sit & Go · 1',
            smallBlind: 1_500,
            bigBlind: 3_000,
            tournament: tournamentState({ level: 4, ante: 3_000, playersLeft: 6, handForHand: true }),
          }),
        ),
      }),
    );
    expect(strip).toHaveTextContent('Level4');
    expect(strip).toHaveTextContent('Blinds1,500/3,000 (3,000)');
    expect(strip).toHaveTextContent('Players6/9');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Hand-for-hand');
    // The winner is placed: the strip says it is over, no clock runs on.
    socket.receive(
      event(5, {
        type: 'table-updated',
        table: (({ seats: _seats, ...rest }) => rest)(
          tableInfo([], { tournament: tournamentState({ playersLeft: 0, levelEndsAt: levelEndsAt() }) }),
        ),
      }),
    );
    expect(strip).toHaveTextContent('PlayersTournament over');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('on a break the strip counts down to its end', () => {
    const { socket } = renderTable(true);
    socket.receive(
      snapshot({ seq: 3, viewer: { userId: 1, seat: 0 }, table: tournamentTable({ isBreak: true }) }),
    );
    const strip = screen.getByRole('region', { name: 'Tournament' });
    expect(strip).toHaveTextContent('BreakOn break');
    expect(strip).toHaveTextContent('Break ends in4:12');
  });

  it('offers no cash-only control: no seat to take, no Add Chips, no Leave, no auto top-up; the tournament lobby instead', async () => {
    const { socket, router } = renderTable(true);
    socket.receive(snapshot({ seq: 3, viewer: { userId: 1, seat: 0 }, table: tournamentTable() }));
    expect(screen.queryByRole('button', { name: 'Sit' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Seat options'));
    expect(screen.getByRole('checkbox', { name: 'Sit out next hand' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /top-up/i })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Menu/ }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).not.toContain('Add Chips (Recharge)');
    expect(items).not.toContain('Leave Table');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Tournament lobby' }));
    expect(router.state.location.pathname).toBe('/tournament/4');
  });

  it('the eliminated player sees the place and the prize in ₮, and goes on to the tournament lobby or the main lobby', async () => {
    const { socket, router } = renderTable(true);
    socket.receive(snapshot({ seq: 3, viewer: { userId: 1, seat: 0 }, table: tournamentTable() }));
    // Someone else's finish is only news.
    socket.receive(event(4, { type: 'tournament-finish', userId: 2, place: 9, prize: 0, entrants: 9 }));
    expect(screen.queryByTestId('tournament-finish')).not.toBeInTheDocument();
    socket.receive(
      event(5, { type: 'seat-left', seat: 0, userId: 1, reason: 'busted' }),
      event(6, { type: 'tournament-finish', userId: 1, place: 3, prize: 18_000, entrants: 9 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Your tournament is over' });
    expect(dialog).toHaveTextContent('You finished in place 3 of 9.');
    expect(dialog).toHaveTextContent('Your prize of ₮18,000 is in your balance.');
    expect(screen.queryByTestId('removed-notice')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tournament lobby' }));
    expect(router.state.location.pathname).toBe('/tournament/4');
  });

  it('the winner is told so, from the snapshot after a reconnect too, and may go to the main lobby', async () => {
    const { socket, router } = renderTable(true);
    socket.receive(
      snapshot({
        seq: 3,
        viewer: { userId: 1, seat: null, finished: { place: 1, prize: 54_000, entrants: 9 } },
        table: tournamentTable(),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'You won the tournament!' });
    expect(dialog).toHaveTextContent('₮54,000');
    await userEvent.click(screen.getByRole('button', { name: 'Main lobby' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it("a moved player's page follows to the new table without a reload and says where they sit", async () => {
    const { socket, router } = renderTable(true);
    socket.receive(snapshot({ seq: 3, viewer: { userId: 1, seat: 0 }, table: tournamentTable() }));
    socket.receive(
      event(4, { type: 'tournament-move', userId: 2, tableId: 9, tableName: 'MTT · 2', seat: 4 }),
    );
    expect(router.state.location.pathname).toBe('/table/7');
    socket.receive(
      event(5, { type: 'seat-left', seat: 0, userId: 1, reason: 'moved' }),
      event(6, { type: 'tournament-move', userId: 1, tableId: 9, tableName: 'MTT · 2', seat: 4 }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/table/9'));
    const next = FakeWebSocket.instances.at(-1)!;
    expect(next.url).toMatch(/\/ws\/table\/9$/);
    expect(screen.getByTestId('moved-notice')).toHaveTextContent('You were moved to MTT · 2, seat 5.');
    expect(screen.queryByTestId('removed-notice')).not.toBeInTheDocument();
  });

  it('a table that closes without a word for its player asks the tournament: moved elsewhere, the page follows; cancelled, it says so', async () => {
    const detail = (players: TournamentPlayer[], status: TournamentDetail['status'] = 'running') =>
      runningSitAndGo({ tournamentId: 4, status, players });
    const me = { userId: 1, username: 'bat', stack: 9_000, seat: 2, place: null, prize: 0, bot: false };
    const closeUnexplained = (socket: FakeWebSocket) => {
      socket.receive(snapshot({ seq: 3, viewer: { userId: 1, seat: 0 }, table: tournamentTable() }));
      socket.receive(
        event(4, { type: 'seat-left', seat: 0, userId: 1, reason: 'moved' }),
        event(5, { type: 'table-closed' }),
      );
    };
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/v1/user/tournaments/4': [200, detail([{ ...me, tableId: 12 }])] }).fetchFn,
    );
    const moved = renderTable(true);
    closeUnexplained(moved.socket);
    await waitFor(() => expect(moved.router.state.location.pathname).toBe('/table/12'));
    cleanup();

    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/v1/user/tournaments/4': [200, detail([{ ...me, tableId: null }], 'cancelled')],
      }).fetchFn,
    );
    const cancelled = renderTable(true);
    closeUnexplained(cancelled.socket);
    expect(await screen.findByText(/The tournament was cancelled/)).toBeInTheDocument();
    expect(cancelled.router.state.location.pathname).toBe('/table/7');
  });
});

describe('player notes and colour tags at the table', () => {
  const dorjNote = {
    userId: 2,
    username: 'dorj',
    note: 'bluffs the river',
    colour: 'red',
    updatedAt: '2026-11-26T10:00:00.000Z',
  };
  const threeSeats = [...seats, tableSeat(5, 3, 'saraa')];

  it("shows the viewer's tags on the seats from one read: colour name and note in the label, the note as the tooltip", async () => {
    const { fetchFn, calls } = fakeFetch({ 'GET /api/v1/user/notes': [200, { notes: [dorjNote] }] });
    vi.stubGlobal('fetch', fetchFn);
    const { socket } = renderTable(true);
    socket.receive(snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(threeSeats) }));
    const tag = await screen.findByRole('img', { name: 'Red tag, with a note' });
    expect(tag).toHaveAttribute('title', 'bluffs the river');
    expect(screen.getByLabelText('dorj')).toContainElement(tag);
    expect(screen.getAllByTestId('seat-note-tag')).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/api/v1/user/notes')).toHaveLength(1);
  });

  it('a tap on another seat opens the note; saving sends it and the seat shows the new tag without a second read', async () => {
    const saved = { ...dorjNote, userId: 3, username: 'saraa', note: '', colour: 'blue' };
    const { fetchFn, calls } = fakeFetch({
      'GET /api/v1/user/notes': [200, { notes: [dorjNote] }],
      'PUT /api/v1/user/notes/3': [200, { saved }],
    });
    vi.stubGlobal('fetch', fetchFn);
    const { socket } = renderTable(true);
    socket.receive(snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(threeSeats) }));
    await screen.findByRole('img', { name: 'Red tag, with a note' });

    await userEvent.click(screen.getByRole('button', { name: 'Note on saraa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your note on saraa' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Blue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/v1/user/notes/3',
      body: { note: '', colour: 'blue' },
    });
    expect(await screen.findByRole('img', { name: 'Blue tag' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Red tag, with a note' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/v1/user/notes')).toHaveLength(1);

    // Opening dorj's note shows what is kept on him.
    await userEvent.click(screen.getByText('dorj'));
    const again = await screen.findByRole('dialog', { name: 'Your note on dorj' });
    expect(within(again).getByRole('textbox', { name: 'Note' })).toHaveValue('bluffs the river');
    expect(within(again).getByRole('radio', { name: 'Red' })).toBeChecked();
  });

  it('another account signed in without a reload never sees the notes of the one before', async () => {
    const first = fakeFetch({ 'GET /api/v1/user/notes': [200, { notes: [dorjNote] }] });
    vi.stubGlobal('fetch', first.fetchFn);
    const { socket, store } = renderTable(true);
    socket.receive(snapshot({ seq: 4, table: tableInfo(threeSeats) }));
    await screen.findByRole('img', { name: 'Red tag, with a note' });

    const second = fakeFetch({ 'GET /api/v1/user/notes': [200, { notes: [] }] });
    vi.stubGlobal('fetch', second.fetchFn);
    act(() => {
      store.dispatch(loggedOut());
    });
    expect(screen.queryByTestId('seat-note-tag')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(setAuthenticated(true));
      store.dispatch(setUserInfo({ ...me, userId: 9, username: 'saraa' } as never));
    });
    expect(screen.queryByTestId('seat-note-tag')).not.toBeInTheDocument();
    await waitFor(() => expect(second.calls.filter((c) => c.path === '/api/v1/user/notes')).toHaveLength(1));
    expect(screen.queryByTestId('seat-note-tag')).not.toBeInTheDocument();
  });

  it("the viewer's own seat opens no note, and a spectator who is not signed in gets none at all", async () => {
    const { fetchFn, calls } = fakeFetch({ 'GET /api/v1/user/notes': [200, { notes: [] }] });
    vi.stubGlobal('fetch', fetchFn);
    const { socket } = renderTable(true);
    socket.receive(snapshot({ seq: 4, viewer: { userId: 1, seat: 0 }, table: tableInfo(threeSeats) }));
    expect(screen.queryByRole('button', { name: 'Note on bat' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('bat'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Note on dorj' })).toBeInTheDocument();
    cleanup();

    calls.length = 0;
    const spectator = renderTable(false).socket;
    spectator.receive(snapshot({ seq: 4, table: tableInfo(threeSeats) }));
    expect(screen.getByLabelText('dorj')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Note on/ })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/v1/user/notes')).toHaveLength(0);
  });
});
