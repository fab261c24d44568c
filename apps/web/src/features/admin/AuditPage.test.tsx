import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuditPage } from './AuditPage';
import { renderAdmin, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

const item = (id: number, action: string, target: [string, string], summary: string) => ({
  id,
  at: '2026-11-22T02:00:00.000Z',
  actorId: 1,
  actorName: 'admin',
  ip: '203.0.113.9',
  action,
  targetType: target[0],
  targetId: target[1],
  summary,
  summaryCode: null as string | null,
  summaryParams: {} as Record<string, string | number>,
});

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options[options.length - 1]);
}

describe('the audit page', { timeout: 60_000 }, () => {
  it('lists who did what, filters by action and target, pages back and downloads the filtered CSV', async () => {
    const csv = 'id,at,actor_id,actor_name,ip,action,target_type,target_id,summary\r\n';
    const server = stubServer({
      'GET /api/v1/admin/audit': (request) =>
        request.query.get('before') === '40'
          ? [
              200,
              {
                items: [item(39, 'user.block', ['user', '7'], 'bat: status active -> blocked')],
                nextBefore: null,
              },
            ]
          : [
              200,
              {
                items: [
                  item(41, 'deposit.approve', ['deposit', '3'], 'pending -> credited: ₮2000000 to bat (#7)'),
                ],
                nextBefore: 40,
              },
            ],
      'GET /api/v1/admin/audit.csv': [200, csv],
    });
    renderAdmin(<AuditPage />, '/admin/audit');
    const row = (await screen.findByText('pending -> credited: ₮2000000 to bat (#7)')).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('admin #1')).toBeInTheDocument();
    expect(within(row).getByText('203.0.113.9')).toBeInTheDocument();
    expect(within(row).getByText('Deposit approved')).toBeInTheDocument();
    expect(within(row).getByText('deposit:3')).toBeInTheDocument();
    expect(server.calls('GET', '/api/v1/admin/audit')[0].query.get('limit')).toBe('50');

    await choose('Action', 'User blocked');
    await choose('Target type', 'User');
    fireEvent.change(screen.getByRole('textbox', { name: 'Target ID' }), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(server.calls('GET', '/api/v1/admin/audit').at(-1)?.query.get('action')).toBe('user.block'),
    );
    const filtered = server.calls('GET', '/api/v1/admin/audit').at(-1)!;
    expect(filtered.query.get('target')).toBe('user:7');

    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('bat: status active -> blocked')).toBeInTheDocument();
    const older = server.calls('GET', '/api/v1/admin/audit').at(-1)!;
    expect(older.query.get('before')).toBe('40');
    expect(older.query.get('action')).toBe('user.block');
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('pending -> credited: ₮2000000 to bat (#7)')).toBeInTheDocument();

    const blobs: Blob[] = [];
    const objectUrls = URL as unknown as Record<string, unknown>;
    const saved = { create: objectUrls.createObjectURL, revoke: objectUrls.revokeObjectURL };
    objectUrls.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:audit';
    };
    objectUrls.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [download] = server.calls('GET', '/api/v1/admin/audit.csv');
    expect(download.query.get('action')).toBe('user.block');
    expect(download.query.get('target')).toBe('user:7');
    expect(download.query.get('before')).toBeNull();
    expect(await readText(blobs[0])).toBe(csv);
    click.mockRestore();
    objectUrls.createObjectURL = saved.create;
    objectUrls.revokeObjectURL = saved.revoke;
  });

  it("shows a coded row in the reader's language and an old row without a code as stored (issue 23)", async () => {
    stubServer({
      'GET /api/v1/admin/audit': [
        200,
        {
          items: [
            {
              ...item(52, 'simulation.start', ['table', '3'], 'simulation off -> on'),
              summaryCode: 'table.simulation',
              summaryParams: { from: 'off', to: 'on' },
            },
            {
              ...item(51, 'deposit.create', ['deposit', '4'], '₮5000 credited to bat (#7)'),
              summaryCode: 'deposit.credit',
              summaryParams: { amount: 5_000, username: 'bat', userId: 7 },
            },
            item(50, 'user.block', ['user', '7'], 'bat: status active -> blocked'),
          ],
          nextBefore: null,
        },
      ],
    });
    window.history.replaceState({}, '', '/?lng=mn');
    try {
      renderAdmin(<AuditPage />, '/admin/audit');
      expect(await screen.findByText('Симуляц: унтраалттай → асаалттай')).toBeInTheDocument();
      expect(screen.getByText('bat (#7) дансанд ₮5,000 орлого хийгдсэн')).toBeInTheDocument();
      expect(screen.queryByText('simulation off -> on')).not.toBeInTheDocument();
      // Written before the codes: shown as stored.
      expect(screen.getByText('bat: status active -> blocked')).toBeInTheDocument();
    } finally {
      window.history.replaceState({}, '', '/');
      localStorage.setItem('i18nextLng', 'en');
    }
  });
});
