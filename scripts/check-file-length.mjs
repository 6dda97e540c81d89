#!/usr/bin/env node
// Fails when a source file outside the tests is over MAX_LINES lines: past that a file holds more than one
// job, and it is split into modules with one job each (CONTRIBUTING.md, habits). Counted: the files git
// tracks or would track under apps/, db/src/, content/src/, scripts/ and bench/, by their ending (code,
// styles and SQL). Tests and their support are not counted: a path with a `test`, `tests`, `testing`, `e2e`
// or `__tests__` folder, or a name with `.test.`, `.spec.` or `.e2e.`. No file is exempt.
// Usage: node scripts/check-file-length.mjs   (exit 1 and one line per file that is too long)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_LINES = 400;
const FOLDERS = ['apps/', 'db/src/', 'content/src/', 'scripts/', 'bench/'];
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css|sql)$/;
const TEST_FOLDER = /(^|\/)(test|tests|testing|e2e|__tests__)\//;
const TEST_NAME = /\.(test|spec|e2e)\.[^/]+$/;

const files = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard', ...FOLDERS],
  {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  },
)
  .split('\0')
  .filter((file) => file && SOURCE.test(file) && !TEST_FOLDER.test(file) && !TEST_NAME.test(file))
  .filter((file) => existsSync(path.join(root, file)));

/** Lines as `wc -l` counts them, plus a last line without its newline. */
function lineCount(file) {
  const text = readFileSync(path.join(root, file), 'utf8');
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

const tooLong = files
  .map((file) => ({ file, lines: lineCount(file) }))
  .filter(({ lines }) => lines > MAX_LINES)
  .sort((a, b) => b.lines - a.lines);

if (tooLong.length > 0) {
  process.stderr.write(
    `Source files over ${MAX_LINES} lines (${tooLong.length}): split each into modules with one job each, ` +
      'named for that job, and keep its importers working:\n',
  );
  for (const { file, lines } of tooLong)
    process.stderr.write(`${file}: ${lines} lines (at most ${MAX_LINES})\n`);
  process.exit(1);
}
process.stdout.write(`File length: no source file outside the tests is over ${MAX_LINES} lines.\n`);
