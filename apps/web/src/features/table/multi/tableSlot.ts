import { createContext, useContext } from 'react';
import type { TableStatus } from './tableSet';

/**
 * What the multi-table view tells one table page it hosts: whether it is the focused table (hotkeys act
 * there only), whether it leads (plays the music, once for the set), and how to report, close or follow a
 * tournament move. A table page outside a set (tests, a page of its own) reads null and behaves as alone.
 */
export interface TableSlot {
  tableId: string;
  focused: boolean;
  leader: boolean;
  /** More than one table is open: the page can be closed (its close button, or the tab strip's). */
  several: boolean;
  /** A phone's tab strip: the strip holds the close button, not the table's top bar. */
  tabs: boolean;
  /** The page says how it closes (leaving its seat first), for the tab strip's close button. */
  setCloser(close: () => void): void;
  report(status: TableStatus): void;
  /** The tile is closed (after leaving the seat, where the viewer sat). */
  close(): void;
  /** A tournament moved the viewer from this table to another. */
  moved(toTableId: string): void;
}

export const TableSlotContext = createContext<TableSlot | null>(null);

export function useTableSlot(): TableSlot | null {
  return useContext(TableSlotContext);
}

/** Hotkeys act on the focused table only (a table page alone is always focused). */
export function useTableFocused(): boolean {
  return useContext(TableSlotContext)?.focused ?? true;
}
