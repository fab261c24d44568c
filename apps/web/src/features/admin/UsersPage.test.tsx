import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../app/dates';
import { UsersPage } from './UsersPage';
import { deferred, renderAdmin, stubServer } from './testKit';

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

  it('lists people by default and the bots apart', async () => {
    const server = stubServer({
      'GET /api/v1/admin/user/search': [200, { items: [], total: 0, page: 1, pageSize: 20 }],
    });
    renderAdmin(<UsersPage />, '/admin');
    const searches = () => server.calls('GET', '/api/v1/admin/user/search');
    await waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0].query.get('isBot')).toBe('false');
    fireEvent.click(screen.getByText('Bots'));
    await waitFor(() => expect(searches().at(-1)?.query.get('isBot')).toBe('true'));
    fireEvent.click(screen.getByText('All'));
    await waitFor(() => expect(searches().at(-1)?.query.has('isBot')).toBe(false));
  });
});

function renderUsers(routes: Parameters<typeof stubServer>[0]) {
  const server = stubServer({
    'GET /api/v1/admin/user/search': [
      200,
      {
        items: [user(7, 'bat', null), { ...user(8, 'dorj', null), status: 'blocked' }],
        total: 2,
        page: 1,
        pageSize: 20,
      },
    ],
    'GET /api/v1/admin/settings': [200, { deposit: { maxAmount: 10_000_000, dualApprovalAbove: 1_000_000 } }],
    ...routes,
  });
  renderAdmin(<UsersPage />, '/admin');
  return server;
}

async function dialogTitled(title: string): Promise<HTMLElement> {
  const [heading] = await screen.findAllByText(title);
  return heading.closest('.ant-modal') as HTMLElement;
}

describe('blocking and unblocking', { timeout: 60_000 }, () => {
  it('blocks an active user after confirmation and unblocks a blocked one', async () => {
    const server = renderUsers({
      'PUT /api/v1/admin/user/block': [200, { ...user(7, 'bat', null), status: 'blocked' }],
      'PUT /api/v1/admin/user/unblock': [200, user(8, 'dorj', null)],
    });
    const bat = (await screen.findByText('bat')).closest('tr') as HTMLElement;
    const dorj = screen.getByText('dorj').closest('tr') as HTMLElement;
    expect(within(bat).queryByRole('button', { name: 'Unblock' })).toBeNull();
    expect(within(dorj).queryByRole('button', { name: 'Block' })).toBeNull();
    fireEvent.click(within(bat).getByRole('button', { name: 'Block' }));
    const popup = (await screen.findByText('Block bat? They are signed out at once.')).closest(
      '.ant-popover',
    ) as HTMLElement;
    expect(server.calls('PUT', '/api/v1/admin/user/block')).toHaveLength(0);
    fireEvent.click(within(popup).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(server.calls('PUT', '/api/v1/admin/user/block')).toHaveLength(1));
    expect(server.calls('PUT', '/api/v1/admin/user/block')[0].query.get('userId')).toBe('7');
    fireEvent.click(within(dorj).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(server.calls('PUT', '/api/v1/admin/user/unblock')).toHaveLength(1));
    expect(server.calls('PUT', '/api/v1/admin/user/unblock')[0].query.get('userId')).toBe('8');
  });
});

describe('adjusting a balance', { timeout: 60_000 }, () => {
  it('debits with a reason, once, and shows the server’s refusal of a debit below zero', async () => {
    let attempt = 0;
    const held = deferred<[number, unknown]>();
    const server = renderUsers({
      'POST /api/v1/admin/adjustment': () => {
        attempt += 1;
        if (attempt === 1) {
          return [
            409,
            {
              error: {
                code: 'insufficient_funds',
                message: 'The player has only ₮1000 available; a debit cannot take more',
                fields: { amount: 'At most 1000' },
              },
            },
          ];
        }
        return held.promise;
      },
    });
    const bat = (await screen.findByText('bat')).closest('tr') as HTMLElement;
    fireEvent.click(within(bat).getByRole('button', { name: 'Adjust balance' }));
    const dialog = await dialogTitled('Adjust the balance of bat');
    expect(within(dialog).getByText('Available ₮1,000, locked ₮0.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByText('Debit'));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Amount' }), {
      target: { value: '1.5' },
    });
    const submit = within(dialog).getByRole('button', { name: 'Adjust balance' });
    fireEvent.click(submit);
    expect(
      await within(dialog).findByText('Enter a whole number of tugrik from 1 to 10,000,000'),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('Enter a reason')).toBeInTheDocument();
    expect(server.calls('POST', '/api/v1/admin/adjustment')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Amount' }), {
      target: { value: '1500' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'paid in cash' },
    });
    fireEvent.click(submit);
    expect(await within(dialog).findByText('At most 1000')).toBeInTheDocument();
    const [first] = server.calls('POST', '/api/v1/admin/adjustment');
    expect(first.body).toEqual({ userId: 7, direction: 'debit', amount: 1500, reason: 'paid in cash' });

    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Amount' }), {
      target: { value: '1000' },
    });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(server.calls('POST', '/api/v1/admin/adjustment')).toHaveLength(2));
    held.resolve([
      201,
      { transactionId: 9, userId: 7, direction: 'debit', amount: 1000, reason: 'paid in cash', balance: 0 },
    ]);
    expect(await screen.findByText("bat's balance is now ₮0")).toBeInTheDocument();
    expect(server.calls('POST', '/api/v1/admin/adjustment')).toHaveLength(2);
    const keys = server
      .calls('POST', '/api/v1/admin/adjustment')
      .map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[0]).not.toBe(keys[1]);
  });
});
