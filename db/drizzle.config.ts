import { defineConfig } from 'drizzle-kit';

// drizzle-kit ignores `--out` when a config exists (CONTRIBUTING.md#toolchain): everything lives here.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
  casing: 'snake_case',
});
