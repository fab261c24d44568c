import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../../app/authSlice';
import { FakeSocket } from '../../../test/fakeSocket';
import { fakeFetch } from '../../../test/render';
import { renderRoutes } from '../../admin/testKit';
import { reloadTableSettings, updateTableSettings } from '../settings';
import { event, headsUpStart, snapshot, tableInfo, tableSeat, tournamentState } from '../tableFixtures';
import MultiTable from './MultiTable';
import { TableSet } from './tableSet';
import { unseenTurns } from './turnNotice';

/** Every socket the table pages opened, in order. */
let sockets: RecordedSocket[] = [];
class RecordedSocket extends FakeSocket {
  constructor(url: string) {
    super(url);
    sockets.push(this);
  }
  /** The server sends these messages. */
  receive(...messages: unknown[]) {
    act(() => {
      for (const message of messages) this.serverSendsMessage(message);
    });
  }
}

/** The live socket of one table (a table keeps one socket for the page's life). */
function socketOf(tableId: string): RecordedSocket {
  const socket = sockets.filter((s) => s.url.endsWith(`/ws/table/${tableId}`)).at(-1);
  if (!socket) throw new Error(`no socket for table ${tableId}`);
  if (socket.readyState === 0) act(() => socket.serverOpens());
  return socket;
}

const me = {
  userId: 1,
  username: 'bat',
  email: 'bat@example.mn',
  role: 'PLAYER',
  isAdmin: false,
  balance: 5000,
};
const NAMES: Record<string, string> = {
  '7': 'Altai',
  '8': 'Gobi',
  '9': 'Khangai',
  '10': 'Orkhon',
  '11': 'Tuul',
};

function renderSet(set: TableSet, path: string) {
  localStorage.setItem('accessToken', 'tok');
  const player = {
    ...initialAuthState,
    isAuthenticated: true,
    checkedAuth: true,
    userInfo: me as never,
    userBalance: 5000,
  };
  return renderRoutes(
    [
      { path: '/table/:id', element: <MultiTable set={set} /> },
      { path: '/', element: <p>The main lobby</p> },
    ],
    path,
    player,
  );
}

/** Altai (7) open, then Gobi (8) from the address. */
function openTwo() {
  const set = new TableSet(undefined);
  set.add('7');
  return { set, ...renderSet(set, '/table/8') };
}

/** Table `id` with bat in seat 0 (it is bat's turn when `turn`), or bat watching. */
function tableState(id: string, opts: { seated: boolean; turn: boolean }) {
  const socket = socketOf(id);
  const info = tableInfo([tableSeat(0, 1, 'bat'), tableSeat(3, 2, 'dorj')], {
    tableId: Number(id),
    name: NAMES[id],
  });
  if (!opts.seated) {
    socket.receive(
      snapshot({
        seq: 1,
        table: tableInfo([tableSeat(3, 2, 'dorj')], { tableId: Number(id), name: NAMES[id] }),
      }),
    );
    return socket;
  }
  socket.receive(snapshot({ seq: 1, viewer: { userId: 1, seat: 0 }, table: info }));
  if (opts.turn) socket.receive(...headsUpStart(2, ['As', 'Kd']));
  return socket;
}

const actions = (socket: RecordedSocket) => socket.messages.filter((m) => m.type === 'ACTION');
const tile = (id: string) => screen.getByTestId(`table-tile-${id}`);

let phone = false;
const realMatchMedia = window.matchMedia.bind(window);
beforeEach(() => {
  sockets = [];
  phone = false;
  vi.stubGlobal('WebSocket', RecordedSocket);
  vi.stubGlobal('fetch', fakeFetch({}).fetchFn);
  // A phone: the tab strip's query matches.
  vi.stubGlobal('matchMedia', (query: string) => ({
    ...realMatchMedia(query),
    matches: phone && query.includes('820px'),
  }));
  reloadTableSettings();
});
afterEach(() => vi.unstubAllGlobals());

describe('several tables at once', () => {
  it('the table in the address joins the set and is focused; each table has its own socket', async () => {
    const { set } = openTwo();
    await waitFor(() => expect(set.getState()).toMatchObject({ ids: ['7', '8'], focused: '8' }));
    expect(socketOf('7')).not.toBe(socketOf('8'));
    tableState('7', { seated: true, turn: false });
    tableState('8', { seated: false, turn: false });
    expect(within(tile('7')).getByText('Altai')).toBeInTheDocument();
    expect(within(tile('8')).getByText('Gobi')).toBeInTheDocument();
    expect(tile('8')).toHaveAttribute('data-focused', 'true');
    expect(tile('7')).not.toHaveAttribute('data-focused');
  });

  it('a table where it is your turn is flagged; the hotkeys act on the focused table only', async () => {
    const { set } = openTwo();
    const altai = tableState('7', { seated: true, turn: true });
    const gobi = tableState('8', { seated: true, turn: true });
    await waitFor(() => expect(tile('7')).toHaveAttribute('data-your-turn', 'true'));
    expect(tile('8')).toHaveAttribute('data-your-turn', 'true');
    expect(set.getState().status['7']).toEqual({ name: 'Altai', yourTurn: true, seated: true });

    await userEvent.keyboard('c');
    expect(actions(gobi)).toEqual([expect.objectContaining({ action: 'call', handNumber: 1 })]);
    expect(actions(altai)).toEqual([]);

    // A click on the other tile moves the focus (and the address) there; the keys follow.
    fireEvent.pointerDown(within(tile('7')).getByText('Altai'));
    await waitFor(() => expect(tile('7')).toHaveAttribute('data-focused', 'true'));
    await userEvent.keyboard('f');
    expect(actions(altai)).toEqual([expect.objectContaining({ action: 'fold', handNumber: 1 })]);
    expect(actions(gobi)).toHaveLength(1);
  });

  it('the flag moves with the turn: gone when the turn ends, raised at the other table', async () => {
    openTwo();
    tableState('7', { seated: true, turn: false });
    tableState('8', { seated: true, turn: true });
    await waitFor(() => expect(tile('8')).toHaveAttribute('data-your-turn', 'true'));
    expect(tile('7')).not.toHaveAttribute('data-your-turn');
    expect(within(tile('8')).getByText('Your turn', { selector: '.mt-tile__turn' })).toBeInTheDocument();
    socketOf('7').receive(...headsUpStart(2, ['2c', '7d']));
    socketOf('8').receive({
      type: 'EVENT',
      seq: 8,
      event: { type: 'next-to-act', seat: 3, legal: null },
    });
    await waitFor(() => expect(tile('7')).toHaveAttribute('data-your-turn', 'true'));
    expect(tile('8')).not.toHaveAttribute('data-your-turn');
  });

  it('refuses a fifth table with a clear message and keeps the four', async () => {
    const set = new TableSet(undefined);
    for (const id of ['7', '8', '9', '10']) set.add(id);
    const { router } = renderSet(set, '/table/11');
    expect(await screen.findByTestId('table-set-full')).toHaveTextContent(
      'You can play at most 4 tables at once. Close one of them first.',
    );
    expect(set.getState().ids).toEqual(['7', '8', '9', '10']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/table/10'));
    expect(sockets.some((s) => s.url.endsWith('/ws/table/11'))).toBe(false);
  });

  it('closing a watched table’s tile closes its view; the last one left is the whole page again', async () => {
    const { set } = openTwo();
    tableState('7', { seated: false, turn: false });
    tableState('8', { seated: false, turn: false });
    const gobi = socketOf('8');
    await userEvent.click(await screen.findByRole('button', { name: 'Close Gobi' }));
    await waitFor(() => expect(set.getState().ids).toEqual(['7']));
    expect(gobi.readyState).toBe(3);
    expect(screen.queryByTestId('table-tile-8')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close Altai' })).not.toBeInTheDocument();
  });

  it('closing a seated table’s tile leaves the seat as Leave Table does, then closes it', async () => {
    const { set } = openTwo();
    tableState('7', { seated: false, turn: false });
    const gobi = tableState('8', { seated: true, turn: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Close Gobi' }));
    const leave = await waitFor(() => {
      const sent = gobi.messages.find((m) => m.type === 'LEAVE');
      expect(sent).toBeDefined();
      return sent!;
    });
    expect(set.getState().ids).toEqual(['7', '8']);
    gobi.receive({ type: 'ACK', requestId: leave.requestId });
    await waitFor(() => expect(set.getState().ids).toEqual(['7']));
  });

  it('a tournament table plays in the set: a move puts the new table in its place; closing it leaves no seat', async () => {
    const { set } = openTwo();
    const tournament = tableInfo([tableSeat(0, 1, 'bat'), tableSeat(3, 2, 'dorj')], {
      tableId: 7,
      name: 'Sit & Go · 1',
      tournament: tournamentState(),
    });
    const first = socketOf('7');
    first.receive(snapshot({ seq: 1, viewer: { userId: 1, seat: 0 }, table: tournament }));
    tableState('8', { seated: false, turn: false });
    first.receive(
      event(2, { type: 'seat-left', seat: 0, userId: 1, reason: 'moved' }),
      event(3, { type: 'tournament-move', userId: 1, tableId: 9, tableName: 'Sit & Go · 2', seat: 4 }),
    );
    await waitFor(() => expect(set.getState().ids).toEqual(['9', '8']));
    const moved = socketOf('9');
    moved.receive(
      snapshot({
        seq: 1,
        viewer: { userId: 1, seat: 4 },
        table: { ...tournament, tableId: 9, name: 'Sit & Go · 2' },
      }),
    );
    expect(await within(tile('9')).findByTestId('moved-notice')).toHaveTextContent(
      'You were moved to Sit & Go · 2',
    );
    expect(within(tile('8')).queryByTestId('moved-notice')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close Sit & Go · 2' }));
    await waitFor(() => expect(set.getState().ids).toEqual(['8']));
    expect(moved.messages.filter((m) => m.type === 'LEAVE')).toEqual([]);
  });

  it('on a phone a tab strip switches tables and marks the one where it is your turn', async () => {
    phone = true;
    const { set } = openTwo();
    tableState('7', { seated: true, turn: true });
    tableState('8', { seated: false, turn: false });
    const tabs = await screen.findByRole('tablist', { name: 'Your tables' });
    const altaiTab = within(tabs).getByRole('tab', { name: /Altai/ });
    await waitFor(() => expect(altaiTab).toHaveAttribute('data-your-turn', 'true'));
    expect(within(altaiTab).getByLabelText('Your turn')).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Gobi' })).toHaveAttribute('aria-selected', 'true');
    expect(tile('7')).not.toBeVisible();
    await userEvent.click(altaiTab);
    expect(altaiTab).toHaveAttribute('aria-selected', 'true');
    expect(tile('7')).toBeVisible();
    expect(tile('8')).not.toBeVisible();
    // The strip closes the focused table (the top bar keeps its room on a phone).
    expect(within(tile('7')).queryByRole('button', { name: /^Close/ })).not.toBeInTheDocument();
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Gobi' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close Gobi' }));
    await waitFor(() => expect(set.getState().ids).toEqual(['7']));
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('a turn at a table not looked at flashes the title; off in the settings, nothing flashes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      document.title = 'Tenger Poker';
      openTwo();
      tableState('7', { seated: true, turn: true });
      await waitFor(() => expect(document.title).toBe('Your turn · Altai'));
      act(() => void vi.advanceTimersByTime(1000));
      expect(document.title).toBe('Tenger Poker');
      act(() => void updateTableSettings({ turnTitleFlash: false }));
      act(() => void vi.advanceTimersByTime(3000));
      expect(document.title).toBe('Tenger Poker');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the your-turn notice', () => {
  it('an unseen turn brings one notification (where allowed) and one vibration; a seen one brings none', async () => {
    const shown: { title: string; body?: string }[] = [];
    class FakeNotification {
      static permission: NotificationPermission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body });
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, vibrate });
    updateTableSettings({ turnNotification: true });
    openTwo();
    tableState('8', { seated: true, turn: true });
    tableState('7', { seated: true, turn: true });
    await waitFor(() =>
      expect(shown).toEqual([{ title: 'Your turn · Altai', body: 'It is your turn at Altai.' }]),
    );
    expect(vibrate).toHaveBeenCalledTimes(1);
    // Gobi's turn is the focused table's: no notice for it.
    updateTableSettings({ turnNotification: false });
  });
});

describe('which turns are unseen', () => {
  const tables = [
    { id: '7', name: 'Altai', yourTurn: true },
    { id: '8', name: 'Gobi', yourTurn: true },
    { id: '9', name: 'Tuul', yourTurn: false },
  ];
  it('a turn at another table than the focused one; every turn when the document is hidden', () => {
    expect(unseenTurns(tables, '8', false).map((t) => t.id)).toEqual(['7']);
    expect(unseenTurns(tables, '8', true).map((t) => t.id)).toEqual(['7', '8']);
    expect(unseenTurns(tables.slice(2), '9', true)).toEqual([]);
  });
});
