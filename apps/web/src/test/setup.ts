import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { message, notification } from 'antd';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { filterStyleRules } from './styleRuleFilter';

// jsdom lacks matchMedia (antd's responsive helpers need it).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// getComputedStyle, asked by every role query, tests only the style rules an element could match.
filterStyleRules(document);

// The machine is shared and slow at times: give async queries room before calling a test failed.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks ResizeObserver (antd's tables and overflow helpers use it); nothing resizes in tests.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}

// The files of a worker share one jsdom (vite.config.ts: isolate false): each file starts from the page a
// fresh jsdom would show (no attributes on <html>, no cookies, the address at /).
beforeAll(() => {
  for (const name of document.documentElement.getAttributeNames())
    document.documentElement.removeAttribute(name);
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
});

// Timers a test leaves behind (a countdown, a reconnect, an animation frame of a library) are cleared once
// the test's trees are unmounted: with files sharing a worker, one that fired after its file ended logged
// React warnings or touched a torn-down window while the worker closed ("Closing rpc while onUserConsoleLog
// was pending", "window is not defined"), which failed the whole run now and then.
interface TimerTrack {
  pending: Set<unknown>;
}
const TRACK = Symbol.for('tenger.test.timers');
const tracked = globalThis as typeof globalThis & { [TRACK]?: TimerTrack };
if (!tracked[TRACK]) {
  const track: TimerTrack = { pending: new Set() };
  tracked[TRACK] = track;
  const {
    setTimeout: later,
    setInterval: every,
    clearTimeout: stopLater,
    clearInterval: stopEvery,
  } = globalThis;
  globalThis.setTimeout = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const id = later(
      (...a: unknown[]) => {
        track.pending.delete(id);
        handler(...a);
      },
      ms,
      ...args,
    );
    track.pending.add(id);
    return id;
  }) as typeof globalThis.setTimeout;
  globalThis.setInterval = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const id = every(handler, ms, ...args);
    track.pending.add(id);
    return id;
  }) as typeof globalThis.setInterval;
  globalThis.clearTimeout = ((id?: Parameters<typeof clearTimeout>[0]) => {
    track.pending.delete(id);
    stopLater(id);
  }) as typeof globalThis.clearTimeout;
  globalThis.clearInterval = ((id?: Parameters<typeof clearInterval>[0]) => {
    track.pending.delete(id);
    stopEvery(id);
  }) as typeof globalThis.clearInterval;
}

function clearLeftTimers() {
  const track = tracked[TRACK]!;
  for (const id of track.pending) {
    clearTimeout(id as Parameters<typeof clearTimeout>[0]);
    clearInterval(id as Parameters<typeof clearInterval>[0]);
  }
  track.pending.clear();
}

afterEach(() => {
  cleanup();
  // antd's static message and notification live outside any test's React root, in the shared page: a
  // notice left by one file ("Hand history copied") would be the next file's role="alert".
  message.destroy();
  notification.destroy();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  clearLeftTimers();
});

// React's "An update to … inside a test was not wrapped in act(...)": ~3,200 a full run, from antd's and RTK
// Query's updates that land after a test's assertion already passed (208 of them after their test had
// ended). Each is a log the worker ships to the main process, and one still in flight when a worker closed
// failed a whole run ("Closing rpc while onUserConsoleLog was pending", in the trivial file that happened to
// run last). They say nothing about the product: dropped; every other error is logged as before.
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('not wrapped in act(')) return;
  consoleError(...args);
};

// What a file's last test left in flight (a promise's React update, its log) settles before the next file
// starts or the worker closes.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 20));
});
