import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../app/authSlice';
import { playerMe } from '../../test/fixtures';
import { fakeFetch, renderWithApp } from '../../test/render';
import ProfilePage from './ProfilePage';
import { WithdrawTab } from './WithdrawTab';

const signedIn = {
  auth: {
    ...initialAuthState,
    isAuthenticated: true,
    checkedAuth: true,
    userInfo: { ...playerMe, locked: 7_000 },
    userBalance: 50_000,
  },
};
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 });
const withdrawal = (withdrawalId: number, status: string) => ({
  withdrawalId,
  code: `WDR-${withdrawalId}`,
  userId: 11,
  username: 'bat',
  amount: 4_000,
  status,
  requestedAt: '2026-11-20T10:00:00Z',
  approvedBy: status === 'pending' ? null : 'root',
  approvedAt: status === 'pending' ? null : '2026-11-20T12:00:00Z',
  reason: null,
});

afterEach(() => vi.unstubAllGlobals());

describe('cancelling a withdrawal from the profile', () => {
  it('a pending withdrawal has a Cancel button that asks, then calls PUT /withdrawal/cancel; others have none', async () => {
    const server = fakeFetch({
      'GET /api/v1/user/withdrawal': [200, page([withdrawal(2, 'pending'), withdrawal(1, 'approved')])],
      'GET /api/v1/user/withdrawal/limits': [200, { min: 1000, max: 50_000 }],
      'PUT /api/v1/user/withdrawal/cancel': [200, withdrawal(2, 'cancelled')],
    });
    vi.stubGlobal('fetch', server.fetchFn);
    renderWithApp(<WithdrawTab />, { preloadedState: signedIn });
    const pending = (await screen.findByText('WDR-2')).closest('tr')!;
    const approved = screen.getByText('WDR-1').closest('tr')!;
    expect(within(approved).queryByRole('button', { name: 'Cancel withdrawal' })).not.toBeInTheDocument();
    await userEvent.click(within(pending).getByRole('button', { name: 'Cancel withdrawal' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: '/api/v1/user/withdrawal/cancel',
        search: '?withdrawalId=2',
      }),
    );
    expect(
      await screen.findByText('Withdrawal cancelled: the money is back in your balance'),
    ).toBeInTheDocument();
  });

  it('names a cancelled withdrawal Cancelled', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ 'GET /api/v1/user/withdrawal': [200, page([withdrawal(3, 'cancelled')])] }).fetchFn,
    );
    renderWithApp(<WithdrawTab />, { preloadedState: signedIn });
    const row = (await screen.findByText('WDR-3')).closest('tr')!;
    expect(within(row).getByText('Cancelled')).toBeInTheDocument();
  });
});

describe('"Locked" broken down', () => {
  it('the profile says how much is at tables, in withdrawals and in tournaments', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/v1/user/balance/locked': [
          200,
          { atTables: 3_000, inWithdrawals: 4_000, inTournaments: 11_000, total: 7_000 },
        ],
      }).fetchFn,
    );
    renderWithApp(<ProfilePage />, { preloadedState: signedIn });
    const breakdown = await screen.findByTestId('locked-breakdown');
    expect(breakdown).toHaveTextContent('At tables ₮3,000');
    expect(breakdown).toHaveTextContent('In withdrawals ₮4,000');
    expect(breakdown).toHaveTextContent('In tournaments ₮11,000');
  });
});
