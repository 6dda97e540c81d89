import { defineConfig } from 'vitest/config';

// Browser tests: each file starts the built server and a Chromium; one file at a time on a 2-core machine.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // Run after every other project has finished, so browsers never compete with integration tests for
    // the two cores.
    sequence: { groupOrder: 1 },
  },
});
