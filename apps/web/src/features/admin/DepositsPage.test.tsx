import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DepositsPage } from './DepositsPage';
import { deferred, renderAdmin, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

const bat = {
  userId: 7,
  username: 'bat',
  email: 'bat@tenger.test',
  role: 'PLAYER',
  status: 'active',
  isBot: false,
  balance: 0,
  locked: 0,
  bank: 'Khan Bank',
  accountNumber: '5000123456',
  preferences: {},
  createdAt: '2026-11-01T10:00:00.000Z',
};
const emptyPage = { items: [], total: 0, page: 1, pageSize: 20 };
const credited = (amount: number) => ({
  depositId: 1,
  code: 'DEP-000001',
  userId: 7,
  username: 'bat',
  amount,
  note: null,
  createdBy: 'admin',
  approvedAt: '2026-11-22T02:00:00.000Z',
});

function renderDeposits(post: Parameters<typeof stubServer>[0][string]) {
  const server = stubServer({
    'GET /api/v1/admin/user/search': [200, { items: [bat], total: 1, page: 1, pageSize: 20 }],
    'GET /api/v1/admin/deposit': [200, emptyPage],
    'POST /api/v1/admin/deposit': post,
  });
  renderAdmin(<DepositsPage />, '/admin/deposit?userId=7');
  return server;
}

async function fillAmount(value: string) {
  await screen.findByText(/bat · bat@tenger.test/);
  fireEvent.change(screen.getByRole('spinbutton', { name: 'Amount' }), { target: { value } });
}

describe('crediting a deposit', { timeout: 60_000 }, () => {
  it('sends one request for a double click, with an Idempotency-Key, and reports the credit once', async () => {
    const held = deferred<[number, unknown]>();
    const server = renderDeposits(() => held.promise);
    await fillAmount('50000');
    const submit = screen.getByRole('button', { name: 'Credit the deposit' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(server.calls('POST', '/api/v1/admin/deposit')).toHaveLength(1));
    held.resolve([201, credited(50000)]);
    expect(await screen.findByText('DEP-000001: ₮50,000 credited to bat')).toBeInTheDocument();
    // Give any second request a chance to appear.
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
        : [201, credited(20000)];
    });
    await fillAmount('20000');
    fireEvent.click(screen.getByRole('button', { name: 'Credit the deposit' }));
    expect(await screen.findByText('Try again')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Credit the deposit' }));
    expect(await screen.findByText(/credited to bat/)).toBeInTheDocument();

    await fillAmount('30000');
    fireEvent.click(screen.getByRole('button', { name: 'Credit the deposit' }));
    await waitFor(() => expect(server.calls('POST', '/api/v1/admin/deposit')).toHaveLength(3));
    const keys = server.calls('POST', '/api/v1/admin/deposit').map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it("says 'Please enter amount!' and sends nothing when the amount is missing", async () => {
    const server = renderDeposits([201, credited(1)]);
    await screen.findByText(/bat · bat@tenger.test/);
    fireEvent.click(screen.getByRole('button', { name: 'Credit the deposit' }));
    expect(await screen.findByText('Please enter amount!')).toBeInTheDocument();
    expect(server.calls('POST', '/api/v1/admin/deposit')).toHaveLength(0);
  });
});
