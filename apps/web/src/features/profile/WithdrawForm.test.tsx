import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../app/authSlice';
import { playerMe as player } from '../../test/fixtures';
import { fakeFetch, renderWithApp } from '../../test/render';
import { WithdrawForm } from './WithdrawForm';
import { checkWithdrawalAmount, withdrawalLimits } from './withdrawalRules';

function renderForm(balance = 50_000) {
  return renderWithApp(<WithdrawForm />, {
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
}

async function submitAmount(value: string) {
  const input = screen.getByRole('spinbutton', { name: 'Amount' });
  fireEvent.change(input, { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
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
    const { fetchFn, calls } = fakeFetch({
      'POST /api/v1/user/withdrawal': [
        201,
        { withdrawalId: 'w1', code: 'W-1', amount: 20000, status: 'pending' },
      ],
      'GET /api/v1/user/me': [200, { ...player, balance: 30000, locked: 20000 }],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderForm();
    await submitAmount('20000');
    expect(await screen.findByText('Withdrawal created successfully')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ amount: 20000 });
    expect(screen.queryByText('Too low')).not.toBeInTheDocument();
  });

  it("shows the server's reason when it refuses the withdrawal", async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'POST /api/v1/user/withdrawal': [
          409,
          { error: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds' } },
        ],
      }).fetchFn,
    );
    renderForm();
    await submitAmount('20000');
    expect(await screen.findByText('Insufficient funds')).toBeInTheDocument();
  });

  it("says 'Unknown error occurred' when the server gives no reason", async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('network down')));
    renderForm();
    await submitAmount('20000');
    await waitFor(() => expect(screen.getByText('Unknown error occurred')).toBeInTheDocument());
  });

  it('is disabled when the balance is below the minimum withdrawal', () => {
    renderForm(500);
    expect(screen.getByRole('button', { name: 'Request withdrawal' })).toBeDisabled();
    expect(screen.getByText('Your balance is below the minimum withdrawal of ₮1,000.')).toBeInTheDocument();
  });
});
