import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecurityPage } from './SecurityPage';
import { renderAdmin, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

const dumping = {
  kind: 'chip_dumping',
  userIds: [11, 12],
  usernames: ['dumper', 'receiver'],
  score: 100,
  handIds: ['h-1', 'h-2'],
  handTables: { 'h-1': 7, 'h-2': 7 },
  explanation: '12 big losses…',
  measures: { dumps: 12, dumpsBack: 0, dumpsToAnyone: 14, netBigBlinds: 1240, oneSided: 0.93, hands: 400 },
  tableId: null,
  reason: '',
  reportedBy: null,
  at: '2026-11-26T08:00:00.000Z',
};
const report = {
  kind: 'report',
  userIds: [13],
  usernames: ['suspect'],
  score: 2,
  handIds: ['h-9'],
  handTables: {},
  explanation: '2 report(s) of this player',
  measures: { reports: 2 },
  tableId: 3,
  reason: 'Always folds to his friend',
  reportedBy: 'alice',
  at: '2026-11-26T07:00:00.000Z',
};
const desk = { items: [dumping, report], scannedHands: 1234, scannedAt: '2026-11-26T08:00:00.000Z' };
const settings = { security: { refuseSharedAddress: false } };

describe('the security desk page', { timeout: 60_000 }, () => {
  it('lists the flags with their reasons and hands opening in Replay, and the reports with their words', async () => {
    stubServer({
      'GET /api/v1/admin/security/flags': [200, desk],
      'GET /api/v1/admin/settings': [200, settings],
    });
    renderAdmin(<SecurityPage />, '/admin/security');
    expect(await screen.findByText('Chip dumping')).toBeInTheDocument();
    expect(screen.getByTestId('security-scanned')).toHaveTextContent('Hands read by the detectors: 1,234');
    expect(screen.getByText('dumper, receiver')).toBeInTheDocument();
    expect(
      screen.getByText(
        /12 big losses to the same opponent \(of 14 to anyone\).*1,240 big blinds went one way over 400 hands/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hand 1' })).toHaveAttribute('href', '/table/7?hand=h-1');
    expect(screen.getByRole('link', { name: 'Hand 2' })).toHaveAttribute('href', '/table/7?hand=h-2');
    expect(screen.getByText('Player report')).toBeInTheDocument();
    expect(screen.getByText(/2 report\(s\) of this player; this one by alice/)).toBeInTheDocument();
    expect(screen.getByText('“Always folds to his friend”')).toBeInTheDocument();
  });

  it('suspends a flagged player with a reason, and asks for one first', async () => {
    const server = stubServer({
      'GET /api/v1/admin/security/flags': [200, desk],
      'GET /api/v1/admin/settings': [200, settings],
      'POST /api/v1/admin/security/suspend': [200, { userId: 11, status: 'blocked' }],
    });
    renderAdmin(<SecurityPage />, '/admin/security');
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend dumper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend dumper pending review?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Say why')).toBeInTheDocument();
    expect(server.calls('POST', '/api/v1/admin/security/suspend')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'Chip dumping to receiver' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(server.calls('POST', '/api/v1/admin/security/suspend')).toHaveLength(1));
    expect(server.calls('POST', '/api/v1/admin/security/suspend')[0].body).toEqual({
      userId: 11,
      reason: 'Chip dumping to receiver',
    });
  });

  it('switches the refusal of a second seat from one address', async () => {
    const server = stubServer({
      'GET /api/v1/admin/security/flags': [200, { items: [], scannedHands: 0, scannedAt: null }],
      'GET /api/v1/admin/settings': [200, settings],
      'PUT /api/v1/admin/settings': [200, { security: { refuseSharedAddress: true } }],
    });
    renderAdmin(<SecurityPage />, '/admin/security');
    expect(await screen.findByText('Nothing flagged.')).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', { name: 'Refuse a second seat from the same address' });
    fireEvent.click(toggle);
    await waitFor(() => expect(server.calls('PUT', '/api/v1/admin/settings')).toHaveLength(1));
    expect(server.calls('PUT', '/api/v1/admin/settings')[0].body).toEqual({
      security: { refuseSharedAddress: true },
    });
  });
});
