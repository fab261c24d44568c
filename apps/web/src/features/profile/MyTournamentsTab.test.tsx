import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../app/authSlice';
import { playerMe } from '../../test/fixtures';
import { fakeFetch, renderWithApp } from '../../test/render';
import ProfilePage from './ProfilePage';

const signedIn = {
  auth: {
    ...initialAuthState,
    isAuthenticated: true,
    checkedAuth: true,
    userInfo: playerMe,
    userBalance: 50_000,
  },
};

/** Rows as GET /api/v1/user/tournaments/mine sends them (MyTournament). */
const entry = (tournamentId: number, name: string, change: object) => ({
  tournamentId,
  name,
  kind: 'sng',
  variant: 'holdem',
  betting: 'no-limit',
  status: 'finished',
  buyIn: 10_000,
  fee: 1_000,
  entrants: 3,
  registeredAt: '2026-11-20T10:00:00Z',
  finishedAt: '2026-11-20T10:40:00Z',
  place: null,
  prize: 0,
  ...change,
});

afterEach(() => vi.unstubAllGlobals());

describe("the profile's Tournaments tab", () => {
  it('lists each tournament with its buy-in + fee, the place out of the field and the prize, linked to its page', async () => {
    const { fetchFn, calls } = fakeFetch({
      'GET /api/v1/user/tournaments/mine': [
        200,
        {
          items: [
            entry(9, 'Tonight', { status: 'registering', finishedAt: null }),
            entry(8, 'Running', { status: 'running', finishedAt: null }),
            entry(7, 'Won it', { place: 1, prize: 30_000 }),
            entry(6, 'Busted', { place: 3 }),
            entry(5, 'Called off', { status: 'cancelled' }),
          ],
          total: 5,
          page: 1,
          pageSize: 20,
        },
      ],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<ProfilePage />, { preloadedState: signedIn });
    fireEvent.click(screen.getByRole('tab', { name: 'Tournaments' }));

    const won = (await screen.findByRole('link', { name: 'Won it' })).closest('tr')!;
    expect(screen.getByRole('link', { name: 'Won it' })).toHaveAttribute('href', '/tournament/7');
    expect(won).toHaveTextContent('₮10,000 + ₮1,000');
    expect(within(won).getByText('1 of 3')).toBeInTheDocument();
    expect(within(won).getByText('₮30,000')).toBeInTheDocument();
    const busted = screen.getByRole('link', { name: 'Busted' }).closest('tr')!;
    expect(within(busted).getByText('3 of 3')).toBeInTheDocument();
    expect(within(busted).getByText('—')).toBeInTheDocument();
    const row = (name: string) => screen.getByRole('link', { name }).closest('tr')!;
    expect(within(row('Tonight')).getByText('Registered')).toBeInTheDocument();
    expect(within(row('Running')).getByText('Playing')).toBeInTheDocument();
    expect(within(row('Called off')).getByText('Cancelled')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/tournaments/mine'))?.search).toBe('?page=1&pageSize=20');
  });

  it('says so when the player has entered none', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/v1/user/tournaments/mine': [200, { items: [], total: 0, page: 1, pageSize: 20 }],
      }).fetchFn,
    );
    renderWithApp(<ProfilePage />, { preloadedState: signedIn });
    fireEvent.click(screen.getByRole('tab', { name: 'Tournaments' }));
    expect(await screen.findByText('You have not entered a tournament yet.')).toBeInTheDocument();
  });

  it('speaks Mongolian', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/v1/user/tournaments/mine': [
          200,
          { items: [entry(7, 'Won it', { place: 2, prize: 12_000 })], total: 1, page: 1, pageSize: 20 },
        ],
      }).fetchFn,
    );
    renderWithApp(<ProfilePage />, { preloadedState: signedIn, language: 'mn' });
    fireEvent.click(screen.getByRole('tab', { name: 'Тэмцээнүүд' }));
    expect(await screen.findByText('3 оролцогчоос 2-р байр')).toBeInTheDocument();
  });
});

/** A ticket as GET /api/v1/user/tickets sends it (TournamentTicket). */
const ticket = (ticketId: number, status: string, change: object = {}) => ({
  ticketId,
  targetId: 40,
  targetName: 'Sunday Main',
  targetStartsAt: '2026-11-29T12:00:00Z',
  satelliteId: 39,
  satelliteName: 'Satellite to Sunday Main',
  value: 33_000,
  status,
  createdAt: '2026-11-25T10:00:00Z',
  ...change,
});

describe("the profile's Tickets list", () => {
  const noEntries: [number, unknown] = [200, { items: [], total: 0, page: 1, pageSize: 20 }];

  it('lists each satellite ticket: target (linked), value and status', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/v1/user/tournaments/mine': noEntries,
        'GET /api/v1/user/tickets': [
          200,
          [
            ticket(3, 'held'),
            ticket(2, 'used', { targetId: 41, targetName: 'Saturday Main' }),
            ticket(1, 'refunded', { targetId: 42, targetName: 'Called off', value: 5_500 }),
          ],
        ],
      }).fetchFn,
    );
    renderWithApp(<ProfilePage />, { preloadedState: signedIn });
    fireEvent.click(screen.getByRole('tab', { name: 'Tournaments' }));
    const list = await screen.findByRole('region', { name: 'Tickets' });
    const row = (name: string) => within(list).getByRole('link', { name }).closest('tr')!;
    expect(within(list).getByRole('link', { name: 'Sunday Main' })).toHaveAttribute('href', '/tournament/40');
    expect(row('Sunday Main')).toHaveTextContent('₮33,000');
    expect(row('Sunday Main')).toHaveTextContent('Ready to use');
    expect(row('Sunday Main')).toHaveTextContent('Won in Satellite to Sunday Main');
    expect(row('Saturday Main')).toHaveTextContent('Used');
    expect(row('Called off')).toHaveTextContent('₮5,500');
    expect(row('Called off')).toHaveTextContent('Refunded in cash');
  });

  it('is not shown to a player without tickets', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/v1/user/tournaments/mine': noEntries, 'GET /api/v1/user/tickets': [200, []] })
        .fetchFn,
    );
    renderWithApp(<ProfilePage />, { preloadedState: signedIn });
    fireEvent.click(screen.getByRole('tab', { name: 'Tournaments' }));
    expect(await screen.findByText('You have not entered a tournament yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tickets' })).toBeNull();
  });

  it('speaks Mongolian', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/v1/user/tournaments/mine': noEntries,
        'GET /api/v1/user/tickets': [200, [ticket(3, 'held')]],
      }).fetchFn,
    );
    renderWithApp(<ProfilePage />, { preloadedState: signedIn, language: 'mn' });
    fireEvent.click(screen.getByRole('tab', { name: 'Тэмцээнүүд' }));
    const list = await screen.findByRole('region', { name: 'Тасалбарууд' });
    expect(within(list).getByText('Ашиглахад бэлэн')).toBeInTheDocument();
  });
});
