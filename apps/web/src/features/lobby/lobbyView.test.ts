import { describe, expect, it } from 'vitest';
import { lobbyTable } from '../../test/fixtures';
import {
  applyView,
  DEFAULT_VIEW,
  hasFigures,
  queryFromView,
  toggleSort,
  viewFromQuery,
  type LobbyView,
} from './lobbyView';

const tables = [
  lobbyTable({
    tableId: 1,
    no: 1,
    name: 'Khangai',
    blinds: { small: 50, big: 100 },
    players: { seated: 3, max: 6 },
    averagePot: 900,
    playersPerFlop: 40,
    handsPerHour: 70,
  }),
  lobbyTable({
    tableId: 2,
    no: 2,
    name: 'altai',
    variant: 'omaha',
    betting: 'pot-limit',
    blinds: { small: 500, big: 1000 },
    players: { seated: 6, max: 6 },
    averagePot: 20_000,
    playersPerFlop: 55,
    handsPerHour: 40,
  }),
  lobbyTable({
    tableId: 3,
    no: 3,
    name: 'Orkhon',
    blinds: { small: 100, big: 200 },
    players: { seated: 0, max: 9 },
    averagePot: 0,
    playersPerFlop: 0,
    handsPerHour: 0,
  }),
  lobbyTable({
    tableId: 4,
    no: 4,
    name: 'Tuul',
    blinds: { small: 50, big: 100 },
    players: { seated: 3, max: 9 },
    averagePot: 900,
    playersPerFlop: 40,
    handsPerHour: 90,
  }),
];
const view = (changes: Partial<LobbyView>): LobbyView => ({ ...DEFAULT_VIEW, ...changes });
const names = (changes: Partial<LobbyView>) => applyView(tables, view(changes)).map((t) => t.name);

describe('the lobby view', () => {
  it('sorts by table number by default, and by any column either way, ties by number', () => {
    expect(names({})).toEqual(['Khangai', 'altai', 'Orkhon', 'Tuul']);
    expect(names({ sort: 'no', direction: 'desc' })).toEqual(['Tuul', 'Orkhon', 'altai', 'Khangai']);
    // Names sort without regard to case.
    expect(names({ sort: 'name' })).toEqual(['altai', 'Khangai', 'Orkhon', 'Tuul']);
    expect(names({ sort: 'players', direction: 'desc' })).toEqual(['altai', 'Khangai', 'Tuul', 'Orkhon']);
    expect(names({ sort: 'blinds' })).toEqual(['Khangai', 'Tuul', 'Orkhon', 'altai']);
    expect(names({ sort: 'variant' })).toEqual(['altai', 'Khangai', 'Orkhon', 'Tuul']);
    expect(names({ sort: 'averagePot', direction: 'desc' })).toEqual(['altai', 'Khangai', 'Tuul', 'Orkhon']);
    expect(names({ sort: 'playersPerFlop' })).toEqual(['Orkhon', 'Khangai', 'Tuul', 'altai']);
    expect(names({ sort: 'handsPerHour', direction: 'desc' })).toEqual([
      'Tuul',
      'Khangai',
      'altai',
      'Orkhon',
    ]);
  });

  it('a header click sorts by its column ascending, a second click turns the order round', () => {
    const byPlayers = toggleSort(DEFAULT_VIEW, 'players');
    expect(byPlayers).toMatchObject({ sort: 'players', direction: 'asc' });
    expect(toggleSort(byPlayers, 'players')).toMatchObject({ sort: 'players', direction: 'desc' });
    expect(toggleSort(toggleSort(byPlayers, 'players'), 'name')).toMatchObject({
      sort: 'name',
      direction: 'asc',
    });
  });

  it('filters by variant, exact stakes, a stakes range, and hides full or empty tables', () => {
    expect(names({ variant: 'omaha' })).toEqual(['altai']);
    expect(names({ variant: 'texas' })).toEqual(['Khangai', 'Orkhon', 'Tuul']);
    expect(names({ stakes: '50/100' })).toEqual(['Khangai', 'Tuul']);
    expect(names({ stakes: '100/200', stakesTo: '500/1000' })).toEqual(['altai', 'Orkhon']);
    expect(names({ stakesTo: '100/200' })).toEqual(['Khangai', 'Orkhon', 'Tuul']);
    expect(names({ hideFull: true })).toEqual(['Khangai', 'Orkhon', 'Tuul']);
    expect(names({ hideEmpty: true })).toEqual(['Khangai', 'altai', 'Tuul']);
    expect(names({ hideFull: true, hideEmpty: true, sort: 'handsPerHour' })).toEqual(['Khangai', 'Tuul']);
  });

  it('round-trips through the query string, leaves defaults and other parameters alone, ignores junk', () => {
    const chosen = view({
      variant: 'omaha',
      stakes: '50/100',
      stakesTo: '500/1000',
      hideFull: true,
      hideEmpty: true,
      sort: 'handsPerHour',
      direction: 'desc',
    });
    const query = queryFromView(chosen, new URLSearchParams('tab=tables'));
    expect(query.get('tab')).toBe('tables');
    expect(viewFromQuery(query)).toEqual(chosen);
    expect(queryFromView(DEFAULT_VIEW).toString()).toBe('');
    expect(
      viewFromQuery(new URLSearchParams('variant=poker&stakes=x&sort=__proto__&dir=up&full=yes')),
    ).toEqual(DEFAULT_VIEW);
  });

  it('knows whether the server sent the last-hour figures', () => {
    expect(hasFigures(tables)).toBe(true);
    expect(hasFigures([lobbyTable({ tableId: 9, no: 9, name: 'old server' })])).toBe(false);
  });
});
