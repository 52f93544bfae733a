import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { blogPlugin } from './scripts/lib/blog-plugin.ts';

export default defineConfig({
  test: {
    // One worker per core: by default vitest leaves a core to its own process, which idles while the
    // workers run (on two cores that halves the speed of every layer). E2e runs its files in turn.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'machines',
          // Machines, and the pure rules and helpers of src/contract and src/lib they rely on.
          include: ['tests/machines/**/*.test.ts', 'tests/lib/**/*.test.ts'],
          environment: 'node',
          // Pure code: the files share a worker's loaded modules instead of loading them again each.
          isolate: false,
        },
      },
      {
        plugins: [react(), blogPlugin()],
        test: {
          name: 'views',
          include: ['tests/views/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/support/client/setup-views.ts'],
        },
      },
      {
        test: {
          name: 'lint',
          // The design's layer rules (eslint.config.js): the whole code base, and a planted break of each rule.
          include: ['tests/lint/**/*.test.ts'],
          environment: 'node',
          // Each check lints through the resolver and reads the import graph: seconds, not milliseconds.
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'bundle',
          include: ['tests/bundle/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One migrated database per run, copied by each test file.
          globalSetup: ['tests/support/server/database-template.ts'],
          // Every file builds its own app on its own database, so the files share a worker's loaded
          // modules (the server, drizzle, PGlite) instead of loading them again each: the layer
          // takes half the time. Module-level test helpers must not assume a fresh module per file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          // Starts the server as `npm start` does, once for every e2e file; tests read its address with inject('baseUrl').
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'bench',
          include: [],
          benchmark: { include: ['tests/bench/**/*.bench.ts'] },
          environment: 'node',
        },
      },
    ],
  },
});
