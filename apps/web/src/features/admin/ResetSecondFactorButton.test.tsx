import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsersPage } from './UsersPage';
import { adminUser, renderAdmin, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

const row = (userId: number, username: string, role: 'PLAYER' | 'ADMIN') => ({
  userId,
  username,
  email: `${username}@tenger.test`,
  role,
  status: 'active',
  isBot: false,
  balance: 0,
  locked: 0,
  bank: 'Khan Bank',
  accountNumber: '5000123456',
  preferences: {},
  createdAt: '2026-11-01T10:00:00.000Z',
  lastSeenAt: null,
});

describe('resetting an administrator second factor from the users page', { timeout: 60_000 }, () => {
  it('is offered for other administrators only, asks first, and calls the reset for that user', async () => {
    const server = stubServer({
      'GET /api/v1/admin/user/search': [
        200,
        {
          items: [
            row(Number(adminUser.userId), 'admin', 'ADMIN'),
            row(7, 'tsetseg', 'ADMIN'),
            row(8, 'bat', 'PLAYER'),
          ],
          total: 3,
          page: 1,
          pageSize: 20,
        },
      ],
      'POST /api/v1/admin/user/second-factor/reset': [200, { message: 'Second factor reset' }],
    });
    renderAdmin(<UsersPage />, '/admin');
    const other = (await screen.findByText('tsetseg')).closest('tr') as HTMLElement;
    const me = screen.getByText('admin', { selector: 'td *, td' }).closest('tr') as HTMLElement;
    const player = screen.getByText('bat').closest('tr') as HTMLElement;
    expect(within(me).queryByRole('button', { name: 'Reset second factor' })).not.toBeInTheDocument();
    expect(within(player).queryByRole('button', { name: 'Reset second factor' })).not.toBeInTheDocument();
    fireEvent.click(within(other).getByRole('button', { name: 'Reset second factor' }));
    expect(await screen.findByText("Reset tsetseg's second factor?")).toBeInTheDocument();
    const confirm = screen.getAllByRole('button', { name: 'Reset second factor' }).at(-1)!;
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(server.calls('POST', '/api/v1/admin/user/second-factor/reset')).toHaveLength(1),
    );
    expect(server.calls('POST', '/api/v1/admin/user/second-factor/reset')[0].query.get('userId')).toBe('7');
    expect(await screen.findByText("tsetseg's second factor was reset")).toBeInTheDocument();
  });
});
