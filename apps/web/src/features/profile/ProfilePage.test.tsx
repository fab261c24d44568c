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
    userInfo: { ...playerMe, locked: 4000 },
    userBalance: 50_000,
  },
};

const page = <T,>(items: T[], total = items.length) => ({ items, total, page: 1, pageSize: 20 });

afterEach(() => vi.unstubAllGlobals());

describe('the profile page', () => {
  it('asks a visitor to log in', () => {
    renderWithApp(<ProfilePage />, { preloadedState: { auth: { ...initialAuthState, checkedAuth: true } } });
    expect(screen.getByText('Log in to see your balance and history.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
  });

  it('shows username, balance and locked, and the deposits', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/v1/user/deposit': [
          200,
          page([
            { depositId: 1, code: 'D-1001', amount: 500000, note: null, approvedAt: '2026-11-20T10:00:00Z' },
          ]),
        ],
      }).fetchFn,
    );
    renderWithApp(<ProfilePage />, { preloadedState: signedIn });
    const summary = screen.getByRole('region', { name: 'Info' });
    expect(summary).toHaveTextContent('bat');
    expect(summary).toHaveTextContent('₮50,000');
    expect(summary).toHaveTextContent('₮4,000');
    expect(await screen.findByText('D-1001')).toBeInTheDocument();
    expect(screen.getByText('₮500,000')).toBeInTheDocument();
  });

  it('lists withdrawals with their statuses and who approved them', async () => {
    const withdrawal = {
      withdrawalId: 1,
      code: 'W-1',
      userId: 11,
      username: 'bat',
      amount: 20000,
      status: 'approved',
      requestedAt: '2026-11-20T10:00:00Z',
      approvedBy: 'root',
      approvedAt: '2026-11-20T12:00:00Z',
      reason: null,
    };
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/v1/user/withdrawal': [
          200,
          page([
            withdrawal,
            {
              ...withdrawal,
              withdrawalId: 2,
              code: 'W-2',
              status: 'pending',
              approvedBy: null,
              approvedAt: null,
            },
          ]),
        ],
      }).fetchFn,
    );
    renderWithApp(<ProfilePage />, { preloadedState: signedIn });
    fireEvent.click(screen.getByRole('tab', { name: 'Withdraw' }));
    const row1 = (await screen.findByText('W-1')).closest('tr')!;
    expect(within(row1).getByText('Approved')).toBeInTheDocument();
    expect(within(row1).getByText('root')).toBeInTheDocument();
    expect(within(screen.getByText('W-2').closest('tr')!).getByText('Pending')).toBeInTheDocument();
  });

  it("says 'No withdrawals found!' when there are none", async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/v1/user/withdrawal': [200, page([])] }).fetchFn);
    renderWithApp(<ProfilePage />, { preloadedState: signedIn });
    fireEvent.click(screen.getByRole('tab', { name: 'Withdraw' }));
    expect(await screen.findByText('No withdrawals found!')).toBeInTheDocument();
  });

  it('names the game history types as the spec does and links each hand to its replay', async () => {
    const outcome = (outcomeId: number, type: string, amount: number, handId: string | null = null) => ({
      outcomeId,
      code: `O-${outcomeId}`,
      type,
      amount,
      date: '2026-11-21T10:00:00Z',
      tableId: 7,
      handId,
    });
    const { fetchFn, calls } = fakeFetch({
      'GET /api/v1/user/outcome': [
        200,
        page(
          [
            outcome(1, 'gameplay', 12500, 'h-99'),
            outcome(2, 'bonus', 1000),
            outcome(3, 'recharge', -5000),
            outcome(4, 'leave_seat', 8000),
            outcome(5, 'buy_in', -10000),
          ],
          45,
        ),
      ],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(<ProfilePage />, { preloadedState: signedIn });
    fireEvent.click(screen.getByRole('tab', { name: 'Game History' }));
    expect(await screen.findByText('Gameplay Win')).toBeInTheDocument();
    for (const label of ['Bonus', 'In-Play Recharge', 'Leave Seat', 'Buy-In']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Replay' })).toHaveAttribute('href', '/table/7?hand=h-99');
    expect(screen.getAllByRole('link', { name: 'Replay' })).toHaveLength(1);
    expect(screen.getByText('−₮5,000')).toBeInTheDocument();

    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('Gameplay Win');
    const searches = calls.filter((call) => call.path.endsWith('/outcome')).map((call) => call.search);
    expect(searches).toContain('?page=1&pageSize=20');
    expect(searches).toContain('?page=2&pageSize=20');
  });
});
