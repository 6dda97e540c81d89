import { defineConfig } from 'vitest/config';

// Browser tests: each file starts the built server and a Chromium of its own; two files at a time.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at once: one file alone keeps two cores about two thirds busy, as a flow waits on the server,
    // on timers and on the 60 s cooldown of the resend test (docs/testing.md#the-browser-files).
    maxWorkers: 2,
    // A browser and a server share two cores with the runner: a page or a text can take seconds to show up.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    // The admin tests seed a Postgres database: the same server lookup (or npm-started server) as the db project.
    globalSetup: ['../../db/src/testing/global-setup.ts'],
    // Run after every other project has finished, so browsers never compete with integration tests for
    // the two cores.
    sequence: { groupOrder: 1 },
  },
});
