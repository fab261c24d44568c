import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TournamentPlayer } from '../../api/tournamentTypes';
import { renderWithApp } from '../../test/render';
import { runningSitAndGo } from '../../test/tournaments';
import { MyEntryFacts } from './MyEntryFacts';

const pko = runningSitAndGo({
  kind: 'mtt',
  maxEntries: 2,
  lateRegLevels: 2,
  rebuyLevels: 2,
  maxRebuys: 2,
  bountyPercent: 50,
});
const me: TournamentPlayer = {
  userId: 5,
  username: 'bat',
  stack: 3_020,
  tableId: 41,
  seat: 2,
  place: null,
  prize: 0,
  bot: false,
  entries: 1,
  rebuys: 1,
  bounty: 12_500,
  bountiesWon: 2_500,
};

describe("the caller's own numbers in the tournament lobby", () => {
  it('entries, rebuys, the bounty on the head and the bounties won, in English and Mongolian', () => {
    const { unmount } = renderWithApp(
      <dl>
        <MyEntryFacts tournament={pko} me={me} />
      </dl>,
    );
    expect(screen.getByTestId('my-entries')).toHaveTextContent('Your entries1');
    expect(screen.getByTestId('my-rebuys')).toHaveTextContent('Your rebuys1');
    expect(screen.getByTestId('my-bounty')).toHaveTextContent('Bounty on you₮12,500');
    expect(screen.getByTestId('my-won')).toHaveTextContent('Bounties you won₮2,500');
    unmount();
    renderWithApp(
      <dl>
        <MyEntryFacts tournament={pko} me={me} />
      </dl>,
      { language: 'mn' },
    );
    expect(screen.getByTestId('my-bounty')).toHaveTextContent('Таны толгойн шагнал₮12,500');
  });

  it('nothing for a visitor, and no bounty lines without bounties; a player out keeps only what they won', () => {
    const { container, unmount } = renderWithApp(<MyEntryFacts tournament={pko} />);
    expect(container).toBeEmptyDOMElement();
    unmount();
    const plain = runningSitAndGo({ kind: 'mtt', rebuyLevels: 1, maxRebuys: 1 });
    renderWithApp(
      <dl>
        <MyEntryFacts tournament={plain} me={me} />
        <MyEntryFacts tournament={pko} me={{ ...me, place: 3 }} />
      </dl>,
    );
    expect(screen.queryAllByTestId('my-bounty')).toHaveLength(0);
    expect(screen.getAllByTestId('my-won')).toHaveLength(1);
  });
});
