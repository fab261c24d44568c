import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInPlayer } from '../../test/fixtures';
import { fakeFetch, renderWithApp } from '../../test/render';
import { depositAccountsFor } from './depositAccounts';
import ProfilePage from './ProfilePage';

const signedIn = signedInPlayer(0);
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 });
const khan = { bank: 'Khan Bank', accountNumber: '5000 1234 56', holder: 'Tenger Poker LLC' };
const khanMn = { bank: 'Хаан банк', accountNumber: '5000 1234 56', holder: 'Тэнгэр Покер ХХК' };

afterEach(() => vi.unstubAllGlobals());

function renderDepositTab(accounts: { en: object[]; mn: object[] }, language: 'en' | 'mn' = 'en') {
  const server = fakeFetch({
    'GET /api/v1/user/deposit/info': [200, { reference: 'TP7K2QXM', accounts }],
    'GET /api/v1/user/deposit': [
      200,
      page([
        {
          depositId: 3,
          code: 'DEP-000003',
          amount: 2_000_000,
          note: null,
          approvedAt: '2026-11-20T10:00:00Z',
          status: 'pending',
        },
        {
          depositId: 2,
          code: 'DEP-000002',
          amount: 50_000,
          note: null,
          approvedAt: '2026-11-19T10:00:00Z',
          status: 'credited',
        },
        {
          depositId: 1,
          code: 'DEP-000001',
          amount: 9_000,
          note: null,
          approvedAt: '2026-11-18T10:00:00Z',
          status: 'refused',
        },
      ]),
    ],
  });
  vi.stubGlobal('fetch', server.fetchFn);
  return renderWithApp(<ProfilePage />, { preloadedState: signedIn, path: '/profile?tab=deposit', language });
}

describe('the Deposit tab', () => {
  it('names the site’s account and the player’s reference, with copy buttons', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderDepositTab({ en: [khan], mn: [khanMn] });
    const accounts = await screen.findByTestId('deposit-accounts');
    expect(accounts).toHaveTextContent('Khan Bank');
    expect(accounts).toHaveTextContent('5000 1234 56');
    expect(accounts).toHaveTextContent('Account holder: Tenger Poker LLC');
    expect(screen.getByTestId('deposit-reference')).toHaveTextContent('TP7K2QXM');
    fireEvent.click(screen.getByRole('button', { name: 'Copy your deposit reference' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('TP7K2QXM'));
    expect(await screen.findByRole('button', { name: 'Copy your deposit reference' })).toHaveTextContent(
      'Copied',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy the Khan Bank account number' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('5000123456'));
  });

  it('shows the Mongolian accounts to a Mongolian reader, in Mongolian', async () => {
    renderDepositTab({ en: [khan], mn: [khanMn] }, 'mn');
    const accounts = await screen.findByTestId('deposit-accounts');
    expect(accounts).toHaveTextContent('Хаан банк');
    expect(accounts).toHaveTextContent('Данс эзэмшигч: Тэнгэр Покер ХХК');
    expect(screen.getByText('Таны орлогын код')).toBeInTheDocument();
  });

  it('falls back to the other language’s accounts, and says so plainly when there are none', async () => {
    renderDepositTab({ en: [khan], mn: [] }, 'mn');
    expect(await screen.findByTestId('deposit-accounts')).toHaveTextContent('Khan Bank');
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    renderDepositTab({ en: [], mn: [] });
    expect(await screen.findByText(/has not published its bank account yet/)).toBeInTheDocument();
  });

  it('lists the deposits with their status: awaiting approval, credited, refused', async () => {
    renderDepositTab({ en: [khan], mn: [] });
    const pending = (await screen.findByText('DEP-000003')).closest('tr')!;
    expect(within(pending).getByText('Awaiting approval')).toBeInTheDocument();
    expect(within(pending).getByText('₮2,000,000')).toBeInTheDocument();
    expect(within(pending).getByText('—')).toBeInTheDocument();
    expect(within(screen.getByText('DEP-000002').closest('tr')!).getByText('Credited')).toBeInTheDocument();
    expect(within(screen.getByText('DEP-000001').closest('tr')!).getByText('Refused')).toBeInTheDocument();
  });

  it('opens the tab the address names (the seat dialog’s link opens Deposit)', async () => {
    vi.stubGlobal('fetch', fakeFetch({}).fetchFn);
    renderWithApp(<ProfilePage />, { preloadedState: signedIn, path: '/profile?tab=withdraw' });
    expect(screen.getByRole('tab', { name: 'Withdraw' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('the receiving accounts for a language', () => {
  it('are the reader’s, else the other language’s', () => {
    expect(depositAccountsFor({ en: [khan], mn: [khanMn] }, 'mn')).toEqual([khanMn]);
    expect(depositAccountsFor({ en: [khan], mn: [khanMn] }, 'en-US')).toEqual([khan]);
    expect(depositAccountsFor({ en: [], mn: [khanMn] }, 'en')).toEqual([khanMn]);
    expect(depositAccountsFor({ en: [], mn: [] }, 'en')).toEqual([]);
    expect(depositAccountsFor(undefined, 'en')).toEqual([]);
  });
});
