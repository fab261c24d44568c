import type { LobbyTable } from '../../api/types';
import { isFull, stakesKey, variantFamily, type VariantFamily } from './variant';

/**
 * The lobby's filters and sort order, kept in the page's query string (so a reload, the Back button or
 * a shared link shows the same list): ?variant=omaha&stakes=50/100&to=500/1000&full=hide&empty=hide
 * &sort=players&dir=desc. Anything unknown in the query is ignored.
 */
export const ALL = 'all';

export type SortColumn =
  | 'no'
  | 'name'
  | 'variant'
  | 'buyIn'
  | 'players'
  | 'blinds'
  | 'averagePot'
  | 'playersPerFlop'
  | 'handsPerHour';
export type SortDirection = 'asc' | 'desc';

export interface LobbyView {
  variant: VariantFamily | typeof ALL;
  /** A stakes level ('small/big') or ALL: the lowest stakes shown (alone: exactly these stakes). */
  stakes: string;
  /** A stakes level or ALL: the highest stakes shown. */
  stakesTo: string;
  hideFull: boolean;
  hideEmpty: boolean;
  sort: SortColumn;
  direction: SortDirection;
}

export const DEFAULT_VIEW: LobbyView = {
  variant: ALL,
  stakes: ALL,
  stakesTo: ALL,
  hideFull: false,
  hideEmpty: false,
  sort: 'no',
  direction: 'asc',
};

const SORT_COLUMNS: readonly SortColumn[] = [
  'no',
  'name',
  'variant',
  'buyIn',
  'players',
  'blinds',
  'averagePot',
  'playersPerFlop',
  'handsPerHour',
];
const STAKES = /^\d+\/\d+$/;

export function viewFromQuery(query: URLSearchParams): LobbyView {
  const variant = query.get('variant');
  const stakes = query.get('stakes') ?? '';
  const stakesTo = query.get('to') ?? '';
  const sort = query.get('sort') as SortColumn | null;
  return {
    variant: variant === 'texas' || variant === 'omaha' ? variant : ALL,
    stakes: STAKES.test(stakes) ? stakes : ALL,
    stakesTo: STAKES.test(stakesTo) ? stakesTo : ALL,
    hideFull: query.get('full') === 'hide',
    hideEmpty: query.get('empty') === 'hide',
    sort: sort && SORT_COLUMNS.includes(sort) ? sort : DEFAULT_VIEW.sort,
    direction: query.get('dir') === 'desc' ? 'desc' : 'asc',
  };
}

/** The view's query, with the lobby's other parameters kept and the defaults left out. */
export function queryFromView(
  view: LobbyView,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const query = new URLSearchParams(base);
  const set = (key: string, value: string, fallback: string) =>
    value === fallback ? query.delete(key) : query.set(key, value);
  set('variant', view.variant, ALL);
  set('stakes', view.stakes, ALL);
  set('to', view.stakesTo, ALL);
  set('full', view.hideFull ? 'hide' : '', '');
  set('empty', view.hideEmpty ? 'hide' : '', '');
  set('sort', view.sort, DEFAULT_VIEW.sort);
  set('dir', view.direction, DEFAULT_VIEW.direction);
  return query;
}

/** Clicking a column: sort by it ascending; clicking the sorted column again turns the order round. */
export function toggleSort(view: LobbyView, column: SortColumn): LobbyView {
  if (view.sort === column) return { ...view, direction: view.direction === 'asc' ? 'desc' : 'asc' };
  return { ...view, sort: column, direction: 'asc' };
}

function stakesOf(key: string): { small: number; big: number } {
  const [small, big] = key.split('/').map(Number);
  return { small, big };
}

/** Stakes compare by big blind, then small blind. */
function compareStakes(a: { small: number; big: number }, b: { small: number; big: number }): number {
  return a.big - b.big || a.small - b.small;
}

function inStakes(table: LobbyTable, view: LobbyView): boolean {
  if (view.stakes === ALL && view.stakesTo === ALL) return true;
  // A lower level alone means exactly those stakes; with an upper level it is a range.
  if (view.stakesTo === ALL) return stakesKey(table) === view.stakes;
  const above = view.stakes === ALL || compareStakes(table.blinds, stakesOf(view.stakes)) >= 0;
  return above && compareStakes(table.blinds, stakesOf(view.stakesTo)) <= 0;
}

/** What each column sorts by: compared item by item (a table without figures sorts below zero). */
const sortKey: Record<SortColumn, (table: LobbyTable) => ReadonlyArray<number | string>> = {
  no: (table) => [table.no],
  name: (table) => [table.name.toLocaleLowerCase()],
  variant: (table) => [variantFamily(table.variant), table.betting],
  buyIn: (table) => [table.buyIn.min, table.buyIn.max],
  players: (table) => [table.players.seated],
  blinds: (table) => [table.blinds.big, table.blinds.small],
  averagePot: (table) => [table.averagePot ?? -1],
  playersPerFlop: (table) => [table.playersPerFlop ?? -1],
  handsPerHour: (table) => [table.handsPerHour ?? -1],
};

function compareKeys(x: ReadonlyArray<number | string>, y: ReadonlyArray<number | string>): number {
  for (let i = 0; i < x.length; i += 1) {
    const [a, b] = [x[i], y[i]];
    const order = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
    if (order !== 0) return order;
  }
  return 0;
}

/** The tables the view shows, in its order (ties by table number, always ascending). */
export function applyView(tables: readonly LobbyTable[], view: LobbyView): LobbyTable[] {
  const key = sortKey[view.sort];
  const sign = view.direction === 'asc' ? 1 : -1;
  return tables
    .filter((table) => view.variant === ALL || variantFamily(table.variant) === view.variant)
    .filter((table) => inStakes(table, view))
    .filter((table) => !view.hideFull || !isFull(table))
    .filter((table) => !view.hideEmpty || table.players.seated > 0)
    .sort((a, b) => compareKeys(key(a), key(b)) * sign || a.no - b.no);
}

/** Whether the server sent the last-hour figures (older servers do not: their columns are left out). */
export function hasFigures(tables: readonly LobbyTable[]): boolean {
  return tables.some((table) => table.handsPerHour !== undefined);
}
