import type { TableDeal } from '@tenger/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../app/authSlice';
import { playerMe } from '../../test/fixtures';
import { fakeFetch, renderWithApp } from '../../test/render';
import { TournamentDeal } from './TournamentDeal';

const signedIn = {
  auth: { ...initialAuthState, isAuthenticated: true, checkedAuth: true, userInfo: playerMe, userBalance: 0 },
};
const names = new Map([
  [1, 'dorj'],
  [2, 'bold'],
  [3, 'saraa'],
]);
const DEAL_URL = 'POST /api/v1/user/tournaments/9/deal';

const open: TableDeal = {
  phase: 'open',
  players: [1, 2, 3].map((userId) => ({
    userId,
    asked: userId === 2,
    accepted: null,
    stack: 4_000,
    icm: null,
    chipChop: null,
  })),
  kept: null,
  endsAt: null,
};

function proposed(kept: number, accepted: TableDeal['players'][number]['accepted'] = null): TableDeal {
  return {
    phase: 'proposed',
    players: [
      { userId: 1, asked: true, accepted, stack: 6_000, icm: 30_710, chipChop: 32_000 },
      { userId: 2, asked: true, accepted: 'icm', stack: 3_000, icm: 24_645, chipChop: 24_000 },
      { userId: 3, asked: true, accepted: null, stack: 3_000, icm: 24_645, chipChop: 24_000 },
    ],
    kept,
    endsAt: Date.now() + 45_000,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the final-table deal at the table', { timeout: 60_000 }, () => {
  it('a player asks for a deal from the strip and sees how many asked', async () => {
    const { fetchFn, calls } = fakeFetch({ [DEAL_URL]: [200, { message: 'Deal answer taken' }] });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<TournamentDeal tournamentId={9} deal={open} viewerId={1} names={names} />, {
      preloadedState: signedIn,
    });
    const cell = screen.getByTestId('tournament-deal');
    expect(within(cell).getByText('1/3 asked')).toBeInTheDocument();
    fireEvent.click(within(cell).getByRole('button', { name: 'Ask for a deal' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ action: 'ask' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows both proposals with every amount and the countdown; a player accepts one or declines', async () => {
    // The clock stands still (only Date: timers and promises run): the countdown reads what endsAt says
    // however long a loaded machine takes to render (a CI run read 0:43 against "0:44 or 0:45").
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const { fetchFn, calls } = fakeFetch({ [DEAL_URL]: [200, { message: 'Deal answer taken' }] });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<TournamentDeal tournamentId={9} deal={proposed(0)} viewerId={1} names={names} />, {
      preloadedState: signedIn,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Final-table deal' });
    const row = within(dialog).getByRole('row', { name: /dorj/ });
    expect(within(row).getByText('6,000')).toBeInTheDocument();
    expect(within(row).getByText(/30,710/)).toBeInTheDocument();
    expect(within(row).getByText(/32,000/)).toBeInTheDocument();
    expect(within(within(dialog).getByRole('row', { name: /bold/ })).getByText('ICM')).toBeInTheDocument();
    expect(within(dialog).getByText(/Time to answer: 0:45/)).toBeInTheDocument();
    expect(within(dialog).getByText(/the tournament ends here/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept chip-chop' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ action: 'accept', choice: 'chip-chop' });
    // The buttons wait while the first answer is on its way (a click then is not taken).
    const decline = within(dialog).getByRole('button', { name: 'Decline' });
    await waitFor(() => expect(decline).toBeEnabled());
    fireEvent.click(decline);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body).toEqual({ action: 'decline' });
  });

  it('after answering (or as a watcher) no buttons; the kept part is stated; a refusal is shown', async () => {
    const { fetchFn } = fakeFetch({
      [DEAL_URL]: [
        409,
        { error: { code: 'deal_not_proposed', message: 'There is no deal proposal to answer now' } },
      ],
    });
    vi.stubGlobal('fetch', fetchFn);
    const { unmount } = renderWithApp(
      <TournamentDeal tournamentId={9} deal={proposed(8_000, 'icm')} viewerId={1} names={names} />,
      { preloadedState: signedIn },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Final-table deal' });
    expect(within(dialog).getByText('You accepted ICM. Waiting for the others.')).toBeInTheDocument();
    expect(within(dialog).getByText(/stays in the prize pool/)).toHaveTextContent('8,000');
    expect(within(dialog).queryByRole('button', { name: 'Decline' })).toBeNull();
    unmount();
    renderWithApp(<TournamentDeal tournamentId={9} deal={proposed(0)} viewerId={3} names={names} />, {
      preloadedState: signedIn,
    });
    const again = await screen.findByRole('dialog', { name: 'Final-table deal' });
    fireEvent.click(within(again).getByRole('button', { name: 'Accept ICM' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent(
      'There is no deal proposal to answer now.',
    );
  });

  it('speaks Mongolian', async () => {
    renderWithApp(<TournamentDeal tournamentId={9} deal={proposed(0)} viewerId={1} names={names} />, {
      preloadedState: signedIn,
      language: 'mn',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Финалын ширээний хэлцэл' });
    expect(within(dialog).getByRole('button', { name: 'Чипээр хуваахыг зөвшөөрөх' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Татгалзах' })).toBeInTheDocument();
  });
});
