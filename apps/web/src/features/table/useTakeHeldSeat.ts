import { useEffect, useRef } from 'react';
import type { TableViewState } from './tableState';

/** The query of a table's address that asks for the seat the waiting list holds (the lobby's Take seat). */
export const TAKE_HELD_SEAT_QUERY = 'waitlist=take';

/** Whether the table's address asks for the held seat. */
export function asksForHeldSeat(query: URLSearchParams): boolean {
  const [key, value] = TAKE_HELD_SEAT_QUERY.split('=');
  return query.get(key!) === value;
}

/**
 * Opened from the lobby's Take seat: as soon as the table shows the seat held for the viewer, its seat
 * dialog opens (once), as the table's own Take seat does.
 */
export function useTakeHeldSeat(state: TableViewState, asked: boolean, open: (seat: number) => void): void {
  const offer = state.table?.waitlist?.offer ?? null;
  const seat =
    asked && offer && offer.userId === state.viewer.userId && state.viewer.seat === null ? offer.seat : null;
  const opened = useRef(false);
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    if (seat === null || opened.current) return;
    opened.current = true;
    openRef.current(seat);
  }, [seat]);
}
