import { useSyncExternalStore } from 'react';

/** At most this many tables are played at once. */
export const MAX_TABLES = 4;

/** What a table of the set tells the set about itself (its page reports it as its state changes). */
export interface TableStatus {
  name: string | null;
  /** The viewer must act here now. */
  yourTurn: boolean;
  seated: boolean;
}

export interface TableSetState {
  /** The tables open at once, in the order they were added (ids as in `/table/{id}`). */
  ids: readonly string[];
  /** The one the hotkeys act on (and, on a phone, the one shown). */
  focused: string | null;
  status: Readonly<Record<string, TableStatus>>;
}

export type AddResult = 'added' | 'present' | 'full';

export const TABLE_SET_KEY = 'tableSet';

const EMPTY: TableSetState = { ids: [], focused: null, status: {} };

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The tables played at once in this browser tab (multi-tabling): up to MAX_TABLES, one of them focused.
 * Kept in sessionStorage (ids, focus, and which are only watched), so a reload keeps the tables where the
 * viewer sits; each table's status is live only.
 */
export class TableSet {
  private state: TableSetState;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly storage: SessionStore | undefined = safeSessionStorage()) {
    this.state = read(storage);
  }

  getState = (): TableSetState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Adds a table (it takes the focus); a fifth is refused and nothing changes. */
  add(id: string): AddResult {
    if (this.state.ids.includes(id)) {
      this.focus(id);
      return 'present';
    }
    if (this.state.ids.length >= MAX_TABLES) return 'full';
    this.set({ ...this.state, ids: [...this.state.ids, id], focused: id });
    return 'added';
  }

  /** Whether one more table could be added now (the lobby asks before opening a table). */
  canAdd(id: string): boolean {
    return this.state.ids.includes(id) || this.state.ids.length < MAX_TABLES;
  }

  /** Takes a table out of the set; the focus moves to its neighbour. */
  close(id: string): void {
    const index = this.state.ids.indexOf(id);
    if (index < 0) return;
    const ids = this.state.ids.filter((other) => other !== id);
    const { [id]: _gone, ...status } = this.state.status;
    const focused =
      this.state.focused === id ? (ids[Math.min(index, ids.length - 1)] ?? null) : this.state.focused;
    this.set({ ids, focused, status });
  }

  /** A tournament moved the viewer: the new table takes the old one's place (and its focus). */
  replace(from: string, to: string): void {
    if (from === to || !this.state.ids.includes(from)) return;
    if (this.state.ids.includes(to)) return this.close(from);
    const ids = this.state.ids.map((id) => (id === from ? to : id));
    const { [from]: _gone, ...status } = this.state.status;
    const focused = this.state.focused === from ? to : this.state.focused;
    this.set({ ids, focused, status });
  }

  focus(id: string): void {
    if (this.state.focused === id || !this.state.ids.includes(id)) return;
    this.set({ ...this.state, focused: id });
  }

  report(id: string, status: TableStatus): void {
    const before = this.state.status[id];
    if (!this.state.ids.includes(id)) return;
    if (
      before &&
      before.name === status.name &&
      before.yourTurn === status.yourTurn &&
      before.seated === status.seated
    )
      return;
    this.set({ ...this.state, status: { ...this.state.status, [id]: status } });
  }

  /**
   * Leaving the tables for the lobby: the tables only watched are let go; the ones where the viewer sits
   * stay in the set (the lobby's Play adds to them). A table that has not reported yet stays.
   */
  pruneWatched(): void {
    const ids = this.state.ids.filter((id) => this.state.status[id]?.seated !== false);
    if (ids.length === this.state.ids.length) return;
    const status = Object.fromEntries(
      ids.flatMap((id) => (this.state.status[id] ? [[id, this.state.status[id]]] : [])),
    );
    const focused =
      this.state.focused !== null && ids.includes(this.state.focused) ? this.state.focused : (ids[0] ?? null);
    this.set({ ids, focused, status });
  }

  private set(next: TableSetState): void {
    this.state = next;
    try {
      const watched = next.ids.filter((id) => next.status[id]?.seated === false);
      this.storage?.setItem(TABLE_SET_KEY, JSON.stringify({ ids: next.ids, focused: next.focused, watched }));
    } catch {
      // Private mode or full storage: the set still works for this visit.
    }
    for (const listener of this.listeners) listener();
  }
}

function read(storage: SessionStore | undefined): TableSetState {
  try {
    const stored = JSON.parse(storage?.getItem(TABLE_SET_KEY) ?? 'null') as unknown;
    if (!stored || typeof stored !== 'object') return EMPTY;
    const { ids, focused, watched } = stored as { ids?: unknown; focused?: unknown; watched?: unknown };
    // A reload lets go of the tables only watched, as the way to the lobby does.
    const letGo = new Set(Array.isArray(watched) ? watched : []);
    const kept = Array.isArray(ids)
      ? ids.filter((id): id is string => typeof id === 'string' && id !== '' && !letGo.has(id))
      : [];
    const valid = [...new Set(kept)].slice(0, MAX_TABLES);
    return {
      ids: valid,
      focused: typeof focused === 'string' && valid.includes(focused) ? focused : (valid[0] ?? null),
      status: {},
    };
  } catch {
    return EMPTY;
  }
}

function safeSessionStorage(): SessionStore | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** The browser tab's one set of tables. */
export const tableSet = new TableSet();

export function useTableSet(set: TableSet = tableSet): TableSetState {
  return useSyncExternalStore(set.subscribe, set.getState, set.getState);
}
