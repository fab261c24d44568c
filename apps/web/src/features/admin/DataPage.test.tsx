import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DataPage from './DataPage';
import { renderAdmin, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

const day = (date: string, hands: number) => ({
  date,
  hands,
  rake: hands * 10,
  deposits: 1000,
  withdrawals: 0,
  jackpotContributions: hands,
  jackpotPayouts: 0,
  jackpotBalance: 5000 + hands,
});

function data(days: number) {
  return {
    accounts: {
      playersAvailable: 1000,
      playersLocked: 0,
      playersAtTables: 0,
      houseRake: 10,
      jackpot: 5000,
      bonus: 0,
      botBankroll: 0,
      outsideBank: -6010,
    },
    total: 0,
    balanced: true,
    deposits: { count: 1, amount: 1000 },
    withdrawals: {
      approved: { count: 0, amount: 0 },
      pending: { count: 0, amount: 0 },
      rejected: { count: 0, amount: 0 },
    },
    stats: {
      users: 2,
      players: 1,
      admins: 1,
      bots: 0,
      blocked: 0,
      tables: 8,
      seatedPlayers: 0,
      ledgerTransactions: 3,
      postings: 6,
    },
    daily: {
      days,
      series: Array.from({ length: days }, (_, i) => day(`2026-11-${String(i + 1).padStart(2, '0')}`, i)),
    },
  };
}

describe('the data page', { timeout: 60_000 }, () => {
  it('reads 30 days of daily figures, and the period switch asks the server for another number of days', async () => {
    const server = stubServer({
      'GET /api/v1/admin/data': (request) => [200, data(Number(request.query.get('days') ?? 30))],
    });
    renderAdmin(<DataPage />, '/admin/data');
    expect(await screen.findByText('Balanced: every tugrik is accounted for')).toBeInTheDocument();
    expect(screen.getByText('Per day (UTC)')).toBeInTheDocument();
    expect(server.calls('GET', '/api/v1/admin/data')[0].query.get('days')).toBe('30');
    fireEvent.click(screen.getByText('Last 7 days'));
    await waitFor(() =>
      expect(server.calls('GET', '/api/v1/admin/data').at(-1)?.query.get('days')).toBe('7'),
    );
  });
});
