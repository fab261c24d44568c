import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { snapshot, tableInfo, tableSeat } from './tableFixtures';
import { initialTableState, tableReducer } from './tableState';
import { asksForHeldSeat, useTakeHeldSeat } from './useTakeHeldSeat';

/** The table as viewer 9 sees it, a full table of two with seat 1 held for `holder`. */
function heldFor(holder: number) {
  const table = tableInfo([tableSeat(0, 1, 'bat')], {
    maxPlayers: 2,
    waitlist: { userIds: [holder], offer: { userId: holder, seat: 1, deadline: Date.now() + 30_000 } },
  });
  return tableReducer(initialTableState(), snapshot({ viewer: { userId: 9, seat: null }, table }));
}

describe('taking the held seat from the lobby', () => {
  it('the address asks for it with ?waitlist=take', () => {
    expect(asksForHeldSeat(new URLSearchParams('waitlist=take'))).toBe(true);
    expect(asksForHeldSeat(new URLSearchParams('hand=abc'))).toBe(false);
  });

  it('the seat dialog opens once for the seat held for the viewer, and only when asked', () => {
    const open = vi.fn();
    const { rerender } = renderHook(({ state, asked }) => useTakeHeldSeat(state, asked, open), {
      initialProps: { state: initialTableState(), asked: true },
    });
    expect(open).not.toHaveBeenCalled();
    rerender({ state: heldFor(4), asked: true });
    expect(open).not.toHaveBeenCalled();
    rerender({ state: heldFor(9), asked: false });
    expect(open).not.toHaveBeenCalled();
    rerender({ state: heldFor(9), asked: true });
    expect(open).toHaveBeenCalledExactlyOnceWith(1);
    rerender({ state: { ...heldFor(9) }, asked: true });
    expect(open).toHaveBeenCalledTimes(1);
  });
});
