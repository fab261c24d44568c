import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: { manifest: true },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/ws': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // One jsdom and one module graph per worker, not per file: importing antd, React and the app again for
    // each of the ~80 files was most of the suite's CPU (19 tests of 8 admin files: 24 s CPU isolated, 10 s
    // shared). Files stay independent: each renders its own store and i18n (src/test/render.tsx), and the
    // setup file cleans the DOM, storage, timers and stubbed globals after every test.
    isolate: false,
    unstubGlobals: true,
    // antd's first import in a file is slow on a busy 2-core machine.
    testTimeout: 60_000,
  },
});
