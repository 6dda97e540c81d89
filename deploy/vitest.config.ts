import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'deploy',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
