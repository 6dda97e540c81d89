#!/usr/bin/env node
// Fails when an import breaks the layering of docs/architecture.md#layout: a file under the server's
// `services/` that imports the layers above it (`trpc/`, `routers/`, `plugins/`, `app.ts`, `main.ts`) or the
// transport (`@trpc/server`: a service raises a DomainError, and trpc/ maps it to a tRPC code), or an
// import circle inside a package's `src/` (type-only and lazy imports count too: a circle of any kind means
// two modules that cannot be read, or moved, apart). Imports are read with TypeScript's own pre-processor,
// so multi-line, type-only and `import()` forms are all seen.
// Usage: node scripts/check-imports.mjs   (exit 1 and one line per broken rule)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = ['apps/server/src', 'apps/client/src', 'db/src', 'content/src'];
const SERVICES = 'apps/server/src/services/';
const ABOVE_SERVICES = [
  'apps/server/src/trpc/',
  'apps/server/src/routers/',
  'apps/server/src/plugins/',
  'apps/server/src/app.ts',
  'apps/server/src/main.ts',
  'apps/server/src/migrate.ts',
];
const TRANSPORT = '@trpc/server';

function sourceFiles(folder) {
  const files = [];
  for (const entry of readdirSync(folder)) {
    const file = path.join(folder, entry);
    if (statSync(file).isDirectory()) files.push(...sourceFiles(file));
    else if (/\.(ts|tsx)$/.test(entry) && !entry.endsWith('.d.ts')) files.push(file);
  }
  return files;
}

/** The repository-relative file a relative specifier names, or null for a package or a non-source file. */
function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier).replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) {
      return path.relative(root, candidate);
    }
  }
  return null;
}

/** Each file's imports: `graph` the package's own files it imports, `specifiers` every import as written. */
function importGraph(packageFolder) {
  const graph = new Map();
  const specifiers = new Map();
  for (const file of sourceFiles(path.join(root, packageFolder))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const names = importedFiles.map(({ fileName }) => fileName);
    const targets = names.map((name) => resolveImport(file, name)).filter(Boolean);
    graph.set(path.relative(root, file), [...new Set(targets)]);
    specifiers.set(path.relative(root, file), [...new Set(names)]);
  }
  return { graph, specifiers };
}

function layeringProblems(graph, specifiers) {
  const problems = [];
  for (const [file, targets] of graph) {
    if (!file.startsWith(SERVICES)) continue;
    for (const target of targets) {
      if (ABOVE_SERVICES.some((above) => target === above || target.startsWith(above))) {
        problems.push(`${file} imports ${target}: services never import the layers above them`);
      }
    }
    for (const name of specifiers.get(file) ?? []) {
      if (name === TRANSPORT || name.startsWith(`${TRANSPORT}/`)) {
        problems.push(
          `${file} imports ${name}: a service raises a DomainError (services/errors/domain-error.ts), ` +
            'and trpc/domain-errors.ts maps it to a tRPC code',
        );
      }
    }
  }
  return problems;
}

function circles(graph) {
  const found = [];
  const state = new Map();
  const stack = [];
  const visit = (file) => {
    state.set(file, 'open');
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (state.get(target) === 'open') found.push([...stack.slice(stack.indexOf(target)), target]);
      else if (!state.has(target)) visit(target);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found.map((circle) => `import circle: ${circle.join(' -> ')}`);
}

const problems = PACKAGES.flatMap((folder) => {
  const { graph, specifiers } = importGraph(folder);
  return [...layeringProblems(graph, specifiers), ...circles(graph)];
});
if (problems.length > 0) {
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  process.exit(1);
}
process.stdout.write(
  'Imports: services stay below trpc/ and routers/ and never import @trpc/server, and no package has an import circle.\n',
);
