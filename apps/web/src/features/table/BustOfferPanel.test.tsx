import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { BustOfferPanel } from './BustOfferPanel';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

function panel(balance: number, language: 'en' | 'mn' = 'en') {
  const added: number[] = [];
  const left: string[] = [];
  const view = renderWithApp(
    <BustOfferPanel
      deadline={NOW + 60_000}
      minBuyIn={2_000}
      maxBuyIn={10_000}
      balance={balance}
      onAdd={async (amount) => void added.push(amount)}
      onLeave={() => left.push('leave')}
    />,
    { language },
  );
  return { added, left, view };
}

afterEach(() => vi.useRealTimers());

describe('the offer to add chips after a bust', () => {
  it('counts down to the deadline, offers up to the maximum the balance allows, and sends the amount', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const { added, left } = panel(6_500);
    expect(screen.getByTestId('bust-offer')).toHaveTextContent('You ran out of chips');
    expect(screen.getByTestId('bust-offer-seconds')).toHaveTextContent('60 s left');
    act(() => void vi.advanceTimersByTime(5_000));
    expect(screen.getByTestId('bust-offer-seconds')).toHaveTextContent('55 s left');
    const amount = screen.getByTestId('bust-offer-amount');
    expect(amount).toHaveValue(6_500);
    const add = screen.getByRole('button', { name: 'Add chips' });
    fireEvent.change(amount, { target: { value: '1999' } });
    expect(add).toBeDisabled();
    fireEvent.change(amount, { target: { value: '6501' } });
    expect(add).toBeDisabled();
    fireEvent.change(amount, { target: { value: '3000' } });
    expect(add).toBeEnabled();
    await act(async () => void fireEvent.click(add));
    expect(added).toEqual([3_000]);
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(left).toEqual(['leave']);
  });

  it('a balance below the table minimum shows the shortfall and offers only Leave, in both languages', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const { view } = panel(1_200);
    expect(screen.getByTestId('bust-offer-shortfall')).toHaveTextContent(
      /1,200.*800 short of the table minimum/,
    );
    expect(screen.queryByTestId('bust-offer-amount')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add chips' })).toBeDisabled();
    view.unmount();
    panel(1_200, 'mn');
    expect(screen.getByTestId('bust-offer-shortfall')).toHaveTextContent(/800 дутуу/);
    expect(screen.getByTestId('bust-offer-seconds')).toHaveTextContent('60 секунд үлдлээ');
    expect(screen.getByRole('button', { name: 'Чипс нэмэх' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Гарах' })).toBeEnabled();
  });
});
