#!/usr/bin/env node
// Fails when the repository points at a document it does not hold: a `*.md` named in code, comments or docs
// that resolves to no file here, a relative Markdown link to a missing file, or a `#section` that no heading
// of the target carries. The repository has to explain itself, so every such reference must land inside it.
// Usage: node scripts/check-doc-links.mjs   (exit 1 and one line per broken reference)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Files whose text is data, not prose or code written here: a lockfile, the screening corpus (hostile texts
// that may look like anything), generated migration snapshots.
const SKIPPED = [/^pnpm-lock\.yaml$/, /^content\/src\/corpus\//, /^db\/migrations\/meta\//, /(^|\/)dist\//];
const MAX_BYTES = 1_000_000;

/** A document named in running text or code: `docs/<file>.md#<section>`, `../<file>.md`, `<FILE>.md`. */
const DOCUMENT_REFERENCE = /(?<![\w.$@/\\-])((?:\.{1,2}\/)*(?:[\w-]+\/)*[\w-]+\.md)(#[\w-]+)?(?![\w/])/g;
/** An inline Markdown link or image: [text](target "title"). */
const MARKDOWN_LINK = /!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"\n]*")?\s*\)/g;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function repositoryFiles() {
  const output = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(output.split('\0').filter(Boolean))]
    .filter((file) => !SKIPPED.some((pattern) => pattern.test(file)))
    .filter((file) => {
      const absolute = path.join(root, file);
      return existsSync(absolute) && statSync(absolute).isFile() && statSync(absolute).size <= MAX_BYTES;
    });
}

function readText(file) {
  const buffer = readFileSync(path.join(root, file));
  return buffer.includes(0) ? null : buffer.toString('utf8');
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const text = heading[1]
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/<[^>]+>/g, '')
        .replace(/[`*_~]/g, '');
      const base = text
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s-]/gu, '')
        .replace(/\s/g, '-');
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
  }
  return anchors;
}

const anchorCache = new Map();
function anchorsOf(absolute) {
  if (!anchorCache.has(absolute)) anchorCache.set(absolute, headingAnchors(readFileSync(absolute, 'utf8')));
  return anchorCache.get(absolute);
}

function lineOf(text, index) {
  return text.slice(0, index).split('\n').length;
}

/** Where a reference lands: beside the file that names it, else from the repository root. */
function resolveTarget(file, target) {
  const candidates = target.startsWith('/')
    ? [path.join(root, target)]
    : [path.resolve(root, path.dirname(file), target), path.resolve(root, target)];
  return candidates.find((candidate) => candidate.startsWith(root) && existsSync(candidate)) ?? null;
}

function checkAnchor(absolute, anchor) {
  if (!anchor || !absolute.endsWith('.md') || statSync(absolute).isDirectory()) return true;
  return anchorsOf(absolute).has(decodeURIComponent(anchor).toLowerCase());
}

const problems = new Set();
/** One message per broken target, whether it was named in prose or linked. */
function check(file, text, index, target, anchor) {
  const where = `${file}:${lineOf(text, index)}`;
  const absolute = target === '' ? path.join(root, file) : resolveTarget(file, target);
  if (!absolute) problems.add(`${where}: ${target} does not exist in this repository`);
  else if (!checkAnchor(absolute, anchor))
    problems.add(`${where}: ${target || file} has no section #${anchor}`);
}

for (const file of repositoryFiles()) {
  const text = readText(file);
  if (text === null) continue;
  for (const match of text.matchAll(DOCUMENT_REFERENCE)) {
    check(file, text, match.index, match[1], match[2]?.slice(1));
  }
  if (!file.endsWith('.md')) continue;
  for (const match of text.matchAll(MARKDOWN_LINK)) {
    const link = match[1];
    if (URL_SCHEME.test(link) || link.startsWith('//')) continue;
    const [target, anchor] = link.split('#', 2);
    check(file, text, match.index, decodeURIComponent(target), anchor);
  }
}

if (problems.size > 0) {
  process.stderr.write(`Broken references to documents (${problems.size}):\n${[...problems].join('\n')}\n`);
  process.exit(1);
}
process.stdout.write('Document references and Markdown links: all resolve.\n');
