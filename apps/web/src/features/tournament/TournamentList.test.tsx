import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TournamentSummary } from '../../api/tournamentTypes';
import { initialAuthState } from '../../app/authSlice';
import { playerMe } from '../../test/fixtures';
import { fakeFetch, renderWithApp } from '../../test/render';
import { tournamentSummary } from '../../test/tournaments';
import { TournamentTab } from '../lobby/TournamentTab';

const LIST = 'GET /api/v1/user/tournaments';
const REGISTER = 'POST /api/v1/user/tournaments/5/register';
const UNREGISTER = 'DELETE /api/v1/user/tournaments/5/register';

const signedIn = {
  auth: { ...initialAuthState, isAuthenticated: true, checkedAuth: true, userInfo: playerMe },
};

const sitAndGo = tournamentSummary({ tournamentId: 5, name: 'Turbo 9-max', entrants: 4, prizePool: 40_000 });
const scheduled = tournamentSummary({
  tournamentId: 6,
  name: 'Sunday Major',
  kind: 'mtt',
  status: 'scheduled',
  buyIn: 50_000,
  fee: 5_000,
  entrants: 120,
  minEntrants: 20,
  maxEntrants: 1000,
  startsAt: '2026-12-06T12:00:00.000Z',
  prizePool: 6_000_000,
});
const finished = tournamentSummary({
  tournamentId: 8,
  name: 'Morning Sit & Go',
  status: 'finished',
  entrants: 9,
});

/** A server whose answers the test may change between calls (a registration changes the list). */
function stubServer(routes: Record<string, [number, unknown]>) {
  const fake = fakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetchFn);
  return fake;
}

afterEach(() => vi.unstubAllGlobals());

describe('the Tournament tab', () => {
  it('lists each tournament with status, start, buy-in + fee, entrants and prize pool under the contest teaser', async () => {
    stubServer({ [LIST]: [200, [sitAndGo, scheduled, finished]] });
    renderWithApp(<TournamentTab />, { preloadedState: signedIn });
    expect(screen.getByText('₮10,000,000')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Tournament',
      'Status',
      'Start',
      'Buy-In + Fee',
      'Entrants',
      'Prize Pool',
      'Actions',
    ]);
    const [first, second, third] = within(table).getAllByRole('row').slice(1);
    expect(within(first).getByText('Turbo 9-max')).toBeInTheDocument();
    expect(within(first).getByText('Sit & Go')).toBeInTheDocument();
    expect(within(first).getByText('Registering')).toBeInTheDocument();
    expect(within(first).getByText('When full')).toBeInTheDocument();
    expect(within(first).getByText('₮10,000 + ₮1,000')).toBeInTheDocument();
    expect(within(first).getByText('4/9')).toBeInTheDocument();
    expect(within(first).getByText('₮40,000')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Register: Turbo 9-max' })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Open: Turbo 9-max' })).toHaveAttribute(
      'href',
      '/tournament/5',
    );
    expect(within(second).getByText('Multi-Table')).toBeInTheDocument();
    expect(within(second).getByText('Scheduled')).toBeInTheDocument();
    // The start is shown in the browser's own time zone.
    const start = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(scheduled.startsAt!),
    );
    expect(within(second).getByText(start)).toBeInTheDocument();
    expect(within(second).getByText('120/1000')).toBeInTheDocument();
    expect(within(second).getByText('₮6,000,000')).toBeInTheDocument();
    expect(within(third).getByText('Finished')).toBeInTheDocument();
    expect(within(third).queryByRole('button', { name: /Register/ })).not.toBeInTheDocument();
    expect(within(third).getByRole('link', { name: 'Open: Morning Sit & Go' })).toBeInTheDocument();
  });

  it('says so when there are no tournaments', async () => {
    stubServer({ [LIST]: [200, []] });
    renderWithApp(<TournamentTab />);
    expect(await screen.findByText('No tournaments yet.')).toBeInTheDocument();
  });

  it('registering calls POST …/register and the refreshed list offers Unregister', async () => {
    const routes: Record<string, [number, unknown]> = {
      [LIST]: [200, [sitAndGo]],
      [REGISTER]: [200, { tournamentId: 5, registered: true }],
      'GET /api/v1/user/me': [200, playerMe],
    };
    const server = stubServer(routes);
    renderWithApp(<TournamentTab />, { preloadedState: signedIn });
    const register = await screen.findByRole('button', { name: 'Register: Turbo 9-max' });
    routes[LIST] = [
      200,
      [{ ...sitAndGo, registered: true, entrants: 5, prizePool: 50_000 } satisfies TournamentSummary],
    ];
    fireEvent.click(register);
    expect(await screen.findByRole('button', { name: 'Unregister: Turbo 9-max' })).toBeInTheDocument();
    expect(screen.getByText('5/9')).toBeInTheDocument();
    expect(screen.getByText('Registered')).toBeInTheDocument();
    expect(server.calls.filter((call) => `${call.method} ${call.path}` === REGISTER)).toHaveLength(1);
    expect(
      server.calls.filter((call) => `${call.method} ${call.path}` === LIST).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('unregistering calls DELETE …/register and the refreshed list offers Register again', async () => {
    const routes: Record<string, [number, unknown]> = {
      [LIST]: [200, [{ ...sitAndGo, registered: true }]],
      [UNREGISTER]: [200, { tournamentId: 5, registered: false }],
      'GET /api/v1/user/me': [200, playerMe],
    };
    const server = stubServer(routes);
    renderWithApp(<TournamentTab />, { preloadedState: signedIn });
    const unregister = await screen.findByRole('button', { name: 'Unregister: Turbo 9-max' });
    routes[LIST] = [200, [sitAndGo]];
    fireEvent.click(unregister);
    expect(await screen.findByRole('button', { name: 'Register: Turbo 9-max' })).toBeInTheDocument();
    expect(server.calls.filter((call) => `${call.method} ${call.path}` === UNREGISTER)).toHaveLength(1);
  });

  it.each([
    ['tournament_full', 409, 'This tournament is full.', 'Энэ тэмцээн дүүрсэн байна.'],
    [
      'tournament_closed',
      409,
      'Registration for this tournament is closed.',
      'Энэ тэмцээний бүртгэл хаагдсан байна.',
    ],
    [
      'already_registered',
      409,
      'You are already registered for this tournament.',
      'Та энэ тэмцээнд аль хэдийн бүртгүүлсэн байна.',
    ],
    ['insufficient_funds', 409, 'Your balance is not enough.', 'Таны үлдэгдэл хүрэлцэхгүй байна.'],
  ])(
    'a refused registration (%s) shows its text in English and in Mongolian',
    async (code, status, english, mongolian) => {
      stubServer({
        [LIST]: [200, [sitAndGo]],
        [REGISTER]: [status, { error: { code, message: 'server English' } }],
      });
      const { i18n } = renderWithApp(<TournamentTab />, { preloadedState: signedIn });
      fireEvent.click(await screen.findByRole('button', { name: 'Register: Turbo 9-max' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(english);
      await act(() => i18n.changeLanguage('mn'));
      fireEvent.click(await screen.findByRole('button', { name: 'Бүртгүүлэх: Turbo 9-max' }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(mongolian));
    },
  );

  it('a refused unregistration (not_registered) shows its text', async () => {
    stubServer({
      [LIST]: [200, [{ ...sitAndGo, registered: true }]],
      [UNREGISTER]: [409, { error: { code: 'not_registered', message: 'server English' } }],
    });
    renderWithApp(<TournamentTab />, { preloadedState: signedIn });
    fireEvent.click(await screen.findByRole('button', { name: 'Unregister: Turbo 9-max' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not registered for this tournament.');
  });

  it('a guest pressing Register is sent to log in, and nothing is posted', async () => {
    const server = stubServer({ [LIST]: [200, [sitAndGo]] });
    const { router } = renderWithApp(<TournamentTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Register: Turbo 9-max' }));
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('a full tournament offers no Register', async () => {
    stubServer({ [LIST]: [200, [{ ...sitAndGo, entrants: 9 }]] });
    renderWithApp(<TournamentTab />, { preloadedState: signedIn });
    expect(await screen.findByRole('button', { name: 'Full' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Register/ })).not.toBeInTheDocument();
  });
});
