import { useSyncExternalStore } from 'react';

/**
 * Players this viewer muted for themself (their lines are hidden here only). Kept in localStorage
 * under CHAT_MUTED_KEY, and with the account's preferences when signed in (see SettingsDialog's
 * `remember` and app/AccountPreferences.tsx).
 */
export const CHAT_MUTED_KEY = 'chatMuted';

let current: ReadonlySet<number> | null = null;
const listeners = new Set<() => void>();

export function mutedPlayers(): ReadonlySet<number> {
  if (current) return current;
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(CHAT_MUTED_KEY) ?? '[]');
    current = new Set(Array.isArray(stored) ? stored.filter((id) => Number.isSafeInteger(id)) : []);
  } catch {
    current = new Set();
  }
  return current;
}

/** Replaces the muted set (a toggle, or the account's list on login); returns the list to save. */
export function setMutedPlayers(ids: Iterable<number>): number[] {
  const list = [...new Set(ids)];
  current = new Set(list);
  try {
    localStorage.setItem(CHAT_MUTED_KEY, JSON.stringify(list));
  } catch {
    // Private mode: muted for this visit.
  }
  for (const listener of listeners) listener();
  return list;
}

export function toggleMuted(userId: number): number[] {
  const next = new Set(mutedPlayers());
  if (next.has(userId)) next.delete(userId);
  else next.add(userId);
  return setMutedPlayers(next);
}

export function useMutedPlayers(): ReadonlySet<number> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    mutedPlayers,
    mutedPlayers,
  );
}
