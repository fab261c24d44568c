import { useSyncExternalStore } from 'react';

/** Below this width the admin panel is laid out for a phone: a drawer menu and list rows as cards. */
export const ADMIN_NARROW_QUERY = '(max-width: 767.98px)';
/** From this width the header's links carry their names; narrower, their icons (named for screen readers). */
export const ADMIN_WIDE_QUERY = '(min-width: 1600px)';

/** True while the window matches `query` (follows rotation and resizing). */
function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

/** True while the window is narrower than a tablet. */
export function useNarrowScreen(): boolean {
  return useMediaQuery(ADMIN_NARROW_QUERY);
}

/** True while the window is wide enough for the header's links to show their names. */
export function useWideScreen(): boolean {
  return useMediaQuery(ADMIN_WIDE_QUERY);
}
