import { fireEvent, screen, waitFor } from '@testing-library/react';
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
    await waitFor(() => expect(max.value).toBe('10000000'));
    const dual = screen.getByLabelText('Second administrator needed above') as HTMLInputElement;
    expect(dual.value).toBe('1000000');
    fireEvent.change(dual, { target: { value: '2000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PUT', '/api/v1/admin/settings')).toHaveLength(1));
    expect(server.calls('PUT', '/api/v1/admin/settings')[0].body).toMatchObject({
      deposit: { maxAmount: 10_000_000, dualApprovalAbove: 2_000_000 },
    });
  });
});
