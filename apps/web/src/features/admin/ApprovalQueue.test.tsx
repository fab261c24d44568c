import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApprovalQueue } from './ApprovalQueue';
import { adminUser, renderAdmin, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

const myDeposit = {
  depositId: 5,
  code: 'DEP-000005',
  userId: 7,
  username: 'bat',
  amount: 2_000_000,
  note: 'wire 42',
  status: 'pending',
  createdBy: 'admin',
  createdById: adminUser.userId,
  createdAt: '2026-11-22T02:00:00.000Z',
  approvedAt: null,
  approvedBy: null,
  reversal: null,
  kind: 'deposit',
  closedBy: null,
  closedReason: null,
  youMayApprove: false,
  youMayCancel: true,
};
const theirGrant = {
  grantId: 3,
  userId: 9,
  username: 'dorj',
  role: 'ADMIN',
  status: 'pending',
  requestedBy: 'saraa',
  requestedById: 4,
  requestedAt: '2026-11-22T03:00:00.000Z',
  confirmedBy: null,
  resolvedBy: null,
  reason: null,
  youMayApprove: true,
  youMayCancel: false,
};
const queue = { deposits: [myDeposit], withdrawals: [], roleGrants: [theirGrant] };

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

describe('the approval queue', { timeout: 60_000 }, () => {
  it('says what waits for whom: my own request only to cancel, another admin’s grant to approve', async () => {
    stubServer({ 'GET /api/v1/admin/approvals': [200, queue] });
    renderAdmin(<ApprovalQueue />, '/admin/deposit');
    await screen.findByText('Waiting for a second administrator');
    const mine = rowOf('wire 42');
    expect(within(mine).getByText('Deposit')).toBeInTheDocument();
    expect(within(mine).getByText('₮2,000,000')).toBeInTheDocument();
    expect(within(mine).getByText('Another administrator')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(mine).getByRole('button', { name: 'Cancel it' })).toBeInTheDocument();
    const theirs = rowOf('dorj');
    expect(within(theirs).getByText('Administrator role')).toBeInTheDocument();
    expect(within(theirs).getByText('saraa')).toBeInTheDocument();
    expect(within(theirs).getByText('You can approve')).toBeInTheDocument();
    expect(within(theirs).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('approving a grant asks first, then confirms it on the server', async () => {
    const server = stubServer({
      'GET /api/v1/admin/approvals': [200, queue],
      'PUT /api/v1/admin/role-grant/confirm': [
        200,
        { ...theirGrant, status: 'confirmed', confirmedBy: 'admin' },
      ],
    });
    renderAdmin(<ApprovalQueue />, '/admin/deposit');
    await screen.findByText('dorj');
    fireEvent.click(within(rowOf('dorj')).getByRole('button', { name: 'Approve' }));
    const [title] = await screen.findAllByText('Make dorj an administrator?');
    fireEvent.click(
      within(title.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Approve' }),
    );
    await waitFor(() => expect(server.calls('PUT', '/api/v1/admin/role-grant/confirm')).toHaveLength(1));
    expect(server.calls('PUT', '/api/v1/admin/role-grant/confirm')[0].query.get('grantId')).toBe('3');
  });

  it('cancelling my deposit asks for a reason and sends it; without one nothing is sent', async () => {
    const server = stubServer({
      'GET /api/v1/admin/approvals': [200, queue],
      'PUT /api/v1/admin/deposit/cancel': [200, { ...myDeposit, status: 'cancelled', closedBy: 'admin' }],
    });
    renderAdmin(<ApprovalQueue />, '/admin/deposit');
    await screen.findByText('wire 42');
    fireEvent.click(within(rowOf('wire 42')).getByRole('button', { name: 'Cancel it' }));
    const [title] = await screen.findAllByText('Cancel your request: Deposit for bat');
    const dialog = title.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel it' }));
    await within(dialog).findByText('Enter a reason');
    expect(server.calls('PUT', '/api/v1/admin/deposit/cancel')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'typed twice' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel it' }));
    await waitFor(() => expect(server.calls('PUT', '/api/v1/admin/deposit/cancel')).toHaveLength(1));
    const [call] = server.calls('PUT', '/api/v1/admin/deposit/cancel');
    expect(call.query.get('depositId')).toBe('5');
    expect(call.body).toEqual({ reason: 'typed twice' });
  });

  it('shows nothing when nothing waits', async () => {
    const server = stubServer({
      'GET /api/v1/admin/approvals': [200, { deposits: [], withdrawals: [], roleGrants: [] }],
    });
    renderAdmin(<ApprovalQueue />, '/admin/deposit');
    await waitFor(() => expect(server.calls('GET', '/api/v1/admin/approvals')).toHaveLength(1));
    expect(screen.queryByText('Waiting for a second administrator')).toBeNull();
  });
});
