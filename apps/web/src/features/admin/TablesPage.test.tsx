import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TablesPage } from './TablesPage';
import { renderAdmin, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

const gobi = {
  tableId: 3,
  no: 3,
  name: 'Gobi',
  variant: 'holdem',
  betting: 'no-limit',
  smallBlind: 500,
  bigBlind: 1000,
  minBuyIn: 40000,
  maxBuyIn: 100000,
  maxPlayers: 6,
  actionTimeSeconds: 15,
  closed: false,
  status: 'waiting',
  seated: 0,
  simulation: false,
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe("the tables page's action time", { timeout: 60_000 }, () => {
  it("edits a table's own action time and clears it back to the site setting", async () => {
    const server = stubServer({
      'GET /api/v1/admin/table': [200, [gobi]],
      'PATCH /api/v1/admin/table': (request) => [200, { ...gobi, ...(request.body as object) }],
    });
    renderAdmin(<TablesPage />, '/admin/table');
    const row = (await screen.findByText('Gobi')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const field = (await screen.findByLabelText('Action time (seconds)')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('15'));
    fireEvent.change(field, { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PATCH', '/api/v1/admin/table')).toHaveLength(1));
    expect(server.calls('PATCH', '/api/v1/admin/table')[0].body).toMatchObject({
      tableId: 3,
      actionTimeSeconds: 40,
    });

    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const again = (await screen.findByLabelText('Action time (seconds)')) as HTMLInputElement;
    fireEvent.change(again, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PATCH', '/api/v1/admin/table')).toHaveLength(2));
    expect(server.calls('PATCH', '/api/v1/admin/table')[1].body).toMatchObject({ actionTimeSeconds: null });
  });
});

describe('editing a live table', { timeout: 60_000 }, () => {
  it('warns before saving that a hand is in play and the changes apply from the next hand; a quiet table has no warning', async () => {
    stubServer({
      'GET /api/v1/admin/table': [
        200,
        [
          { ...gobi, status: 'playing', seated: 2 },
          { ...gobi, tableId: 4, no: 4, name: 'Altai' },
        ],
      ],
    });
    renderAdmin(<TablesPage />, '/admin/table');
    const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
    await screen.findByText('Gobi');
    fireEvent.click(within(row('Gobi')).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByTestId('table-live-warning')).toHaveTextContent(
      'This table is live: a hand is being played. Your changes apply from the next hand',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(row('Altai')).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('Edit Altai'));
    expect(screen.queryByTestId('table-live-warning')).not.toBeInTheDocument();
  });
});

describe("the tables page's simulation", { timeout: 60_000 }, () => {
  it('asks before starting the bots, and then calls Starting (not Waiting) until a hand is dealt', async () => {
    let simulating = false;
    const server = stubServer({
      'GET /api/v1/admin/table': () => [200, [{ ...gobi, simulation: simulating }]],
      'PUT /api/v1/admin/table/simulate': () => {
        simulating = true;
        return [200, 'Simulation started'];
      },
    });
    renderAdmin(<TablesPage />, '/admin/table');
    const row = (await screen.findByText('Gobi')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Waiting')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Start simulation' }));
    // Nothing happens before the confirmation.
    const confirm = await screen.findByText(/Start simulation at Gobi\?/);
    expect(server.calls('PUT', '/api/v1/admin/table/simulate')).toHaveLength(0);
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: 'Start simulation' }));
    await waitFor(() => expect(server.calls('PUT', '/api/v1/admin/table/simulate')).toHaveLength(1));
    const after = (await screen.findByText('Starting')).closest('tr') as HTMLElement;
    expect(within(after).queryByText('Waiting')).toBeNull();
    expect(within(after).getByRole('button', { name: 'Stop simulation' })).toBeInTheDocument();
  });
});

describe('deleting a table', { timeout: 60_000 }, () => {
  it("with players seated, shows the server's reason: kick them or wait, not 'busy, try again'", async () => {
    stubServer({
      'GET /api/v1/admin/table': [200, [{ ...gobi, seated: 2 }]],
      'DELETE /api/v1/admin/table': [
        409,
        {
          error: {
            code: 'table_busy',
            message: 'Players are seated at this table; kick them or wait until they leave',
          },
        },
      ],
    });
    renderAdmin(<TablesPage />, '/admin/table');
    const row = (await screen.findByText('Gobi')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findAllByRole('button', { name: 'Delete' });
    fireEvent.click(confirm.at(-1)!);
    expect(
      await screen.findByText('Players are seated at this table; kick them or wait until they leave.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Try again in a moment/)).not.toBeInTheDocument();
  });
});
