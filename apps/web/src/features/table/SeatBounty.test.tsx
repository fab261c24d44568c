import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { DEFAULT_TABLE_SETTINGS } from './settings';
import { TableFelt } from './TableFelt';
import { tableInfo, tableSeat, tournamentState } from './tableFixtures';
import { initialTableState, type TableViewState } from './tableState';

/** A knockout table of two as its frames describe it: the bounty on each head in table.tournament. */
function knockoutTable(bounties?: Array<{ userId: number; bounty: number }>): TableViewState {
  return {
    ...initialTableState(),
    table: tableInfo([tableSeat(0, 11, 'Bat', 3_000), tableSeat(3, 12, 'Dulmaa', 1_500)], {
      tournament: tournamentState(bounties ? { bounties } : {}),
    }),
  };
}

function felt(state: TableViewState, language: 'en' | 'mn' = 'en') {
  return renderWithApp(
    <TableFelt
      state={state}
      settings={DEFAULT_TABLE_SETTINGS}
      jackpot={null}
      portrait={false}
      canSit={false}
      onSit={() => {}}
    />,
    { language },
  );
}

describe('bounties on the seats of a progressive knockout table', () => {
  it('each seat shows the bounty on its head, in tugrik, in English and Mongolian', () => {
    const state = knockoutTable([
      { userId: 11, bounty: 3_750 },
      { userId: 12, bounty: 2_500 },
    ]);
    const { unmount } = felt(state);
    expect(within(screen.getByLabelText('Bat')).getByTestId('seat-bounty')).toHaveTextContent(
      'Bounty ₮3,750',
    );
    expect(within(screen.getByLabelText('Dulmaa')).getByTestId('seat-bounty')).toHaveTextContent(
      'Bounty ₮2,500',
    );
    unmount();
    felt(state, 'mn');
    expect(within(screen.getByLabelText('Bat')).getByTestId('seat-bounty')).toHaveTextContent(
      /^Шагнал ₮3,750$/,
    );
  });

  it('a tournament without bounties shows none', () => {
    felt(knockoutTable());
    expect(screen.queryByTestId('seat-bounty')).toBeNull();
  });
});
