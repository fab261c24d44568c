import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../app/authSlice';
import { formatDateTime } from '../../app/dates';
import { playerMe } from '../../test/fixtures';
import { fakeFetch, renderWithApp } from '../../test/render';
import { runningSitAndGo, tournamentSummary } from '../../test/tournaments';
import { TournamentTab } from '../lobby/TournamentTab';
import TournamentPage from './TournamentPage';

const signedIn = {
  auth: { ...initialAuthState, isAuthenticated: true, checkedAuth: true, userInfo: playerMe },
};
const contest = tournamentSummary({
  tournamentId: 10,
  name: 'The 10 million contest',
  kind: 'mtt',
  status: 'scheduled',
  startsAt: '2026-12-31T12:00:00.000Z',
  registrationOpensAt: '2099-12-20T12:00:00.000Z',
  guarantee: 10_000_000,
  prizePool: 10_000_000,
  featured: true,
});

afterEach(() => vi.unstubAllGlobals());

describe('the contest teaser', () => {
  it('says when registration for the contest opens, in the reader’s time zone, until it opens', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/v1/user/tournaments': [200, [contest]] }).fetchFn);
    renderWithApp(<TournamentTab />, { preloadedState: signedIn });
    const when = formatDateTime(contest.registrationOpensAt, 'en');
    expect(
      await screen.findByText(`The 10 million contest: registration opens ${when}.`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Register for/ })).not.toBeInTheDocument();
  });

  it('links to the contest once registration is open', async () => {
    const open = {
      ...contest,
      status: 'registering' as const,
      registrationOpensAt: '2020-01-01T00:00:00.000Z',
    };
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/v1/user/tournaments': [200, [open]] }).fetchFn);
    renderWithApp(<TournamentTab />, { preloadedState: signedIn, language: 'mn' });
    const link = await screen.findByRole('link', { name: 'The 10 million contest-д бүртгүүлэх' });
    expect(link).toHaveAttribute('href', '/tournament/10');
  });
});

describe('the tournament lobby’s formats', () => {
  it('shows late registration, re-entry, rebuys, the guarantee and the overlay, and a busted player re-enters with the entry’s number', async () => {
    const base = runningSitAndGo();
    const detail = {
      ...base,
      kind: 'mtt' as const,
      guarantee: 200_000,
      collected: 90_000,
      overlay: 0,
      lateRegLevels: 3,
      maxEntries: 2,
      rebuyLevels: 0,
      lateRegistrationOpen: true,
      rebuysOpen: false,
      addOnOpen: false,
      players: base.players.map((p) =>
        p.userId === playerMe.userId
          ? { ...p, stack: 0, tableId: null, seat: null, busted: true, entries: 1 }
          : p,
      ),
    };
    const server = fakeFetch({
      'GET /api/v1/user/tournaments/7': [200, detail],
      'POST /api/v1/user/tournaments/7/register': [200, { message: 'Registered' }],
    });
    vi.stubGlobal('fetch', server.fetchFn);
    renderWithApp(<TournamentPage />, {
      path: '/tournament/7',
      route: '/tournament/:id',
      preloadedState: signedIn,
    });
    expect(await screen.findByText('Guaranteed prize pool')).toBeInTheDocument();
    expect(screen.getByText('until the end of level 3 · open')).toBeInTheDocument();
    expect(screen.getByText('up to 2 entries per player')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Re-enter/ }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.method === 'POST')).toMatchObject({
        path: '/api/v1/user/tournaments/7/register',
        body: { entryNumber: 2 },
      }),
    );
  });

  it('shows a progressive knockout: the bounty on each head, the bounties, and each player’s bounty and winnings', async () => {
    const base = runningSitAndGo();
    const [first, second] = base.players;
    const detail = {
      ...base,
      bountyPercent: 50,
      bountyPool: 15_000,
      players: [
        { ...first!, bounty: 7_500, bountiesWon: 2_500 },
        { ...second!, bounty: 5_000, bountiesWon: 0 },
        ...base.players.slice(2),
      ],
    };
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/v1/user/tournaments/7': [200, detail] }).fetchFn);
    renderWithApp(<TournamentPage />, {
      path: '/tournament/7',
      route: '/tournament/:id',
      preloadedState: signedIn,
      language: 'mn',
    });
    expect(await screen.findByText('Прогрессив нокаут')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Толгойн шагнал' })).toBeInTheDocument();
    expect(screen.getByText(/Толгой бүрт бүртгэлийн хураамжийн 50%/)).toBeInTheDocument();
    expect(screen.getByText(/\(₮2,500 хожсон\)/)).toBeInTheDocument();
  });
});
