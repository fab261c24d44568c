import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
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

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
