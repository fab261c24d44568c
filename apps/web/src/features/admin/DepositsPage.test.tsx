import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DepositsPage } from './DepositsPage';
import { adminUserRow } from '../../test/fixtures';
import { adminUser, deferred, renderAdmin, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

const bat = adminUserRow();
const emptyPage = { items: [], total: 0, page: 1, pageSize: 20 };
const deposit = (amount: number, extra: object = {}) => ({
  depositId: 1,
  code: 'DEP-000001',
  userId: 7,
  username: 'bat',
  amount,
  note: null,
  status: 'credited',
  createdBy: 'admin',
  createdById: adminUser.userId,
  createdAt: '2026-11-22T02:00:00.000Z',
  approvedAt: '2026-11-22T02:00:00.000Z',
  approvedBy: null,
  reversal: null,
  kind: 'deposit',
  closedBy: null,
  closedReason: null,
  ...extra,
});
const settings = { deposit: { maxAmount: 10_000_000, dualApprovalAbove: 1_000_000 } };

function renderDeposits(
  post: Parameters<typeof stubServer>[0][string],
  more: Parameters<typeof stubServer>[0] = {},
) {
  const server = stubServer({
    'GET /api/v1/admin/user/search': [200, { items: [bat], total: 1, page: 1, pageSize: 20 }],
    'GET /api/v1/admin/deposit': [200, emptyPage],
    'GET /api/v1/admin/settings': [200, settings],
    'POST /api/v1/admin/deposit': post,
    ...more,
  });
  renderAdmin(<DepositsPage />, '/admin/deposit?userId=7');
  return server;
}

async function fillAmount(value: string) {
  await screen.findByText(/bat · bat@tenger.test/);
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Amount' }), { target: { value } });
}

/** antd's modals share one test id for their labels, so a dialog is found by its title text. */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const [heading] = await screen.findAllByText(title);
  return heading.closest('.ant-modal') as HTMLElement;
}

async function submitAndConfirm() {
  fireEvent.click(screen.getByRole('button', { name: 'Credit the deposit' }));
  return dialogTitled('Check the deposit');
}

describe('crediting a deposit', { timeout: 60_000 }, () => {
  it('asks for confirmation showing player, amount and note; cancelling credits nothing', async () => {
    const server = renderDeposits([201, deposit(50000)]);
    await fillAmount('50000');
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'wire 42' } });
    const dialog = await submitAndConfirm();
    await within(dialog).findByText('bat · bat@tenger.test · #7');
    expect(within(dialog).getByText('₮50,000')).toBeInTheDocument();
    expect(within(dialog).getByText('wire 42')).toBeInTheDocument();
    expect(server.calls('POST', '/api/v1/admin/deposit')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(server.calls('POST', '/api/v1/admin/deposit')).toHaveLength(0);
  });

  it('sends one request for a repeated confirm, with an Idempotency-Key, and reports the credit once', async () => {
    const held = deferred<[number, unknown]>();
    const server = renderDeposits(() => held.promise);
    await fillAmount('50000');
    const dialog = await submitAndConfirm();
    const ok = within(dialog).getByRole('button', { name: 'Credit it' });
    fireEvent.click(ok);
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(server.calls('POST', '/api/v1/admin/deposit')).toHaveLength(1));
    held.resolve([201, deposit(50000)]);
    expect(await screen.findByText('DEP-000001: ₮50,000 credited to bat')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    const [post] = server.calls('POST', '/api/v1/admin/deposit');
    expect(server.calls('POST', '/api/v1/admin/deposit')).toHaveLength(1);
    expect(post.body).toEqual({ userId: 7, amount: 50000 });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('retries a failed submission with the same key, and uses a new key for the next deposit', async () => {
    let attempt = 0;
    const server = renderDeposits(() => {
      attempt += 1;
      return attempt === 1
        ? [503, { error: { code: 'internal', message: 'Try again' } }]
        : [201, deposit(20000)];
    });
    await fillAmount('20000');
    fireEvent.click(within(await submitAndConfirm()).getByRole('button', { name: 'Credit it' }));
    expect(await screen.findByText('Something went wrong on the server.')).toBeInTheDocument();
    fireEvent.click(within(await submitAndConfirm()).getByRole('button', { name: 'Credit it' }));
    expect(await screen.findByText(/credited to bat/)).toBeInTheDocument();

    await fillAmount('30000');
    fireEvent.click(within(await submitAndConfirm()).getByRole('button', { name: 'Credit it' }));
    await waitFor(() => expect(server.calls('POST', '/api/v1/admin/deposit')).toHaveLength(3));
    const keys = server.calls('POST', '/api/v1/admin/deposit').map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('after a deposit the form is empty again: the next one cannot go to the last player by mistake', async () => {
    stubServer({
      'GET /api/v1/admin/user/search': [200, { items: [bat], total: 1, page: 1, pageSize: 20 }],
      'GET /api/v1/admin/deposit': [200, emptyPage],
      'GET /api/v1/admin/settings': [200, settings],
      'POST /api/v1/admin/deposit': [201, deposit(50000)],
    });
    renderAdmin(<DepositsPage />, '/admin/deposit');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Player' }), { target: { value: 'bat' } });
    fireEvent.click(await screen.findByText('bat · bat@tenger.test · #7 · TP7K2QXM'));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Amount' }), { target: { value: '50000' } });
    fireEvent.click(within(await submitAndConfirm()).getByRole('button', { name: 'Credit it' }));
    expect(await screen.findByText('DEP-000001: ₮50,000 credited to bat')).toBeInTheDocument();
    const form = screen.getByRole('button', { name: 'Credit the deposit' }).closest('form')!;
    await waitFor(() => expect(within(form).queryByText(/bat · bat@tenger.test/)).not.toBeInTheDocument());
    expect(screen.getByRole('spinbutton', { name: 'Amount' })).toHaveValue('');
  });

  it("says 'Please enter amount!' and sends nothing when the amount is missing", async () => {
    const server = renderDeposits([201, deposit(1)]);
    await screen.findByText(/bat · bat@tenger.test/);
    fireEvent.click(screen.getByRole('button', { name: 'Credit the deposit' }));
    expect(await screen.findByText('Please enter amount!')).toBeInTheDocument();
    expect(server.calls('POST', '/api/v1/admin/deposit')).toHaveLength(0);
  });

  it.each([
    ['0', '0'],
    ['-5', '-5'],
    ['1.5', '1.5'],
    ['999999999999', '999,999,999,999'],
  ])(
    'refuses %s with a message and never turns it into another amount (shown as %s)',
    async (typed, shown) => {
      const server = renderDeposits([201, deposit(1)]);
      await fillAmount(typed);
      fireEvent.click(screen.getByRole('button', { name: 'Credit the deposit' }));
      expect(
        await screen.findByText('Enter a whole number of tugrik from 1 to 10,000,000'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(server.calls('POST', '/api/v1/admin/deposit')).toHaveLength(0);
      fireEvent.blur(screen.getByRole('spinbutton', { name: 'Amount' }));
      expect(screen.getByRole('spinbutton', { name: 'Amount' })).toHaveValue(shown);
    },
  );

  it("shows the server's field message under the amount", async () => {
    renderDeposits([
      400,
      {
        error: {
          code: 'validation_failed',
          message: 'Amount must be a whole number from 1 to 5000000',
          fields: { amount: 'Must be a whole number from 1 to 5000000' },
        },
      },
    ]);
    await fillAmount('600000');
    fireEvent.click(within(await submitAndConfirm()).getByRole('button', { name: 'Credit it' }));
    expect(await screen.findByText('Must be a whole number from 1 to 5000000')).toBeInTheDocument();
  });

  it('says a large deposit waits for a second administrator, and reports it as waiting', async () => {
    const server = renderDeposits([202, deposit(2_000_000, { status: 'pending', approvedAt: null })]);
    await fillAmount('2000000');
    const dialog = await submitAndConfirm();
    expect(
      within(dialog).getByText(/it will wait until another administrator approves it/),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send for approval' }));
    expect(
      await screen.findByText('DEP-000001: ₮2,000,000 for bat waits for a second administrator'),
    ).toBeInTheDocument();
    expect(server.calls('POST', '/api/v1/admin/deposit')).toHaveLength(1);
  });
});

describe('deposits waiting for a second administrator', { timeout: 60_000 }, () => {
  const mine = deposit(3_000_000, {
    depositId: 2,
    code: 'DEP-000002',
    status: 'pending',
    approvedAt: null,
  });
  const theirs = deposit(4_000_000, {
    depositId: 3,
    code: 'DEP-000003',
    status: 'pending',
    approvedAt: null,
    createdBy: 'other',
    createdById: 99,
  });

  it('cannot approve its own deposit; approves another one once, after confirmation', async () => {
    const held = deferred<[number, unknown]>();
    const may = (youMayApprove: boolean) => ({ youMayApprove, youMayCancel: !youMayApprove });
    const server = renderDeposits([201, deposit(1)], {
      'GET /api/v1/admin/approvals': [
        200,
        {
          deposits: [
            { ...mine, ...may(false) },
            { ...theirs, ...may(true) },
          ],
          withdrawals: [],
          roleGrants: [],
        },
      ],
      'PUT /api/v1/admin/deposit/approve': () => held.promise,
    });
    const section = (await screen.findByText('Waiting for a second administrator')).closest(
      'section',
    ) as HTMLElement;
    const rows = await within(section).findAllByRole('row');
    const mineRow = rows.find((r) => r.textContent?.includes('₮3,000,000')) as HTMLElement;
    const theirsRow = rows.find((r) => r.textContent?.includes('₮4,000,000')) as HTMLElement;
    expect(within(mineRow).queryByRole('button', { name: 'Approve' })).toBeNull();
    fireEvent.click(within(theirsRow).getByRole('button', { name: 'Approve' }));
    const [confirm] = await screen.findAllByText('Approve: Deposit of ₮4,000,000 for bat?');
    const dialog = confirm.closest('.ant-modal') as HTMLElement;
    const ok = within(dialog).getByRole('button', { name: 'Approve' });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(server.calls('PUT', '/api/v1/admin/deposit/approve')).toHaveLength(1));
    expect(server.calls('PUT', '/api/v1/admin/deposit/approve')[0].query.get('depositId')).toBe('3');
    held.resolve([200, { ...theirs, status: 'credited', approvedBy: 'admin' }]);
    expect(await screen.findByText('Deposit approved')).toBeInTheDocument();
  });
});

describe('reversing a deposit', { timeout: 60_000 }, () => {
  it('takes an amount and a reason, shows what the player has available, and the server’s refusal', async () => {
    let attempt = 0;
    const server = renderDeposits([201, deposit(1)], {
      'GET /api/v1/admin/deposit': [200, { items: [deposit(500_000)], total: 1, page: 1, pageSize: 20 }],
      'POST /api/v1/admin/deposit/reverse': () => {
        attempt += 1;
        return attempt === 1
          ? [
              409,
              {
                error: {
                  code: 'insufficient_funds',
                  message: 'The player has only ₮120000 available; a reversal cannot take more',
                  fields: { amount: 'At most 120000' },
                },
              },
            ]
          : [200, deposit(500_000, { status: 'reversed' })];
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reverse' }));
    const dialog = await dialogTitled('Reverse DEP-000001');
    expect(
      await within(dialog).findByText(/bat was credited ₮500,000 and has ₮120,000 available now/),
    ).toBeInTheDocument();
    const reverse = within(dialog).getByRole('button', { name: 'Reverse' });
    fireEvent.click(reverse);
    expect(await within(dialog).findByText('Enter a reason')).toBeInTheDocument();
    expect(server.calls('POST', '/api/v1/admin/deposit/reverse')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'bounced' },
    });
    fireEvent.click(reverse);
    expect(await within(dialog).findByText('At most 120000')).toBeInTheDocument();
    // The code's message (translated), the field's exact bound from the server.
    expect(within(dialog).getByText('Your balance is not enough.')).toBeInTheDocument();
    const [first] = server.calls('POST', '/api/v1/admin/deposit/reverse');
    expect(first.query.get('depositId')).toBe('1');
    expect(first.body).toEqual({ amount: 500000, reason: 'bounced' });

    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Amount' }), {
      target: { value: '120000' },
    });
    fireEvent.click(reverse);
    await waitFor(() => expect(server.calls('POST', '/api/v1/admin/deposit/reverse')).toHaveLength(2));
    expect(server.calls('POST', '/api/v1/admin/deposit/reverse')[1].body).toEqual({
      amount: 120000,
      reason: 'bounced',
    });
    await waitFor(() => expect(screen.queryByText('Reverse DEP-000001')).toBeNull());
  });

  it('offers no reversal for a pending or an already reversed deposit', async () => {
    renderDeposits([201, deposit(1)], {
      'GET /api/v1/admin/deposit': (request) =>
        request.query.get('status') === 'pending'
          ? [200, emptyPage]
          : [
              200,
              {
                items: [
                  deposit(2_000_000, {
                    depositId: 4,
                    code: 'DEP-000004',
                    status: 'pending',
                    approvedAt: null,
                  }),
                  deposit(9_000, {
                    depositId: 5,
                    code: 'DEP-000005',
                    status: 'reversed',
                    reversal: {
                      amount: 9_000,
                      reason: 'bounced',
                      by: 'admin',
                      at: '2026-11-22T03:00:00.000Z',
                    },
                  }),
                ],
                total: 2,
                page: 1,
                pageSize: 20,
              },
            ],
    });
    expect(await screen.findByText('DEP-000005')).toBeInTheDocument();
    expect(screen.getByText('(reversed by admin: bounced)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reverse' })).toBeNull();
  });
});
