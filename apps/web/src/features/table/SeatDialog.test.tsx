import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithApp } from '../../test/render';
import { SeatDialog } from './SeatDialog';

const context = { minBuyIn: 400, maxBuyIn: 4000, balance: 1000 };

function open(mode: 'sit' | 'recharge', onSubmit = vi.fn().mockResolvedValue(undefined), extra = {}) {
  const onClose = vi.fn();
  renderWithApp(
    <SeatDialog
      open
      mode={mode}
      seat={2}
      context={{ ...context, ...extra }}
      isAuthenticated
      onSubmit={onSubmit}
      onClose={onClose}
    />,
  );
  return { onSubmit, onClose };
}

describe('the seat dialog', () => {
  it('shows the balance and the buy-in range and offers the most the player can bring', () => {
    open('sit');
    expect(screen.getByText('Take seat 3')).toBeInTheDocument();
    expect(screen.getByTestId('seat-balance')).toHaveTextContent('₮1,000');
    expect(screen.getByRole('spinbutton', { name: 'Amount' })).toHaveValue('1,000');
    expect(screen.getByRole('slider', { name: 'Amount' })).toHaveAttribute('max', '1000');
  });

  it('refuses an amount outside the range and sends a good one', async () => {
    const { onSubmit, onClose } = open('sit');
    const input = screen.getByRole('spinbutton', { name: 'Amount' });
    await userEvent.clear(input);
    await userEvent.type(input, '300');
    expect(screen.getByRole('alert')).toHaveTextContent('Amount must be between ₮400 and ₮1,000');
    expect(screen.getByRole('button', { name: 'Take seat' })).toBeDisabled();
    await userEvent.clear(input);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter amount!');
    await userEvent.type(input, '600');
    await userEvent.click(screen.getByRole('button', { name: 'Take seat' }));
    expect(onSubmit).toHaveBeenCalledWith(600, false);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the table’s refusal and stays open', async () => {
    const { onClose } = open('sit', vi.fn().mockRejectedValue(new Error('That seat was just taken.')));
    await userEvent.click(screen.getByRole('button', { name: 'Take seat' }));
    expect(await screen.findByText('That seat was just taken.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('tells a player who left a short while ago the stack they must bring back, and refuses less', async () => {
    open('sit', undefined, { minBuyIn: 700, tableMinBuyIn: 400 });
    expect(screen.getByTestId('seat-return-minimum')).toHaveTextContent('₮700');
    expect(screen.getByText(/bring at least the ₮700 you left with/)).toBeInTheDocument();
    const input = screen.getByRole('spinbutton', { name: 'Amount' });
    await userEvent.clear(input);
    await userEvent.type(input, '500');
    expect(screen.getByRole('alert')).toHaveTextContent('Amount must be between ₮700 and ₮1,000');
    expect(screen.getByRole('button', { name: 'Take seat' })).toBeDisabled();
  });

  it('says so when the balance is below the minimum buy-in', () => {
    open('sit', undefined, { balance: 100 });
    expect(screen.getByRole('alert')).toHaveTextContent('Your balance is below ₮400.');
    expect(screen.getByRole('button', { name: 'Take seat' })).toBeDisabled();
  });

  it('in recharge mode adds chips up to the table maximum', async () => {
    const { onSubmit } = open('recharge', undefined, { balance: 10_000, stack: 3500 });
    expect(screen.getByRole('spinbutton', { name: 'Amount' })).toHaveValue('500');
    await userEvent.click(screen.getByRole('button', { name: 'Recharge' }));
    expect(onSubmit).toHaveBeenCalledWith(500, false);
  });
});

describe('the seat dialog’s amount', () => {
  it('shows thousands separators while typing and sends the integer', async () => {
    const { onSubmit } = open('sit', undefined, { minBuyIn: 1000, maxBuyIn: 2_000_000, balance: 5_000_000 });
    const input = screen.getByRole('spinbutton', { name: 'Amount' });
    await userEvent.clear(input);
    await userEvent.type(input, '1250000');
    expect(input).toHaveValue('1,250,000');
    await userEvent.click(screen.getByRole('button', { name: 'Take seat' }));
    expect(onSubmit).toHaveBeenCalledWith(1_250_000, false);
  });

  it('with a balance too short: the deposit reference and a link to the Deposit tab', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/v1/user/deposit/info': [200, { reference: 'TP7K2QXM', accounts: { en: [], mn: [] } }],
      }).fetchFn,
    );
    open('sit', undefined, { balance: 0 });
    expect(screen.getByRole('alert')).toHaveTextContent('Your balance is below ₮400.');
    expect(screen.getByRole('link', { name: 'How to deposit' })).toHaveAttribute(
      'href',
      '/profile?tab=deposit',
    );
    expect(await screen.findByTestId('deposit-reference')).toHaveTextContent('TP7K2QXM');
    expect(screen.getByRole('button', { name: 'Copy your deposit reference' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
