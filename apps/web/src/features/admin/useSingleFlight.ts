import { useCallback, useRef, useState } from 'react';

/**
 * Wraps an async action so it cannot run twice at once: a second call while the first is in flight
 * (a double click, Enter pressed twice) is ignored, even before React has re-rendered the disabled button.
 * Keys let one hook guard many rows (one approve button per withdrawal).
 */
export function useSingleFlight<A extends unknown[]>(action: (...args: A) => Promise<unknown>) {
  const inFlight = useRef(new Set<string>());
  const [busyKeys, setBusyKeys] = useState<ReadonlySet<string>>(new Set());
  const actionRef = useRef(action);
  actionRef.current = action;

  const run = useCallback(async (key: string, ...args: A): Promise<void> => {
    if (inFlight.current.has(key)) return;
    inFlight.current.add(key);
    setBusyKeys(new Set(inFlight.current));
    try {
      await actionRef.current(...args);
    } finally {
      inFlight.current.delete(key);
      setBusyKeys(new Set(inFlight.current));
    }
  }, []);

  const isBusy = useCallback((key: string) => busyKeys.has(key), [busyKeys]);
  return { run, isBusy, anyBusy: busyKeys.size > 0 };
}
