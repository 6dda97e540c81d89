import { defineConfig } from 'vitest/config';
import projects from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects,
    // Four test files at once, whatever the cores: most files wait on Postgres, Redis, timers and child
    // processes far more than they compute, and Vitest's default on two cores is one file at a time
    // (docs/testing.md#the-fast-loop). The browser project runs two files at a time of its own.
    maxWorkers: 4,
  },
});
