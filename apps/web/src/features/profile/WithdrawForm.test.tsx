import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../app/authSlice';
import { playerMe as player } from '../../test/fixtures';
import { fakeFetch, renderWithApp } from '../../test/render';
import { WithdrawForm } from './WithdrawForm';
import { checkWithdrawalAmount, withdrawalLimits } from './withdrawalRules';

const ME = 'GET /api/v1/user/me';

/** The form with the player's payout account known (GET /me) and `routes` answering the rest. */
function renderForm(balance = 50_000, routes: Parameters<typeof fakeFetch>[0] = {}) {
  const server = fakeFetch({ [ME]: [200, player], ...routes });
  vi.stubGlobal('fetch', server.fetchFn);
  renderWithApp(<WithdrawForm />, {
    preloadedState: {
      auth: {
        ...initialAuthState,
        isAuthenticated: true,
        checkedAuth: true,
        userInfo: player,
        userBalance: balance,
      },
    },
  });
  return server;
}

async function submitAmount(value: string) {
  await screen.findByText(/Paid to Khan Bank/);
  const input = screen.getByRole('spinbutton', { name: 'Amount' });
  fireEvent.change(input, { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
}

/** Submits a valid amount and confirms the dialog that names the destination account. */
async function submitAndConfirm(value: string) {
  await submitAmount(value);
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Khan Bank, account 5000123456');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, withdraw' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('withdrawal rules', () => {
  it('uses the default minimum and the available balance as the maximum', () => {
    expect(withdrawalLimits(undefined, 7000)).toEqual({ min: 1000, max: 7000 });
  });

  it('prefers the server limits but never more than the balance', () => {
    expect(withdrawalLimits({ min: 2000, max: 5000 }, 7000)).toEqual({
      min: 2000,
      max: 5000,
    });
    expect(withdrawalLimits({ min: 2000, max: 5000 }, 3000)).toEqual({
      min: 2000,
      max: 3000,
    });
  });

  it('names what is wrong with an amount', () => {
    const limits = { min: 1000, max: 5000 };
    expect(checkWithdrawalAmount(null, limits)).toBe('required');
    expect(checkWithdrawalAmount(999, limits)).toBe('tooLow');
    expect(checkWithdrawalAmount(5001, limits)).toBe('tooHigh');
    expect(checkWithdrawalAmount(1000.5, limits)).toBe('notWhole');
    expect(checkWithdrawalAmount(1000, limits)).toBeNull();
    expect(checkWithdrawalAmount(5000, limits)).toBeNull();
  });
});

describe('the withdrawal form', () => {
  it("says 'Please enter amount!' when submitted empty", async () => {
    renderForm();
    await screen.findByText(/Paid to Khan Bank/);
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('Please enter amount!')).toBeInTheDocument();
  });

  it("says 'Too low' and the allowed range for an amount under the minimum", async () => {
    renderForm();
    await submitAmount('500');
    expect(await screen.findByText('Too low')).toBeInTheDocument();
    expect(screen.getByText('Amount must be between ₮1,000 and ₮50,000')).toBeInTheDocument();
  });

  it("says 'Too much' and the allowed range for more than the balance", async () => {
    renderForm();
    await submitAmount('60000');
    expect(await screen.findByText('Too much')).toBeInTheDocument();
    expect(screen.getByText('Amount must be between ₮1,000 and ₮50,000')).toBeInTheDocument();
  });

  it('sends a valid amount and reports success', async () => {
    const { calls } = renderForm(50_000, {
      'POST /api/v1/user/withdrawal': [
        201,
        { withdrawalId: 'w1', code: 'W-1', amount: 20000, status: 'pending' },
      ],
    });
    await submitAndConfirm('20000');
    expect(await screen.findByText('Withdrawal created successfully')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ amount: 20000 });
    expect(screen.queryByText('Too low')).not.toBeInTheDocument();
  });

  it("shows the server's refusal in the reader's language", async () => {
    renderForm(50_000, {
      'POST /api/v1/user/withdrawal': [
        409,
        { error: { code: 'insufficient_funds', message: 'Insufficient funds' } },
      ],
    });
    await submitAndConfirm('20000');
    expect(await screen.findByText('Your balance is not enough.')).toBeInTheDocument();
  });

  it("says 'Unknown error occurred' when the server gives no reason", async () => {
    renderForm(50_000, { 'POST /api/v1/user/withdrawal': [502, undefined] });
    await submitAndConfirm('20000');
    await waitFor(() => expect(screen.getByText('Unknown error occurred')).toBeInTheDocument());
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { calls } = renderForm();
    await submitAmount('20000');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('without a payout account it says where to add one and is disabled', async () => {
    renderForm(50_000, { [ME]: [200, { ...player, bank: '', accountNumber: '' }] });
    expect(await screen.findByText(/Add your bank account in the Account tab/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request withdrawal' })).toBeDisabled();
  });

  it('is disabled when the balance is below the minimum withdrawal', () => {
    renderForm(500);
    expect(screen.getByRole('button', { name: 'Request withdrawal' })).toBeDisabled();
    expect(screen.getByText('Your balance is below the minimum withdrawal of ₮1,000.')).toBeInTheDocument();
  });
});
