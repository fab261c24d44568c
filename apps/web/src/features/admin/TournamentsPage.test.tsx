import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TournamentSummary } from '../../api/tournamentTypes';
import { tournamentSummary } from '../../test/tournaments';
import { renderAdmin, stubServer } from './testKit';
import { TournamentsPage } from './TournamentsPage';

afterEach(() => vi.unstubAllGlobals());

/** A row of GET /api/v1/user/tournaments: an open 6-seat Sit & Go with two entrants. */
const summary = (tournamentId: number, name: string, change: Partial<TournamentSummary> = {}) =>
  tournamentSummary({
    tournamentId,
    name,
    tableSize: 6,
    entrants: 2,
    minEntrants: 2,
    maxEntrants: 6,
    prizePool: 20_000,
    ...change,
  });

const LIST = 'GET /api/v1/user/tournaments';
const rowOf = async (name: string) =>
  (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;
/** An empty list; the New tournament menu opened and a template chosen. */
async function startFrom(template: string) {
  const server = stubServer({
    [LIST]: [200, []],
    'POST /api/v1/admin/tournament': (request) => [201, { ...summary(5, ''), ...(request.body as object) }],
  });
  renderAdmin(<TournamentsPage />, '/admin/tournament');
  fireEvent.click(await screen.findByRole('button', { name: 'New tournament' }));
  fireEvent.click(await screen.findByText(template));
  return server;
}
const popoverOf = (text: RegExp | string) => screen.getByText(text).closest('.ant-popover') as HTMLElement;
/** Picks an option of the antd select labelled `label` (by label and text: role queries are slow on a big form). */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options[options.length - 1]!);
}
const type = (label: string, value: number) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: String(value) } });

describe('the tournaments admin page', { timeout: 60_000 }, () => {
  it('lists status, entrants and prize pool, offers only what each status allows, and links to the lobby page', async () => {
    stubServer({
      [LIST]: [
        200,
        [
          summary(3, 'Open six'),
          summary(2, 'Running nine', { status: 'running', entrants: 9, maxEntrants: 9, prizePool: 90_000 }),
          summary(1, 'Done', { status: 'finished', entrants: 3, maxEntrants: 3 }),
        ],
      ],
    });
    renderAdmin(<TournamentsPage />, '/admin/tournament');
    const open = await rowOf('Open six');
    expect(within(open).getByText('Registering')).toBeInTheDocument();
    expect(open).toHaveTextContent('2 / 6 (at least 2)');
    expect(open).toHaveTextContent('₮10,000 + ₮1,000');
    expect(open).toHaveTextContent('₮20,000');
    for (const action of ['Edit', 'Add bots', 'Remove bots', 'Cancel tournament'])
      expect(within(open).getByRole('button', { name: action })).toBeInTheDocument();
    expect(within(open).getByRole('link', { name: 'Watch' })).toHaveAttribute('href', '/tournament/3');

    const running = await rowOf('Running nine');
    expect(running).toHaveTextContent('₮90,000');
    expect(within(running).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(running).queryByRole('button', { name: 'Add bots' })).toBeNull();
    expect(within(running).getByRole('button', { name: 'Cancel tournament' })).toBeInTheDocument();
    const done = await rowOf('Done');
    expect(within(done).queryByRole('button', { name: 'Cancel tournament' })).toBeNull();
  });

  it('creates a Sit & Go from a template with the fields changed', async () => {
    const server = await startFrom('Sit & Go 6-max Hyper');
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Sit & Go 6-max Hyper'));
    fireEvent.change(name, { target: { value: 'Fast three' } });
    fireEvent.change(screen.getByLabelText('Most entrants'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Buy-in (to the prize pool)'), { target: { value: '5000' } });
    expect(screen.queryByLabelText('Starts at (your time)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('POST', '/api/v1/admin/tournament')).toHaveLength(1));
    const body = server.calls('POST', '/api/v1/admin/tournament')[0]!.body as Record<string, unknown>;
    expect(body).toEqual({
      name: 'Fast three',
      kind: 'sng',
      variant: 'holdem',
      betting: 'no-limit',
      buyIn: 5_000,
      fee: 1_000,
      startingStack: 1_500,
      tableSize: 6,
      minEntrants: 2,
      maxEntrants: 3,
      startsAt: null,
      structure: 'hyper',
    });
    expect(await screen.findByText('Tournament Fast three created')).toBeInTheDocument();
  });

  it("creates a multi-table tournament from its template with a start in the browser's time", async () => {
    const server = await startFrom('Multi-table tournament');
    const start = (await screen.findByLabelText('Starts at (your time)')) as HTMLInputElement;
    await waitFor(() => expect(start.value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00$/));
    fireEvent.change(start, { target: { value: '2031-03-04T19:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('POST', '/api/v1/admin/tournament')).toHaveLength(1));
    expect(server.calls('POST', '/api/v1/admin/tournament')[0]!.body).toMatchObject({
      kind: 'mtt',
      tableSize: 9,
      structure: 'regular',
      startsAt: new Date('2031-03-04T19:30').toISOString(),
    });
  });

  it("creates a Sit & Go on the administrator's own levels and a break", async () => {
    const server = await startFrom('Sit & Go 6-max Turbo');
    await choose('Structure', 'Custom levels');
    // One first level to start from (10/20, no ante, 10 minutes); the next doubles the one before.
    expect(await screen.findByLabelText('Small blind (Level 1)')).toHaveValue('10');
    fireEvent.click(screen.getByText('Add break'));
    fireEvent.click(screen.getByText('Add level'));
    type('Big blind (Level 3)', 50);
    expect(screen.getByText(/Prizes follow the published payout table/)).toBeInTheDocument();
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(server.calls('POST', '/api/v1/admin/tournament')).toHaveLength(1));
    const body = server.calls('POST', '/api/v1/admin/tournament')[0]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('structure');
    const level = { anteKind: 'big-blind', isBreak: false };
    expect(body.levels).toEqual([
      { ...level, level: 1, smallBlind: 10, bigBlind: 20, ante: 0, seconds: 600 },
      // A break keeps the blinds of the level before it.
      { ...level, level: 2, smallBlind: 10, bigBlind: 20, ante: 0, seconds: 300, isBreak: true },
      { ...level, level: 3, smallBlind: 20, bigBlind: 50, ante: 0, seconds: 600 },
    ]);
  });

  it('refuses a small blind above the big blind and a structure ending on a break, sending nothing', async () => {
    const server = await startFrom('Sit & Go 6-max Turbo');
    await choose('Structure', 'Custom levels');
    fireEvent.change(await screen.findByLabelText('Small blind (Level 1)'), { target: { value: '50' } });
    fireEvent.click(screen.getByText('Add break'));
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText('The small blind is above the big blind')).toBeInTheDocument();
    expect(await screen.findByText('A structure cannot end with a break')).toBeInTheDocument();
    expect(server.calls('POST', '/api/v1/admin/tournament')).toHaveLength(0);
  });

  it('edits before the start keeping the levels, and shows a refusal in words', async () => {
    const server = stubServer({
      [LIST]: [200, [summary(3, 'Open six')]],
      'PATCH /api/v1/admin/tournament': [
        409,
        { error: { code: 'tournament_closed', message: 'The tournament has started' } },
      ],
    });
    renderAdmin(<TournamentsPage />, '/admin/tournament');
    fireEvent.click(within(await rowOf('Open six')).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Edit Open six')).toBeInTheDocument();
    expect(screen.getByText(/the buy-in and the fee can no longer change/)).toBeInTheDocument();
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Open six'));
    fireEvent.change(name, { target: { value: 'Open six b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls('PATCH', '/api/v1/admin/tournament')).toHaveLength(1));
    const call = server.calls('PATCH', '/api/v1/admin/tournament')[0]!;
    expect(call.query.get('tournamentId')).toBe('3');
    expect(call.body).toMatchObject({ name: 'Open six b', buyIn: 10_000, maxEntrants: 6, startsAt: null });
    expect(call.body).not.toHaveProperty('structure');
    expect(call.body).not.toHaveProperty('actionSeconds');
    expect(call.body).not.toHaveProperty('tournamentId');
    expect(await screen.findByText('Registration for this tournament is closed.')).toBeInTheDocument();
  });

  it('fills with bots up to the room left, takes them out, and cancels only after the policy is shown', async () => {
    const server = stubServer({
      [LIST]: [200, [summary(3, 'Open six')]],
      'PUT /api/v1/admin/tournament/simulate': [200, { message: '4 bots registered', bots: 4 }],
      'DELETE /api/v1/admin/tournament/simulate': [200, { message: '4 bots unregistered', bots: 4 }],
      'DELETE /api/v1/admin/tournament': [200, { message: 'Tournament cancelled' }],
    });
    renderAdmin(<TournamentsPage />, '/admin/tournament');
    const row = await rowOf('Open six');
    fireEvent.click(within(row).getByRole('button', { name: 'Add bots' }));
    const count = (await screen.findByLabelText('How many bots')) as HTMLInputElement;
    expect(count.value).toBe('4');
    const dialog = count.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add bots' }));
    await waitFor(() => expect(server.calls('PUT', '/api/v1/admin/tournament/simulate')).toHaveLength(1));
    const put = server.calls('PUT', '/api/v1/admin/tournament/simulate')[0]!;
    expect([put.query.get('tournamentId'), put.query.get('bots')]).toEqual(['3', '4']);
    expect(await screen.findByText('4 bots entered Open six')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Remove bots' }));
    fireEvent.click(
      within(popoverOf(/Take every bot out of Open six/)).getByRole('button', { name: 'Remove bots' }),
    );
    await waitFor(() => expect(server.calls('DELETE', '/api/v1/admin/tournament/simulate')).toHaveLength(1));

    fireEvent.click(within(row).getByRole('button', { name: 'Cancel tournament' }));
    const policy = popoverOf('Cancel Open six?');
    expect(policy).toHaveTextContent('before the money every entrant gets the buy-in and the fee back');
    expect(server.calls('DELETE', '/api/v1/admin/tournament')).toHaveLength(0);
    fireEvent.click(within(policy).getByRole('button', { name: 'Keep it' }));
    expect(server.calls('DELETE', '/api/v1/admin/tournament')).toHaveLength(0);
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel tournament' }));
    fireEvent.click(within(popoverOf('Cancel Open six?')).getByRole('button', { name: 'Cancel tournament' }));
    await waitFor(() => expect(server.calls('DELETE', '/api/v1/admin/tournament')).toHaveLength(1));
    expect(server.calls('DELETE', '/api/v1/admin/tournament')[0]!.query.get('tournamentId')).toBe('3');
    expect(await screen.findByText('Tournament Open six cancelled')).toBeInTheDocument();
  });
});
