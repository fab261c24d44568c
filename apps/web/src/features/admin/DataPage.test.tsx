import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
  rakeFromBots: hands * 4,
  jackpotContributionsFromBots: 0,
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
      tournamentPools: 0,
      tournamentFees: 0,
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
    contributions: {
      rake: { players: 1_234, bots: 5_678 },
      jackpot: { players: 91, bots: 19 },
    },
    daily: {
      days,
      series: Array.from({ length: days }, (_, i) => day(`2026-11-${String(i + 1).padStart(2, '0')}`, i)),
    },
  };
}

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

describe('the data page', { timeout: 60_000 }, () => {
  it("downloads the server's ledger CSV for the chosen dates", async () => {
    const csv = 'time,transaction_id\r\n2026-11-22T01:00:00.000Z,1\r\n';
    const server = stubServer({
      'GET /api/v1/admin/data': [200, data(30)],
      'GET /api/v1/admin/ledger.csv': [200, csv],
    });
    const blobs: Blob[] = [];
    const objectUrls = URL as unknown as Record<string, unknown>;
    const saved = { create: objectUrls.createObjectURL, revoke: objectUrls.revokeObjectURL };
    objectUrls.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:ledger';
    };
    objectUrls.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAdmin(<DataPage />, '/admin/data');
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const request = server.calls('GET', '/api/v1/admin/ledger.csv')[0];
    expect(request.query.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(request.query.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await readText(blobs[0])).toBe(csv);
    click.mockRestore();
    objectUrls.createObjectURL = saved.create;
    objectUrls.revokeObjectURL = saved.revoke;
  });

  it('Verify chain asks the server to re-hash every hand and names the first broken hand', async () => {
    const server = stubServer({
      'GET /api/v1/admin/data': [200, data(30)],
      'GET /api/v1/admin/fairness/verify': [
        200,
        { ok: false, count: 41, firstBreak: { handId: 'hand-42', seq: 42, reason: 'hash-mismatch' } },
      ],
    });
    renderAdmin(<DataPage />, '/admin/data');
    fireEvent.click(await screen.findByRole('button', { name: 'Verify chain' }));
    expect(
      await screen.findByText('The chain is broken at hand #42 (hand-42): the hand was changed.'),
    ).toBeInTheDocument();
    expect(server.calls('GET', '/api/v1/admin/fairness/verify')).toHaveLength(1);
  });

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

describe('rake and jackpot by who paid', { timeout: 60_000 }, () => {
  it("shows the players' and the bots' rake and jackpot contributions apart, as the server reports them", async () => {
    stubServer({ 'GET /api/v1/admin/data': [200, data(30)] });
    renderAdmin(<DataPage />, '/admin/data');
    const table = await screen.findByRole('table', { name: 'Rake and jackpot by who paid' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'From playersFrom botsTotal',
      'Rake₮1,234₮5,678₮6,912',
      'Jackpot contributions₮91₮19₮110',
    ]);
  });
});
