import { defineConfig } from 'vitest/config';

// Browser tests: each file starts the built server of its own and connects to the run's one Chromium; two
// files at a time.
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
    // Each file's server gets a database of its own on the run's Postgres (the same server lookup, or
    // npm-started server, as the db project's), and every file drives the run's one Chromium.
    globalSetup: ['../../db/src/testing/global-setup.ts', 'e2e/browser-server.ts'],
    // Run after every other project has finished, so browsers never compete with integration tests for
    // the two cores.
    sequence: { groupOrder: 1 },
  },
});
