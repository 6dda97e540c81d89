import { existsSync } from 'node:fs';

// The one place that names the test projects. Vitest 4 reads `test.projects`, so vitest.config.ts imports
// this list (see CONTRIBUTING.md#toolchain).

// The browser tests drive Chromium: CHROMIUM_PATH, Debian's /usr/bin/chromium, or on Linux the one inside the
// @sparticuz/chromium package (apps/client/e2e/chromium-binary.ts), so they run wherever the test command does.
// Elsewhere without a Chromium they are left out with a notice; under CI a missing browser fails the run.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runBrowserTests = existsSync(chromiumPath) || process.platform === 'linux' || process.env.CI === 'true';
if (!runBrowserTests) {
  process.stdout.write(
    `[tests] No Chromium at ${chromiumPath} and no bundled one on ${process.platform}: browser tests skipped (set CHROMIUM_PATH).\n`,
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
