import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../app/dates';
import { UsersPage } from './UsersPage';
import { renderAdmin, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

const user = (userId: number, username: string, lastSeenAt: string | null) => ({
  userId,
  username,
  email: `${username}@tenger.test`,
  role: 'PLAYER',
  status: 'active',
  isBot: false,
  balance: 1000,
  locked: 0,
  bank: 'Khan Bank',
  accountNumber: '5000123456',
  preferences: {},
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSeenAt,
});

describe('the users page', { timeout: 60_000 }, () => {
  it('shows each user’s registration and last-seen dates, "Never" for a user never seen, and a link to the history', async () => {
    stubServer({
      'GET /api/v1/admin/user/search': [
        200,
        {
          items: [user(7, 'bat', '2026-11-21T18:30:00.000Z'), user(8, 'dorj', null)],
          total: 2,
          page: 1,
          pageSize: 20,
        },
      ],
    });
    renderAdmin(<UsersPage />, '/admin');
    const bat = (await screen.findByText('bat')).closest('tr') as HTMLElement;
    expect(within(bat).getByText(formatDateTime('2026-11-01T10:00:00.000Z', 'en'))).toBeInTheDocument();
    expect(within(bat).getByText(formatDateTime('2026-11-21T18:30:00.000Z', 'en'))).toBeInTheDocument();
    const dorj = screen.getByText('dorj').closest('tr') as HTMLElement;
    expect(within(dorj).getByText('Never')).toBeInTheDocument();
    expect(within(bat).getByRole('link', { name: 'Game history' })).toHaveAttribute(
      'href',
      '/admin/user/history?userId=7',
    );
  });
});
