import { useSyncExternalStore } from 'react';

/** Below this width the admin panel is laid out for a phone: a drawer menu and list rows as cards. */
export const ADMIN_NARROW_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(ADMIN_NARROW_QUERY);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

const isNarrow = () => window.matchMedia?.(ADMIN_NARROW_QUERY).matches ?? false;

/** True while the window is narrower than a tablet (follows rotation and resizing). */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
