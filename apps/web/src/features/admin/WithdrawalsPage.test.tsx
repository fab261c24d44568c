import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WithdrawalsPage } from './WithdrawalsPage';
import { deferred, renderAdmin, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

const pending = {
  withdrawalId: 12,
  code: 'WDR-000012',
  userId: 7,
  username: 'bat',
  amount: 15000,
  status: 'pending',
  requestedAt: '2026-11-22T01:00:00.000Z',
  approvedBy: null,
  approvedAt: null,
  reason: null,
  bank: 'Khan Bank',
  accountNumber: '5000123456',
};
function renderWithdrawals(approve: Parameters<typeof stubServer>[0][string]) {
  const server = stubServer({
    'GET /api/v1/admin/withdrawal': [200, { items: [pending], total: 1, page: 1, pageSize: 20 }],
    'PUT /api/v1/admin/withdrawal/approve': approve,
  });
  renderAdmin(<WithdrawalsPage />, '/admin/withdraw');
  return server;
}

describe('the withdrawals page', { timeout: 60_000 }, () => {
  it("lists pending withdrawals with the player's bank and account number for the payout", async () => {
    const server = renderWithdrawals([200, pending]);
    const row = (await screen.findByText('WDR-000012')).closest('tr') as HTMLElement;
    expect(within(row).getByText('bat')).toBeInTheDocument();
    expect(within(row).getByText('₮15,000')).toBeInTheDocument();
    expect(await within(row).findByText('Khan Bank')).toBeInTheDocument();
    expect(within(row).getByText('5000123456')).toBeInTheDocument();
    expect(server.calls('GET', '/api/v1/admin/withdrawal')[0].query.get('status')).toBe('pending');
    expect(server.calls('GET', '/api/v1/admin/user/search')).toHaveLength(0);
  });

  it('approves only after confirmation, and a repeated confirm sends one approval', async () => {
    const held = deferred<[number, unknown]>();
    const server = renderWithdrawals(() => held.promise);
    const row = (await screen.findByText('WDR-000012')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(server.calls('PUT', '/api/v1/admin/withdrawal/approve')).toHaveLength(0);

    const confirm = await screen.findByText(/Approve WDR-000012: ₮15,000 to bat\?/);
    const popup = confirm.closest('.ant-popover') as HTMLElement;
    const ok = within(popup).getByRole('button', { name: 'Approve' });
    fireEvent.click(ok);
    fireEvent.click(ok);
    fireEvent.click(within(row).getByRole('button', { name: /Approve/ }));
    await waitFor(() => expect(server.calls('PUT', '/api/v1/admin/withdrawal/approve')).toHaveLength(1));
    held.resolve([200, { ...pending, status: 'approved', approvedBy: 'admin' }]);
    expect(await screen.findByText('WDR-000012 approved')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    const approvals = server.calls('PUT', '/api/v1/admin/withdrawal/approve');
    expect(approvals).toHaveLength(1);
    expect(approvals[0].query.get('withdrawalId')).toBe('12');
  });
});
