import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../app/authSlice';
import { playerMe } from '../../test/fixtures';
import { fakeFetch, renderWithApp } from '../../test/render';
import { ActionMenu } from './ActionMenu';
import { ReportDialog } from './ReportDialog';

const signedIn = {
  auth: { ...initialAuthState, isAuthenticated: true, checkedAuth: true, userInfo: playerMe, userBalance: 0 },
};

afterEach(() => vi.unstubAllGlobals());

describe('"Report a player" at the table', { timeout: 60_000 }, () => {
  it('the table menu offers it, and greys it out with nobody to report', async () => {
    const chosen: string[] = [];
    const { rerender } = renderWithApp(
      <ActionMenu seated={false} sittingOut={false} canReport onChoose={(item) => chosen.push(item)} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Report a player' }));
    expect(chosen).toEqual(['report']);
    rerender(<ActionMenu seated={false} sittingOut={false} canReport={false} onChoose={() => undefined} />);
    if (!screen.queryByRole('menuitem', { name: 'Report a player' }))
      fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Report a player' })).toBeDisabled();
  });

  it('sends the player, the table, the newest hand and the reason, and thanks the player', async () => {
    const { fetchFn, calls } = fakeFetch({ 'POST /api/v1/user/report': [201, { reportId: 5 }] });
    vi.stubGlobal('fetch', fetchFn);
    renderWithApp(
      <ReportDialog
        open
        onClose={() => undefined}
        tableId={3}
        players={[
          { userId: 7, username: 'dorj' },
          { userId: 8, username: 'bold' },
        ]}
        handId="hand-1"
      />,
      { preloadedState: signedIn },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Report a player' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose a player and say what happened.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Player' }));
    fireEvent.click(await screen.findByTitle('bold'));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'What happened?' }), {
      target: { value: '  They always check it down with dorj  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await within(dialog).findByText('Thank you. The security team will look at the hands.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/user/report',
      body: { userId: 8, tableId: 3, handId: 'hand-1', reason: 'They always check it down with dorj' },
    });
  });
});
