import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../app/authSlice';
import { moneyListRefresher } from '../../realtime/moneyLists';
import { playerMe } from '../../test/fixtures';
import { fakeFetch, renderWithApp } from '../../test/render';
import { DepositTab } from './DepositTab';
import { GameHistoryTab } from './GameHistoryTab';
import { balanceEffect } from './SignedAmount';
import { WithdrawTab } from './WithdrawTab';

const signedIn = {
  auth: {
    ...initialAuthState,
    isAuthenticated: true,
    checkedAuth: true,
    userInfo: playerMe,
    userBalance: 50_000,
  },
};
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 });
const outcome = (outcomeId: number, type: string, amount: number) => ({
  outcomeId,
  code: `G-${outcomeId}`,
  type,
  amount,
  date: '2026-11-20T10:00:00Z',
  tableId: 1,
  handId: null,
});

afterEach(() => vi.unstubAllGlobals());

describe("amounts carry the sign of what happened to the player's balance", () => {
  it('buy-in and recharge take money, leaving and a bonus give it, a hand is ±', () => {
    expect(balanceEffect('buy_in', 10_000)).toBe(-10_000);
    expect(balanceEffect('recharge', 2_000)).toBe(-2_000);
    expect(balanceEffect('leave_seat', 12_500)).toBe(12_500);
    expect(balanceEffect('bonus', 300)).toBe(300);
    expect(balanceEffect('gameplay', -200)).toBe(-200);
    expect(balanceEffect('gameplay', 450)).toBe(450);
  });

  it('game history shows a buy-in as −₮10,000 in red and keeps the spec type labels', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/v1/user/outcome': [
          200,
          page([outcome(1, 'buy_in', 10_000), outcome(2, 'gameplay', -200), outcome(3, 'leave_seat', 9_800)]),
        ],
      }).fetchFn,
    );
    renderWithApp(<GameHistoryTab />, { preloadedState: signedIn });
    const buyIn = (await screen.findByText('G-1')).closest('tr')!;
    expect(within(buyIn).getByText('Buy-In')).toBeInTheDocument();
    expect(within(buyIn).getByText('−₮10,000')).toHaveClass('amount--negative');
    const hand = screen.getByText('G-2').closest('tr')!;
    // A hand lost is named a loss (issue 23: every hand read "Gameplay Win", losses too).
    expect(within(hand).getByText('Gameplay Loss')).toBeInTheDocument();
    expect(within(hand).getByText('−₮200')).toHaveClass('amount--negative');
    const leave = screen.getByText('G-3').closest('tr')!;
    expect(within(leave).getByText('+₮9,800')).toHaveClass('amount--positive');
  });
});

describe('the lists follow the pushes', () => {
  it("a rejected withdrawal's reason is written in its row", async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/v1/user/me': [200, playerMe],
        'GET /api/v1/user/withdrawal': [
          200,
          page([
            {
              withdrawalId: 1,
              code: 'W-1',
              userId: 11,
              username: 'bat',
              amount: 20_000,
              status: 'rejected',
              requestedAt: '2026-11-20T10:00:00Z',
              approvedBy: 'root',
              approvedAt: '2026-11-20T12:00:00Z',
              reason: 'Account number does not match the name',
            },
          ]),
        ],
      }).fetchFn,
    );
    renderWithApp(<WithdrawTab />, { preloadedState: signedIn });
    const row = (await screen.findByText('W-1')).closest('tr')!;
    expect(within(row).getByText('Rejected')).toBeInTheDocument();
    expect(within(row).getByText('Reason: Account number does not match the name')).toBeVisible();
  });

  it('a balance push refreshes the deposit list: "No deposits yet" becomes the new deposit', async () => {
    const routes: Parameters<typeof fakeFetch>[0] = { 'GET /api/v1/user/deposit': [200, page([])] };
    vi.stubGlobal('fetch', fakeFetch(routes).fetchFn);
    const { store } = renderWithApp(<DepositTab />, { preloadedState: signedIn });
    expect(await screen.findByText('No deposits yet.')).toBeInTheDocument();
    routes['GET /api/v1/user/deposit'] = [
      200,
      page([{ depositId: 7, code: 'D-7', amount: 30_000, note: null, approvedAt: '2026-11-20T10:00:00Z' }]),
    ];
    moneyListRefresher(store.dispatch).moneyMoved();
    await waitFor(() => expect(screen.getByText('D-7')).toBeInTheDocument(), { timeout: 10_000 });
  });

  it("the Deposit tab says how to deposit from the deposit-instructions block, in the reader's language", async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        'GET /api/v1/user/deposit': [200, page([])],
        'GET /api/v1/user/block/deposit-instructions': [
          200,
          {
            name: 'deposit-instructions',
            block: { en: 'Transfer to Khan Bank.', mn: 'Хаан банк руу шилжүүлнэ үү.' },
          },
        ],
      }).fetchFn,
    );
    renderWithApp(<DepositTab />, { preloadedState: signedIn, language: 'mn' });
    expect(await screen.findByText('Хаан банк руу шилжүүлнэ үү.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Хэрхэн цэнэглэх вэ' })).toBeInTheDocument();
  });
});
