import { useSyncExternalStore } from 'react';

const subscribe = (changed: () => void) => {
  document.addEventListener('fullscreenchange', changed);
  return () => document.removeEventListener('fullscreenchange', changed);
};

/** Whether the page is in full screen now (the menu reads "Full Screen" or "Exit Full Screen"). */
export function useFullscreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.fullscreenElement !== null && document.fullscreenElement !== undefined,
  );
}
