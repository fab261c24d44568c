import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MyWaitlist } from '@tenger/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lobbyTable, signedInPlayer } from '../../test/fixtures';
import { fakeFetch, renderWithApp } from '../../test/render';
import LobbyPage from './LobbyPage';

const tables = [
  lobbyTable({ tableId: 1, no: 1, name: 'Khangai', players: { seated: 3, max: 9 } }),
  lobbyTable({ tableId: 2, no: 2, name: 'Altai', players: { seated: 6, max: 6 }, status: 'playing' }),
];

function stubApi(lists: MyWaitlist[], overrides: Record<string, [number, unknown]> = {}) {
  const fake = fakeFetch({
    'GET /api/v1/user/tables': [200, tables],
    'GET /api/v1/user/tables/waitlists': [200, { tables: lists }],
    'POST /api/v1/user/tables/2/waitlist': [200, { message: 'On the waiting list' }],
    'DELETE /api/v1/user/tables/2/waitlist': [200, { message: 'Off the waiting list' }],
    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetchFn);
  return fake;
}

afterEach(() => vi.unstubAllGlobals());

const row = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('the waiting list in the lobby', () => {
  it('a full table offers Join with how many wait; joining posts it', async () => {
    const fake = stubApi([{ tableId: 2, waiting: 2, place: null, offer: null }]);
    renderWithApp(<LobbyPage />, { preloadedState: signedInPlayer() });
    const altai = await row('Altai');
    expect(await within(altai).findByText('Waiting: 2')).toBeInTheDocument();
    expect(within(await row('Khangai')).queryByRole('button', { name: /waiting list/ })).toBeNull();
    fireEvent.click(within(altai).getByRole('button', { name: 'Join waiting list: Altai' }));
    await waitFor(() =>
      expect(fake.calls.some((c) => c.method === 'POST' && c.path === '/api/v1/user/tables/2/waitlist')).toBe(
        true,
      ),
    );
  });

  it('on the list: the place and Leave', async () => {
    const fake = stubApi([{ tableId: 2, waiting: 3, place: 2, offer: null }]);
    renderWithApp(<LobbyPage />, { preloadedState: signedInPlayer() });
    const altai = await row('Altai');
    expect(await within(altai).findByText('In line: 2 of 3')).toBeInTheDocument();
    fireEvent.click(within(altai).getByRole('button', { name: 'Leave: Altai' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('a refusal is said beside the button, in the reader’s language', async () => {
    stubApi([], {
      'POST /api/v1/user/tables/2/waitlist': [
        400,
        { error: { code: 'bad_seat', message: 'A seat is free' } },
      ],
    });
    renderWithApp(<LobbyPage />, { preloadedState: signedInPlayer() });
    const altai = await row('Altai');
    fireEvent.click(await within(altai).findByRole('button', { name: 'Join waiting list: Altai' }));
    expect(await within(altai).findByRole('alert')).not.toBeEmptyDOMElement();
  });

  it('a seat held for the player shows above the list; Take seat opens the table asking for it', async () => {
    // Date stands still (timers and promises run): the seconds left do not depend on the machine's speed.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const deadline = Date.now() + 25_000;
    stubApi([{ tableId: 2, waiting: 1, place: 1, offer: { seat: 4, deadline } }]);
    const { router } = renderWithApp(<LobbyPage />, { preloadedState: signedInPlayer() });
    const offer = await screen.findByTestId('lobby-waitlist-offer');
    expect(offer).toHaveTextContent(/A seat is free for you at Altai: 25 s left/);
    fireEvent.click(within(offer).getByRole('button', { name: 'Take seat: Altai' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/table/2?waitlist=take');
  });

  it('visitors are offered no waiting list', async () => {
    stubApi([]);
    renderWithApp(<LobbyPage />);
    expect(await screen.findByRole('button', { name: 'Full: Altai' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /waiting list/ })).toBeNull();
  });
});
