import { screen, within } from '@testing-library/react';
import type { SystemProcess, SystemStatus } from '@tenger/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SystemPage } from './SystemPage';
import { renderAdmin, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

function process(nodeId: string, overrides: Partial<SystemProcess> = {}): SystemProcess {
  return {
    nodeId,
    version: '0.1.0',
    nodeVersion: 'v20.19.0',
    pid: 4242,
    host: 'web-1',
    uptimeSeconds: 3 * 3_600 + 25 * 60,
    tablesOwned: 4,
    sockets: { global: 120, table: 37 },
    eventLoopLagMs: { mean: 11.2, p99: 48.5 },
    memory: { rssBytes: 150 * 1024 * 1024, heapUsedBytes: 61 * 1024 * 1024 },
    ready: true,
    checks: { database: 'ok', migrations: 'ok', redis: 'ok', draining: 'ok' },
    reportedAt: '2026-11-26T08:00:00.000Z',
    ageSeconds: 0,
    status: 'live',
    ...overrides,
  };
}

const status: SystemStatus = {
  answeredBy: 'node-1',
  reportEverySeconds: 5,
  processes: [
    process('node-1'),
    process('node-2', {
      ready: false,
      checks: { database: 'unreachable', migrations: 'ok', redis: 'ok', draining: 'ok' },
      tablesOwned: 0,
    }),
    process('node-3', { status: 'silent', ageSeconds: 21 }),
  ],
};

describe('the System page', { timeout: 60_000 }, () => {
  it('lists every process with its tables, sockets, lag, memory, uptime, version and readiness', async () => {
    const server = stubServer({ 'GET /api/v1/admin/system': [200, status] });
    renderAdmin(<SystemPage />, '/admin/system');
    await screen.findByText('node-3');
    const table = screen.getByRole('table', { name: 'System' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const first = rows[0].textContent;
    for (const text of [
      'node-1',
      'web-1, pid 4242',
      'Ready',
      'site 120 · tables 37',
      '11.2 ms (p99 48.5 ms)',
      '150 MiB (heap 61 MiB)',
      '3 h 25 min',
      '0.1.0 (Node.js v20.19.0)',
    ])
      expect(first).toContain(text);
    expect(within(rows[1]).getByText('Not ready')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Database: unreachable')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Silent for 21 s')).toBeInTheDocument();
    expect(
      screen.getByText('3 server processes, as node-1 sees them. Each process reports every 5 s.'),
    ).toBeInTheDocument();
    expect(server.calls('GET', '/api/v1/admin/system')).toHaveLength(1);
  });
});
