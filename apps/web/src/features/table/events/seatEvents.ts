import type { TableEvent } from '@tenger/protocol';
import type { TableViewState } from '../tableState';
import { FRESH_SESSION } from '../sessionTally';
import { putSeat, sameUser, withTable, type EventReducers } from './eventHelpers';

/** The events of the seats at the table: who sits where, sits out or in, is connected, and their stacks. */
export type SeatEventType =
  'seat-taken' | 'seat-updated' | 'seat-left' | 'sat-out' | 'sat-in' | 'connection' | 'stack-changed';

/** A seat taken or changed: put in place; the viewer's own seat is remembered. */
function seatArrived(
  state: TableViewState,
  event: Extract<TableEvent, { type: 'seat-taken' | 'seat-updated' }>,
): TableViewState {
  return withTable(
    state,
    (table) => ({ ...table, seats: putSeat(table.seats, event.seat) }),
    (s) =>
      sameUser(event.seat.userId, s.viewer.userId)
        ? {
            ...s,
            viewer: { ...s.viewer, seat: event.seat.seat },
            removedBecause: null,
            removedNote: null,
            // Sitting down starts a session; a seat that changes keeps it.
            session: s.viewer.seat === null ? FRESH_SESSION : (s.session ?? FRESH_SESSION),
          }
        : s,
  );
}

export const seatEventReducers: EventReducers<SeatEventType> = {
  'seat-taken': seatArrived,
  'seat-updated': seatArrived,
  'seat-left': (state, event) =>
    withTable(
      state,
      (table) => ({ ...table, seats: table.seats.filter((seat) => seat.seat !== event.seat) }),
      (s) =>
        sameUser(event.userId, s.viewer.userId) && s.viewer.seat === event.seat
          ? {
              ...s,
              removedBecause: event.reason === 'left' ? null : event.reason,
              session: null,
              removedNote: event.note ?? null,
              viewer: {
                ...s.viewer,
                seat: null,
                // Sitting here again soon needs at least the stack taken away (no ratholing).
                ...(event.returnMinBuyIn !== undefined ? { minBuyIn: event.returnMinBuyIn } : {}),
              },
            }
          : s,
    ),
  'sat-out': (state, event) =>
    withTable(state, (table) => ({
      ...table,
      seats: table.seats.map((seat) =>
        seat.seat === event.seat ? { ...seat, status: 'sitting-out' } : seat,
      ),
    })),
  'sat-in': (state, event) =>
    withTable(state, (table) => ({
      ...table,
      seats: table.seats.map((seat) =>
        seat.seat === event.seat && seat.status === 'sitting-out' ? { ...seat, status: 'waiting' } : seat,
      ),
    })),
  connection: (state, event) =>
    withTable(state, (table) => ({
      ...table,
      seats: table.seats.map((seat) =>
        seat.seat === event.seat ? { ...seat, connected: event.connected } : seat,
      ),
    })),
  'stack-changed': (state, event) =>
    withTable(state, (table) => ({
      ...table,
      seats: table.seats.map((seat) =>
        seat.seat === event.seat ? { ...seat, stack: event.stack, pendingRecharge: null } : seat,
      ),
    })),
};
