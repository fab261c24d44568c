import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LobbyTable } from '../../api/types';
import { lobbyTable } from '../../test/fixtures';
import { fakeFetch, renderWithApp } from '../../test/render';
import LobbyPage from './LobbyPage';

const tables: LobbyTable[] = [
  lobbyTable({
    tableId: 2,
    no: 2,
    name: 'Altai',
    variant: 'omaha',
    betting: 'pot-limit',
    buyIn: { min: 20000, max: 100000 },
    blinds: { small: 500, big: 1000 },
    players: { seated: 6, max: 6 },
    status: 'playing',
  }),
  lobbyTable({ tableId: 1, no: 1, name: 'Khangai', players: { seated: 3, max: 9 }, status: 'playing' }),
  lobbyTable({ tableId: 3, no: 3, name: 'Orkhon', status: 'closed' }),
];

function stubApi(overrides: Record<string, [number, unknown]> = {}) {
  const fake = fakeFetch({
    'GET /api/v1/user/tables': [200, tables],
    'GET /api/v1/user/jackpot': [200, { amount: 1234567 }],

    ...overrides,
  });
  vi.stubGlobal('fetch', fake.fetchFn);
  return fake;
}

afterEach(() => vi.unstubAllGlobals());

describe('the lobby', () => {
  it('lists the tables by number with the spec columns and Play / Full buttons', async () => {
    stubApi();
    renderWithApp(<LobbyPage />);
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['No.', 'Name', 'Variant', 'Buy-In', 'Players', 'Blinds', 'Table']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('Khangai')).toBeInTheDocument();
    expect(within(rows[0]).getByText("Texas Hold'em")).toBeInTheDocument();
    expect(within(rows[0]).getByText('₮2,000 – ₮10,000')).toBeInTheDocument();
    expect(within(rows[0]).getByText('3/9')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: 'Play: Khangai' })).toBeInTheDocument();
    expect(within(rows[1]).getByText('Omaha')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Full: Altai' })).toBeInTheDocument();
    expect(within(rows[1]).getByTitle('Pot Limit')).toHaveTextContent('PL');
    expect(within(rows[2]).getByRole('button', { name: 'Closed' })).toBeDisabled();
  });

  it('shows the jackpot from GET /jackpot', async () => {
    stubApi();
    renderWithApp(<LobbyPage />);
    expect(await screen.findByText('₮1,234,567')).toBeInTheDocument();
  });

  it('filters by variant and by stakes', async () => {
    stubApi();
    renderWithApp(<LobbyPage />);
    await screen.findByText('Khangai');
    fireEvent.change(screen.getByLabelText('Variant'), { target: { value: 'omaha' } });
    expect(screen.queryByText('Khangai')).not.toBeInTheDocument();
    expect(screen.getByText('Altai')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Variant'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Stakes'), { target: { value: '50/100' } });
    expect(screen.getByText('Khangai')).toBeInTheDocument();
    expect(screen.queryByText('Altai')).not.toBeInTheDocument();
  });

  it('opens the table page when Play is pressed', async () => {
    stubApi();
    const { router } = renderWithApp(<LobbyPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Play: Khangai' }));
    expect(router.state.location.pathname).toBe('/table/1');
  });

  it('says so when the tables cannot be loaded', async () => {
    stubApi({ 'GET /api/v1/user/tables': [503, { error: { code: 'UNAVAILABLE', message: 'down' } }] });
    renderWithApp(<LobbyPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the tables');
  });

  it('the Tournament tab keeps the 10 million contest teaser above the tournaments', async () => {
    stubApi({ 'GET /api/v1/user/tournaments': [200, []] });
    renderWithApp(<LobbyPage />);
    fireEvent.click(screen.getByRole('tab', { name: 'Tournament' }));
    expect(screen.getByRole('heading', { name: 'Tournaments' })).toBeInTheDocument();
    expect(screen.getByText('₮10,000,000')).toBeInTheDocument();
    expect(await screen.findByText(/Registration opens soon/)).toBeInTheDocument();
    expect(await screen.findByText('No tournaments yet.')).toBeInTheDocument();
  });

  it('the texts come from the content blocks, in the interface language, when the site has them', async () => {
    const block = (en: string, mn: string) => ({
      name: 'x',
      block: { en, mn },
      updatedAt: '2026-11-01T00:00:00Z',
    });
    stubApi({
      'GET /api/v1/user/block/contest-teaser': [
        200,
        block('Spring contest: sign up in May', 'Хаврын тэмцээн'),
      ],
      'GET /api/v1/user/block/tournament-coming-soon': [200, block('Soon!', 'Удахгүй!')],
      'GET /api/v1/user/block/lobby-banner': [200, block('Welcome to the lobby', 'Тавтай морил')],
    });
    const { i18n } = renderWithApp(<LobbyPage />);
    expect(await screen.findByText('Welcome to the lobby')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Tournament' }));
    expect(await screen.findByText('Spring contest: sign up in May')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Soon!' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('mn'));
    expect(await screen.findByText('Хаврын тэмцээн')).toBeInTheDocument();
    expect(screen.getByText('Тавтай морил')).toBeInTheDocument();
  });
  it('sorts by a clicked column header, the other way round on a second click, and keeps it in the URL', async () => {
    stubApi();
    const { router } = renderWithApp(<LobbyPage />);
    const table = await screen.findByRole('table');
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1].textContent);
    expect(names()).toEqual(['Khangai', 'Altai', 'Orkhon']);
    const players = within(table).getByRole('columnheader', { name: 'Players' });
    expect(players).not.toHaveAttribute('aria-sort');
    fireEvent.click(within(players).getByRole('button', { name: 'Players' }));
    expect(names()).toEqual(['Orkhon', 'Khangai', 'Altai']);
    expect(players).toHaveAttribute('aria-sort', 'ascending');
    expect(router.state.location.search).toBe('?sort=players');
    fireEvent.click(within(players).getByRole('button', { name: 'Players' }));
    expect(names()).toEqual(['Altai', 'Khangai', 'Orkhon']);
    expect(players).toHaveAttribute('aria-sort', 'descending');
    expect(router.state.location.search).toBe('?sort=players&dir=desc');
  });

  it('hides full and empty tables when asked', async () => {
    stubApi();
    renderWithApp(<LobbyPage />);
    await screen.findByText('Khangai');
    fireEvent.click(screen.getByLabelText('Hide full'));
    expect(screen.queryByText('Altai')).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Hide empty'));
    expect(screen.queryByText('Orkhon')).not.toBeInTheDocument();
    expect(screen.getByText('Khangai')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Hide full'));
    expect(screen.getByText('Altai')).toBeInTheDocument();
  });

  it('opens with the filters and the order the URL holds', async () => {
    stubApi();
    const { unmount } = renderWithApp(<LobbyPage />, { path: '/?sort=name&dir=desc&empty=hide' });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1].textContent)).toEqual(['Khangai', 'Altai']);
    expect(screen.getByLabelText('Hide empty')).toBeChecked();
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    unmount();
    renderWithApp(<LobbyPage />, { path: '/?stakes=50/100&to=500/1000&variant=omaha' });
    expect(await screen.findByText('Altai')).toBeInTheDocument();
    expect(screen.queryByText('Khangai')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Stakes up to')).toHaveValue('500/1000');
  });

  it('shows the last-hour figures as columns when the server sends them', async () => {
    stubApi({
      'GET /api/v1/user/tables': [
        200,
        tables.map((table, i) => ({
          ...table,
          averagePot: 12_500 * (i + 1),
          playersPerFlop: 30 + i,
          handsPerHour: 60 - i,
        })),
      ],
    });
    renderWithApp(<LobbyPage />);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'No.',
      'Name',
      'Variant',
      'Buy-In',
      'Players',
      'Blinds',
      'Avg. Pot',
      'Players / Flop',
      'Hands / Hour',
      'Table',
    ]);
    const khangai = within(table).getAllByRole('row')[1];
    expect(within(khangai).getByText('₮25,000')).toBeInTheDocument();
    expect(within(khangai).getByText('31%')).toBeInTheDocument();
    expect(within(khangai).getByText('59')).toBeInTheDocument();
    fireEvent.click(within(table).getByRole('button', { name: 'Hands / Hour' }));
    const first = within(table).getAllByRole('row')[1];
    expect(within(first).getByText('Orkhon')).toBeInTheDocument();
  });
});
