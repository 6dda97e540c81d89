// Bundles the server (and the workspace's TypeScript packages) into dist/server/main.js and dist/server/migrate.js
// with esbuild; the server's and db's npm packages stay external and are resolved from node_modules. The content
// package's own data (confusables, given names: JSON that Node 20 would only import with an attribute) is
// bundled, as it is for the browser. Migrations ship beside them in
// dist/migrations, and a migrated PGlite cluster in dist/pglite-template.tar.gz: the paths db/src/database.ts
// expects relative to the bundle.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const serverRoot = new URL('..', import.meta.url);
const dependencies = (pkgUrl) => Object.keys(JSON.parse(readFileSync(pkgUrl, 'utf8')).dependencies ?? {});
const external = [
  ...dependencies(new URL('package.json', serverRoot)),
  ...dependencies(new URL('../../db/package.json', serverRoot)),
].filter((name) => !name.startsWith('@exrated/'));

rmSync(new URL('dist', serverRoot), { recursive: true, force: true });
await build({
  // main.js is the server; migrate.js applies the migrations and exits (the deployment's one-shot job).
  entryPoints: ['src/main.ts', 'src/migrate.ts'].map((entry) => new URL(entry, serverRoot).pathname),
  outdir: new URL('dist/server', serverRoot).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
cpSync(new URL('../../db/migrations', serverRoot), new URL('dist/migrations', serverRoot), {
  recursive: true,
});
// The embedded default's first start unpacks this instead of running PGlite's initdb (seconds of WASM).
execFileSync(
  process.execPath,
  ['--import', 'tsx', 'scripts/pglite-template.ts', 'dist/pglite-template.tar.gz', 'dist/migrations'],
  { cwd: serverRoot, stdio: 'inherit' },
);
