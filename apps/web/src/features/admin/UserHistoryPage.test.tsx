import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserHistoryPage } from './UserHistoryPage';
import { adminUserRow } from '../../test/fixtures';
import { renderAdmin, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

const outcome = {
  outcomeId: 41,
  code: 'TX-000041',
  type: 'gameplay',
  amount: -2500,
  date: '2026-11-21T18:30:00.000Z',
  tableId: 3,
  handId: 'h-3-17',
};

describe("the admin's view of a user's game history", { timeout: 60_000 }, () => {
  it("lists the user's outcomes from the admin API and filters them by type", async () => {
    const server = stubServer({
      'GET /api/v1/admin/user/outcome': [200, { items: [outcome], total: 1, page: 1, pageSize: 20 }],
    });
    renderAdmin(<UserHistoryPage />, '/admin/user/history?userId=7');
    const row = (await screen.findByText('TX-000041')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Gameplay Loss')).toBeInTheDocument(); // a lost hand (issue 23)
    expect(within(row).getByText('−₮2,500')).toBeInTheDocument();
    expect(within(row).getByText('h-3-17')).toBeInTheDocument();
    // The hand opens in Replay, as the player's own history and the security page link it.
    expect(within(row).getByRole('link', { name: 'h-3-17' })).toHaveAttribute('href', '/table/3?hand=h-3-17');
    expect(screen.getByText('Game history of user #7')).toBeInTheDocument();
    expect(server.calls('GET', '/api/v1/admin/user/outcome')[0].query.get('userId')).toBe('7');

    fireEvent.click(screen.getByText('Buy-In'));
    await waitFor(() =>
      expect(server.calls('GET', '/api/v1/admin/user/outcome').at(-1)?.query.get('type')).toBe('buy_in'),
    );
  });

  it('shows the deposit reference and flags a payout account other accounts share', async () => {
    const user = adminUserRow({ bank: 'Golomt Bank', accountNumber: '4400111122', balance: 0 });
    stubServer({
      'GET /api/v1/admin/user/outcome': [200, { items: [], total: 0, page: 1, pageSize: 20 }],
      'GET /api/v1/admin/user/search': [200, { items: [user], total: 1, page: 1, pageSize: 20 }],
      'GET /api/v1/admin/user/shared-payout': [
        200,
        {
          accounts: [
            {
              userId: 9,
              username: 'bat2',
              status: 'active',
              bank: 'Golomt Bank',
              accountNumber: '4400-1111-22',
              source: 'current',
            },
          ],
        },
      ],
    });
    renderAdmin(<UserHistoryPage />, '/admin/user/history?userId=7');
    expect(await screen.findByTestId('user-deposit-reference')).toHaveTextContent('TP7K2QXM');
    const flag = await screen.findByTestId('shared-payout');
    expect(flag).toHaveTextContent('Payout account shared with other accounts');
    expect(within(flag).getByRole('link', { name: 'bat2 #9' })).toHaveAttribute(
      'href',
      '/admin/user/history?userId=9',
    );
    expect(flag).toHaveTextContent('holds it now');
  });
});
