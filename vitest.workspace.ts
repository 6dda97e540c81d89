import { existsSync } from 'node:fs';

// The one place that names the test projects. Vitest 4 reads `test.projects`, so vitest.config.ts imports
// this list (see CONTRIBUTING.md#toolchain).

// The browser tests drive the system Chromium. A fresh machine with only Node has none: there they are left
// out with a notice; under CI a missing browser fails the run instead (the browser project's global setup,
// apps/client/e2e/browser-server.ts, names the install step).
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runBrowserTests = existsSync(chromiumPath) || process.env.CI === 'true';
if (!runBrowserTests) {
  process.stdout.write(
    `[tests] No Chromium at ${chromiumPath}: browser tests skipped (apt-get install -y chromium fonts-liberation).\n`,
  );
}

export default [
  'db/vitest.config.ts',
  'content/vitest.config.ts',
  'apps/server/vitest.config.ts',
  'apps/client/vitest.config.ts',
  'deploy/vitest.config.ts',
  ...(runBrowserTests ? ['apps/client/vitest.e2e.config.ts'] : []),
];
