import type { HandSeatView, HandView, HandVariant, TableEvent, TableInfo, TableSeat } from '@tenger/protocol';
import type { SeatAction, TableViewState } from '../tableState';

/** How one kind of event changes the table as this browser sees it. */
export type EventReducer<K extends TableEvent['type']> = (
  state: TableViewState,
  event: Extract<TableEvent, { type: K }>,
) => TableViewState;

/** One reducer per event type of a family. */
export type EventReducers<K extends TableEvent['type']> = { [T in K]: EventReducer<T> };

export function handVariant(table: Pick<TableInfo, 'variant' | 'betting'> | null): HandVariant {
  if (!table || table.variant === 'holdem') return 'holdem-nl';
  return table.betting === 'pot-limit' ? 'omaha-pl' : 'omaha-nl';
}

export function withHand(
  state: TableViewState,
  change: (hand: HandView) => HandView,
  after: (state: TableViewState) => TableViewState = (s) => s,
): TableViewState {
  if (!state.hand) return state;
  return after({ ...state, hand: change(state.hand) });
}

export function withTable(
  state: TableViewState,
  change: (table: TableInfo) => TableInfo,
  after: (state: TableViewState) => TableViewState = (s) => s,
): TableViewState {
  if (!state.table) return state;
  return after({ ...state, table: change(state.table) });
}

export function updateSeat(
  seats: HandSeatView[],
  index: number,
  change: (seat: HandSeatView) => HandSeatView,
): HandSeatView[] {
  return seats.map((seat) => (seat.seat === index ? change(seat) : seat));
}

export function putSeat(seats: TableSeat[], seat: TableSeat): TableSeat[] {
  return [...seats.filter((s) => s.seat !== seat.seat), seat].sort((a, b) => a.seat - b.seat);
}

export function keepOnly(
  actions: Record<number, SeatAction>,
  kinds: SeatAction['action'][],
): Record<number, SeatAction> {
  const kept: Record<number, SeatAction> = {};
  for (const [seat, action] of Object.entries(actions))
    if (kinds.includes(action.action)) kept[Number(seat)] = action;
  return kept;
}

export /** Ids arrive as numbers on the wire; the app's user info may hold them as strings. */
function sameUser(a: number | string | null | undefined, b: number | string | null | undefined): boolean {
  return a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);
}
