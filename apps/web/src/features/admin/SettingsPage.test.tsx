import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage, sharesRemainder } from './SettingsPage';
import { renderAdmin, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

const settings = {
  maintenance: { enabled: false, message: 'Back soon' },
  withdrawal: { min: 1000, max: null },
  rake: { percent: 5, capBigBlinds: 3 },
  jackpot: { contributionPercent: 1, rules: 'Quads or better losing' },
  actionTimeSeconds: 20,
  timeBankSeconds: 30,
  banks: ['Khan Bank'],
};

describe('the bad-beat payout shares', { timeout: 60_000 }, () => {
  it('what the shares leave in the jackpot, counted in hundredths so decimals add up exactly', () => {
    expect(sharesRemainder({ loser: 50, winner: 25, table: 25 })).toBe(0);
    expect(sharesRemainder({ loser: 33.33, winner: 33.33, table: 33.33 })).toBe(0.01);
    expect(sharesRemainder({ loser: 60, winner: 30, table: 20 })).toBe(-10);
  });

  it('start at the defaults, refuse more than 100 %, and are saved with the settings', async () => {
    const server = stubServer({
      'GET /api/v1/admin/settings': [200, settings],
      'PUT /api/v1/admin/settings': (request) => [200, { ...settings, ...(request.body as object) }],
      'GET /api/v1/admin/block/list': [200, []],
    });
    renderAdmin(<SettingsPage />, '/admin/settings');
    const loser = (await screen.findByLabelText('Loser of the hand')) as HTMLInputElement;
    await waitFor(() => expect(loser.value).toBe('50.00'));
    const winner = screen.getByLabelText('Winner of the hand') as HTMLInputElement;
    expect((screen.getByLabelText('Shared by the others dealt in') as HTMLInputElement).value).toBe('25.00');

    fireEvent.change(winner, { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      (await screen.findAllByText('The shares may not add up to more than 100 %')).length,
    ).toBeGreaterThan(0);
    expect(server.calls('PUT', '/api/v1/admin/settings')).toHaveLength(0);

    fireEvent.change(winner, { target: { value: '10' } });
    expect(await screen.findByText('15 % stays in the jackpot')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', '/api/v1/admin/settings')).toHaveLength(1));
    expect(server.calls('PUT', '/api/v1/admin/settings')[0].body).toMatchObject({
      jackpot: { contributionPercent: 1, badBeatShares: { loser: 50, winner: 10, table: 25 } },
    });
  });
});

describe('the deposit limits', { timeout: 60_000 }, () => {
  it('show the server’s limits and are saved with the settings', async () => {
    const server = stubServer({
      'GET /api/v1/admin/settings': [
        200,
        { ...settings, deposit: { maxAmount: 10_000_000, dualApprovalAbove: 1_000_000 } },
      ],
      'PUT /api/v1/admin/settings': (request) => [200, { ...settings, ...(request.body as object) }],
      'GET /api/v1/admin/block/list': [200, []],
    });
    renderAdmin(<SettingsPage />, '/admin/settings');
    const max = (await screen.findByLabelText('Largest deposit')) as HTMLInputElement;
    // Thousands separators in money inputs (issue 23); the value saved stays the integer.
    await waitFor(() => expect(max.value).toBe('10,000,000'));
    const dual = screen.getByLabelText('Second administrator needed above') as HTMLInputElement;
    expect(dual.value).toBe('1,000,000');
    fireEvent.change(dual, { target: { value: '2000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', '/api/v1/admin/settings')).toHaveLength(1));
    expect(server.calls('PUT', '/api/v1/admin/settings')[0].body).toMatchObject({
      deposit: { maxAmount: 10_000_000, dualApprovalAbove: 2_000_000 },
    });
  });

  it('edit the receiving bank accounts per language, checked by the server’s own rules', async () => {
    const server = stubServer({
      'GET /api/v1/admin/settings': [
        200,
        {
          ...settings,
          depositAccounts: {
            en: [{ bank: 'Khan Bank', accountNumber: '5000123456', holder: 'Tenger LLC' }],
            mn: [],
          },
        },
      ],
      'PUT /api/v1/admin/settings': (request) => [200, { ...settings, ...(request.body as object) }],
      'GET /api/v1/admin/block/list': [200, []],
    });
    renderAdmin(<SettingsPage />, '/admin/settings');
    const en = await screen.findByTestId('deposit-accounts-en');
    await waitFor(() =>
      expect((screen.getByLabelText('Bank 1') as HTMLInputElement).value).toBe('Khan Bank'),
    );
    const mn = screen.getByTestId('deposit-accounts-mn');
    fireEvent.click(within(mn).getByRole('button', { name: 'Add an account' }));
    const mnBank = within(mn).getByLabelText('Bank 1');
    fireEvent.change(mnBank, { target: { value: 'Хаан банк' } });
    fireEvent.change(within(mn).getByLabelText('Account number'), { target: { value: '5000;123' } });
    fireEvent.change(within(mn).getByLabelText('Account holder'), { target: { value: 'Тэнгэр ХХК' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(mn).findByText('4 to 41 letters, digits, spaces or dashes')).toBeInTheDocument();
    expect(server.calls('PUT', '/api/v1/admin/settings')).toHaveLength(0);
    fireEvent.change(within(mn).getByLabelText('Account number'), { target: { value: '5000 1234 56' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', '/api/v1/admin/settings')).toHaveLength(1));
    expect(server.calls('PUT', '/api/v1/admin/settings')[0].body).toMatchObject({
      depositAccounts: {
        en: [{ bank: 'Khan Bank', accountNumber: '5000123456', holder: 'Tenger LLC' }],
        mn: [{ bank: 'Хаан банк', accountNumber: '5000 1234 56', holder: 'Тэнгэр ХХК' }],
      },
    });
    expect(en).toBeInTheDocument();
  });
});
