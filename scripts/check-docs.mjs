#!/usr/bin/env node
// Fails when a document says something the repository cannot back: a file or folder named in inline code
// (`apps/server/src/config/index.ts`, `plugins/security.ts`, `sessions.ts`) that no file of the repository has, or a
// dated figure or a piece of history (a date, 'measured on', 'before this layout'). Documents say what is true
// now; a figure comes from the command that measures it and history is what git keeps. What the code itself
// says (the API table, the services tree, the configuration tables) is held to the code by
// apps/server/test/docs/. Markdown links are checked by scripts/check-doc-links.mjs.
// Usage: node scripts/check-docs.mjs   (exit 1 and one line per problem, saying what to change)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function git(args, input) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 });
}

const files = git(['ls-files', '-z', '--cached', '--others', '--exclude-standard'])
  .split('\0')
  .filter((file) => file && existsSync(path.join(root, file)));
const DOCUMENTS = files.filter(
  (file) => /^docs\/[^/]+\.md$/.test(file) || /^(README|CONTRIBUTING)\.md$/.test(file),
);

/** Every file of the repository and every folder above one, as repository paths without a trailing slash. */
const repositoryPaths = new Set(
  files.flatMap((file) => file.split('/').map((_, index, parts) => parts.slice(0, index + 1).join('/'))),
);
const topLevel = new Set([...repositoryPaths].map((entry) => entry.split('/')[0]));
const PACKAGE_FOLDERS = ['', 'apps/server', 'apps/client', 'db', 'content', 'bench'];

/** Names of files outside the repository that a document rightly names as such. */
const OUTSIDE_FILES = new Map([
  ['confusables.txt', "the Unicode Consortium's data file (docs/screening.md)"],
]);

/**
 * Dates that are product content, not the date of a figure: each allowed only in its file and its text.
 */
const ALLOWED_DATED_TEXT = [
  {
    file: 'docs/anonymity.md',
    text: "'Posted in March 2025'",
    why: 'the period shown for a rating of another year',
  },
  {
    file: 'docs/trust-and-safety.md',
    text: "'Figures for November 2026, published\n  1 December 2026'",
    why: "the transparency page's heading of a month",
  },
];

const FILE_EXTENSIONS =
  /\.(ts|tsx|mts|js|mjs|cjs|json|jsonl|md|sql|ya?ml|txt|patch|html|svg|webmanifest|css|sh|toml|jpg|png|csv)$/;

/** Inline code that claims to be a path: a folder (`x/`), a file with an extension, or a path from the root. */
function pathClaim(code) {
  const target = code.replace(/#.*$/, '');
  if (
    !target ||
    /[\s:?=${}]/.test(target) ||
    /^[/@~-]/.test(target) ||
    (target.startsWith('..') === false && target.startsWith('.') && !target.includes('/'))
  ) {
    return null;
  }
  const first = target.split('/')[0];
  if (target.endsWith('/') || FILE_EXTENSIONS.test(target) || (target.includes('/') && topLevel.has(first))) {
    return target.replace(/\/$/, '').replace(/^\.\//, '');
  }
  return null;
}

/** A claimed path as a regular expression over repository paths: `<name>` and `*` stand for any name. */
function claimPattern(claim) {
  const source = claim
    .split(/(<[^>]+>|\*\*\/|\*)/)
    .map((part) => {
      if (/^<[^>]+>$/.test(part)) return '[^/]+';
      if (part === '**/') return '(?:[^/]+/)*';
      if (part === '*') return '[^/]*';
      return part.replace(/[.+^()[\]\\|]/g, '\\$&');
    })
    .join('');
  return new RegExp(`(^|/)${source}$`);
}

const ignoredCache = new Map();
/** Whether git ignores the path: a command's output (bench/results.json, .data/, screenshots). */
function isIgnored(claim) {
  const concrete = claim.replace(/<[^>]+>|\*+/g, 'x');
  if (!ignoredCache.has(concrete)) {
    let ignored = true;
    try {
      // A folder pattern (`dist/`) matches only what is inside the folder, so a path inside it is asked too.
      git(['check-ignore', '--no-index', concrete, `${concrete}/x`]);
    } catch {
      ignored = false;
    }
    ignoredCache.set(concrete, ignored);
  }
  return ignoredCache.get(concrete);
}

function exists(document, claim) {
  if (OUTSIDE_FILES.has(claim)) return true;
  if (claim.startsWith('..')) return existsSync(path.resolve(root, path.dirname(document), claim));
  const pattern = claimPattern(claim);
  if ([...repositoryPaths].some((entry) => pattern.test(entry))) return true;
  if (isIgnored(claim)) return true;
  return PACKAGE_FOLDERS.some((folder) => existsSync(path.join(root, folder, 'node_modules', claim)));
}

/** The text outside fenced code blocks, with the line each piece starts on kept (blanked, not removed). */
function withoutFences(text) {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

const MONTH =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)';
const DATED = [
  { pattern: /\b\d{4}-\d{2}-\d{2}\b/g, what: 'a date' },
  { pattern: new RegExp(`\\b${MONTH}\\.? (?:\\d{1,2}(?:st|nd|rd|th)?,? )?\\d{4}\\b`, 'g'), what: 'a date' },
  { pattern: new RegExp(`\\b\\d{1,2} ${MONTH}\\.? \\d{4}\\b`, 'g'), what: 'a date' },
  {
    pattern:
      /\b(measured (?:on|at|in)|(?:as )?last (?:full )?run|the last run|at the time of writing|as of (?:now|today|this)|(?:a|one|two|three|some) (?:days?|weeks?|months?|years?) ago|\d+ (?:days?|weeks?|months?) ago|until recently|formerly|previously|before this (?:layout|change|version|release)|under the earlier|the earlier (?:dispatcher|code|layout|version)|the original (?:admin|code|layout|version|tool)|used to be|now lives?|now sits?|was moved|were moved|has been moved)\b/gi,
    what: 'history',
  },
];

function lineOf(text, index) {
  return text.slice(0, index).split('\n').length;
}

function allowedDated(document, text, index, length) {
  return ALLOWED_DATED_TEXT.some(({ file, text: allowed }) => {
    if (file !== document) return false;
    for (let at = text.indexOf(allowed); at !== -1; at = text.indexOf(allowed, at + 1)) {
      if (index >= at && index + length <= at + allowed.length) return true;
    }
    return false;
  });
}

const problems = [];
for (const document of DOCUMENTS) {
  const text = readFileSync(path.join(root, document), 'utf8');
  const prose = withoutFences(text);
  for (const match of prose.matchAll(/(`+)([^`\n]+?)\1/g)) {
    const claim = pathClaim(match[2].trim());
    if (claim && !exists(document, claim)) {
      problems.push(
        `${document}:${lineOf(prose, match.index)}: \`${match[2]}\` names no file or folder of the repository: correct the path (from the repository root, or its tail) or drop it`,
      );
    }
  }
  const reported = [];
  for (const { pattern, what } of DATED) {
    for (const match of text.matchAll(pattern)) {
      if (allowedDated(document, text, match.index, match[0].length)) continue;
      const end = match.index + match[0].length;
      // One date matched by two of the patterns ('1 December 2026', 'December 2026') is one problem.
      if (reported.some(([from, to]) => match.index < to && end > from)) continue;
      reported.push([match.index, end]);
      problems.push(
        `${document}:${lineOf(text, match.index)}: '${match[0]}' is ${what}: say what is true now, and for a figure name the command that measures it instead of quoting a run (product text that needs a date goes in ALLOWED_DATED_TEXT of scripts/check-docs.mjs)`,
      );
    }
  }
}

if (problems.length > 0) {
  process.stderr.write(
    `Documents that say what the repository cannot back (${problems.length}):\n${problems.join('\n')}\n`,
  );
  process.exit(1);
}
process.stdout.write('Documents: every named path exists; no dates or history.\n');
