import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../app/authSlice';
import { playerMe } from '../../test/fixtures';
import { fakeFetch, renderWithApp } from '../../test/render';
import { runningSitAndGo } from '../../test/tournaments';
import TournamentPage from './TournamentPage';
import { formatCountdown } from './tournamentRules';

const DETAIL = 'GET /api/v1/user/tournaments/7';
const signedIn = {
  auth: { ...initialAuthState, isAuthenticated: true, checkedAuth: true, userInfo: playerMe },
};

function open(routes: Record<string, [number, unknown]>, language: 'en' | 'mn' = 'en') {
  const server = fakeFetch(routes);
  vi.stubGlobal('fetch', server.fetchFn);
  const view = renderWithApp(<TournamentPage />, {
    path: '/tournament/7',
    route: '/tournament/:id',
    preloadedState: signedIn,
    language,
  });
  return { ...view, server };
}

function section(title: string | RegExp) {
  return screen.getByRole('heading', { name: title }).closest('section')!;
}

afterEach(() => vi.unstubAllGlobals());

/** The Sit & Go still registering, nobody in yet but room for the caller. */
const registering = (change: Partial<Parameters<typeof runningSitAndGo>[0]> = {}) =>
  runningSitAndGo({
    status: 'registering',
    registered: false,
    entrants: 4,
    players: [],
    tables: [],
    payouts: [],
    ...change,
  });

describe('the tournament lobby page', () => {
  it('shows the status, the current level and its clock, and the way to your table', async () => {
    open({ [DETAIL]: [200, runningSitAndGo()] });
    expect(await screen.findByRole('heading', { name: 'Evening Sit & Go' })).toBeInTheDocument();
    expect(screen.getByText('Running')).toBeInTheDocument();
    expect(screen.getByText('2: 15/30 (Ante 5)')).toBeInTheDocument();
    expect(screen.getByText('₮90,000')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/Next level in\s*(10:00|9:5\d)/);
    expect(screen.getAllByRole('link', { name: 'Your table' })[0]).toHaveAttribute('href', '/table/41');
    // Registration is over once it runs.
    expect(screen.queryByRole('button', { name: /Register/ })).not.toBeInTheDocument();
  });

  it('shows the structure with blinds, antes, minutes and breaks, the current level marked', async () => {
    open({ [DETAIL]: [200, runningSitAndGo()] });
    await screen.findByRole('heading', { name: 'Structure' });
    const rows = within(section('Structure')).getAllByRole('row');
    expect(rows.map((row) => [...row.querySelectorAll('th,td')].map((cell) => cell.textContent))).toEqual([
      ['Level', 'Blinds', 'Ante', 'Minutes'],
      ['1', '10/20', '—', '5'],
      ['2', '15/30', '5', '5'],
      ['Break', '2'],
      ['4', '25/50', '10', '5'],
    ]);
    expect(rows[2]).toHaveAttribute('aria-current', 'step');
  });

  it('shows the payouts to the tugrik and the players by stack, then by place', async () => {
    open({ [DETAIL]: [200, runningSitAndGo()] });
    await screen.findByRole('heading', { name: 'Payouts' });
    const payouts = within(section('Payouts'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(payouts).toEqual(['1₮45,000', '2₮27,000', '3₮18,000']);
    const players = within(section('Players (4)'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(players).toEqual([
      ['dorj', '3,400', 'Table 41', '—', '—'],
      ['bat', '2,100', 'Table 41', '—', '—'],
      ['saraa', '—', '—', '8', '—'],
      ['bot-1Bot', '—', '—', '9', '—'],
    ]);
    const tables = within(section('Tables to watch'));
    expect(tables.getByRole('link', { name: 'Table 41' })).toHaveAttribute('href', '/table/41');
    expect(tables.getByText('7 players')).toBeInTheDocument();
  });

  it('tells an eliminated player the place and prize', async () => {
    const detail = runningSitAndGo();
    detail.players[0] = {
      ...detail.players[0],
      stack: 0,
      tableId: null,
      seat: null,
      place: 3,
      prize: 18_000,
    };
    open({ [DETAIL]: [200, detail] });
    expect(await screen.findByText('You finished in place 3. Prize: ₮18,000.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Your table' })).not.toBeInTheDocument();
  });

  it('offers Register before the start and shows a refusal in Mongolian', async () => {
    const detail = registering();
    open(
      {
        [DETAIL]: [200, detail],
        'POST /api/v1/user/tournaments/7/register': [
          409,
          { error: { code: 'tournament_full', message: 'Full' } },
        ],
      },
      'mn',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Бүртгүүлэх: Evening Sit & Go' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Энэ тэмцээн дүүрсэн байна.');
    expect(screen.getByText('Бүтэц')).toBeInTheDocument();
    expect(screen.getByText('Шагналын хуваарилалт тэмцээн эхлэхэд тогтоогдоно.')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('says "Register with ticket" to a player who holds a satellite ticket for it, and registers with it', async () => {
    const detail = registering({ ticketHeld: true });
    const { server } = open({
      [DETAIL]: [200, detail],
      'POST /api/v1/user/tournaments/7/register': [200, { message: 'Registered' }],
    });
    const button = await screen.findByRole('button', { name: 'Register with ticket: Evening Sit & Go' });
    expect(button).toHaveTextContent('Register with ticket');
    fireEvent.click(button);
    await vi.waitFor(() => expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
  });

  it('shows a plain Register (with its cost) to a player without a ticket, and a satellite its target and seats', async () => {
    const detail = registering({
      ticketHeld: false,
      satellite: { targetId: 12, targetName: 'Sunday Main', ticketValue: 33_000, seats: 3 },
    });
    open({ [DETAIL]: [200, detail] });
    expect(await screen.findByRole('button', { name: 'Register: Evening Sit & Go' })).toHaveTextContent(
      /^Register$/,
    );
    expect(screen.getByRole('link', { name: 'Satellite to Sunday Main · 3 seats' })).toHaveAttribute(
      'href',
      '/tournament/12',
    );
  });

  it('names the satellite and the ticket button in Mongolian', async () => {
    const detail = registering({
      ticketHeld: true,
      satellite: { targetId: 12, targetName: 'Sunday Main', ticketValue: 33_000, seats: 1 },
    });
    open({ [DETAIL]: [200, detail] }, 'mn');
    expect(
      await screen.findByRole('button', { name: 'Тасалбараар бүртгүүлэх: Evening Sit & Go' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Sunday Main тэмцээний сателлит · 1 суудал' }),
    ).toBeInTheDocument();
  });

  it('says so when the tournament does not exist', async () => {
    open({ [DETAIL]: [404, { error: { code: 'not_found', message: 'Not found' } }] });
    expect(await screen.findByRole('alert')).toHaveTextContent('This tournament was not found.');
  });

  it('re-reads the tournament while it runs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { server } = open({ [DETAIL]: [200, runningSitAndGo()] });
      await screen.findByRole('heading', { name: 'Evening Sit & Go' });
      const before = server.calls.filter((call) => call.path === '/api/v1/user/tournaments/7').length;
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      const after = server.calls.filter((call) => call.path === '/api/v1/user/tournaments/7').length;
      expect(after).toBeGreaterThan(before);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the level clock', () => {
  it('reads minutes and seconds, hours from an hour up, and never below zero', () => {
    expect(formatCountdown(600_000)).toBe('10:00');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(61_000)).toBe('1:01');
    expect(formatCountdown(3_725_000)).toBe('1:02:05');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });
});
