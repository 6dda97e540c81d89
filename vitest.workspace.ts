// The one place that names the test projects. Vitest 4 reads `test.projects`, so vitest.config.ts imports
// this list (see TOOLCHAIN.md).
export default [
  'db/vitest.config.ts',
  'apps/server/vitest.config.ts',
  'apps/client/vitest.config.ts',
  'apps/client/vitest.e2e.config.ts',
];
