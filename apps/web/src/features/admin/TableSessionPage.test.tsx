import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlockText } from './BlocksPanel';
import { cardLabel, TableSessionPage } from './TableSessionPage';
import { renderRoutes, stubServer } from './testKit';

afterEach(() => vi.unstubAllGlobals());

const session = {
  tableId: 3,
  status: 'playing',
  simulation: true,
  handNumber: 41,
  board: ['As', 'Td', '7c'],
  pots: [{ amount: 1200 }],
  handsPlayed: 40,
  rakeTaken: 60,
  seats: [
    // A server must never send hole cards here; if one did, the page must still not show them.
    {
      seat: 0,
      userId: 9,
      username: 'bot-1',
      stack: 8800,
      isBot: true,
      sittingOut: false,
      holeCards: ['Kh', 'Qh'],
    },
    {
      seat: 2,
      userId: 7,
      username: 'bat',
      stack: 15000,
      isBot: false,
      sittingOut: true,
      connected: false,
      status: 'sitting-out',
    },
  ],
};

describe('the live session page', { timeout: 60_000 }, () => {
  it('shows seats, stacks, hand number, board, pots and rake, and Kick per seat, never hole cards', async () => {
    stubServer({
      'GET /api/v1/admin/table/session': [200, session],
      'GET /api/v1/admin/table': [200, []],
    });
    renderRoutes([{ path: '/admin/table/:id', element: <TableSessionPage /> }], '/admin/table/3');
    const row = (await screen.findByText('bot-1')).closest('tr') as HTMLElement;
    expect(within(row).getByText('₮8,800')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Kick' })).toBeInTheDocument();
    const bat = screen.getByText('bat').closest('tr') as HTMLElement;
    expect(within(bat).getByText('Sitting out')).toBeInTheDocument();
    expect(within(bat).getByText('Disconnected')).toBeInTheDocument();
    expect(screen.getByTestId('hand-number')).toHaveTextContent('41');
    expect(screen.getByText('A♠ T♦ 7♣')).toBeInTheDocument();
    expect(screen.getByText('₮1,200')).toBeInTheDocument();
    expect(screen.getByText('₮60')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/K♥|Q♥|Kh|Qh/);
  });

  it('asks a reason with the kick and sends it', async () => {
    const server = stubServer({
      'GET /api/v1/admin/table/session': [200, session],
      'GET /api/v1/admin/table': [200, []],
      'DELETE /api/v1/admin/table/kick': [200, { message: 'Player removed from the table' }],
    });
    renderRoutes([{ path: '/admin/table/:id', element: <TableSessionPage /> }], '/admin/table/3');
    const row = (await screen.findByText('bat')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Kick' }));
    const reason = await screen.findByRole('textbox', { name: /Reason/ });
    fireEvent.change(reason, { target: { value: 'Abusive chat' } });
    const dialog = reason.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kick' }));
    await waitFor(() => expect(server.calls('DELETE', '/api/v1/admin/table/kick')).toHaveLength(1));
    const [call] = server.calls('DELETE', '/api/v1/admin/table/kick');
    expect(call.query.get('userId')).toBe('7');
    expect(call.query.get('reason')).toBe('Abusive chat');
  });
});

describe('public cards and block text', () => {
  it('writes a card with its suit symbol', () => {
    expect(cardLabel('Td')).toBe('T♦');
    expect(cardLabel('10h')).toBe('10♥');
  });

  it('shows a content block with markup as plain text: nothing in it runs', () => {
    const body = '<img src=x onerror="window.hacked=1"><script>window.hacked=2</script>\nSecond line';
    const { container } = render(<BlockText text={body} />);
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).toBe(body);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});
