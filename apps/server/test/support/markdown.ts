import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A document of the repository by its repository path ('docs/architecture.md'). */
export interface Document {
  file: string;
  lines: string[];
}

export function readDocument(file: string): Document {
  return { file, lines: readFileSync(path.join(REPOSITORY_ROOT, file), 'utf8').split('\n') };
}

/** docs/*.md, README.md and CONTRIBUTING.md: the documents that describe the code. */
export function allDocuments(): Document[] {
  const docs = readdirSync(path.join(REPOSITORY_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', 'CONTRIBUTING.md', ...docs.sort()].map(readDocument);
}

/** A span of a document: its lines and the 1-based number of the first. */
export interface Section {
  file: string;
  firstLine: number;
  lines: string[];
}

/** The section under the heading `title` (any level), up to the next heading of the same or a higher level. */
export function section(document: Document, title: string): Section {
  const start = document.lines.findIndex(
    (line) => /^#{1,6} /.test(line) && line.replace(/^#+ /, '') === title,
  );
  if (start === -1) throw new Error(`${document.file} has no section '${title}'`);
  const level = document.lines[start]?.indexOf(' ') ?? 1;
  const rest = document.lines.slice(start + 1);
  const end = rest.findIndex((line) => {
    const heading = /^(#{1,6}) /.exec(line);
    return heading?.[1] !== undefined && heading[1].length <= level;
  });
  return { file: document.file, firstLine: start + 2, lines: end === -1 ? rest : rest.slice(0, end) };
}

export function wholeDocument(document: Document): Section {
  return { file: document.file, firstLine: 1, lines: document.lines };
}

/** A Markdown table: its header cells and rows, each row with the line it is on. */
export interface Table {
  header: string[];
  rows: Array<{ line: number; cells: string[] }>;
}

/** A table row's cells; a `|` inside inline code does not split. */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let inCode = false;
  for (const character of line.trim().replace(/^\|/, '').replace(/\|$/, '')) {
    if (character === '`') inCode = !inCode;
    if (character === '|' && !inCode) {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += character;
    }
  }
  cells.push(cell.trim());
  return cells;
}

/** Every table of the section (outside fenced code). */
export function tables(part: Section): Table[] {
  const found: Table[] = [];
  let current: Table | undefined;
  let fenced = false;
  part.lines.forEach((line, index) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const isRow = !fenced && line.trimStart().startsWith('|');
    if (!isRow) {
      current = undefined;
      return;
    }
    const next = part.lines[index + 1] ?? '';
    if (!current && /^\s*\|[\s:|-]+\|\s*$/.test(next)) {
      current = { header: cellsOf(line), rows: [] };
      found.push(current);
    } else if (current && !/^\s*\|[\s:|-]+\|\s*$/.test(line)) {
      current.rows.push({ line: part.firstLine + index, cells: cellsOf(line) });
    }
  });
  return found;
}

/** The contents of the inline code spans of a piece of Markdown, in order. */
export function codeSpans(markdown: string): string[] {
  return [...markdown.matchAll(/(`+)([^`]+?)\1/g)].map((match) => (match[2] ?? '').trim());
}

/** The fenced code blocks of the section, each with the line number of its first line of content. */
export function fencedBlocks(part: Section): Array<{ firstLine: number; lines: string[] }> {
  const blocks: Array<{ firstLine: number; lines: string[] }> = [];
  let current: { firstLine: number; lines: string[] } | undefined;
  part.lines.forEach((line, index) => {
    if (/^\s*```/.test(line)) {
      if (current) {
        blocks.push(current);
        current = undefined;
      } else {
        current = { firstLine: part.firstLine + index + 1, lines: [] };
      }
    } else if (current) {
      current.lines.push(line);
    }
  });
  return blocks;
}
