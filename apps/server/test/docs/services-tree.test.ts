import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fencedBlocks, REPOSITORY_ROOT, readDocument, section } from '../support/markdown';

/**
 * The tree of apps/server/src/ in docs/architecture.md#layout against the folders. A folder the tree opens
 * (one with lines indented under it) lists every folder and every non-test file it holds; a folder it only
 * names is summed up in words, and every file those words name exists in it.
 */

const DOCUMENT = 'docs/architecture.md';
const ROOT = 'apps/server/src/';
const NAME = /^[\w.-]+\/$|^[\w-]+(\.[\w-]+)*\.\w+$/;

interface Node {
  folder: string;
  line: number;
  /** Names listed under it ('services/', 'config.ts'); null for a folder the tree does not open. */
  children: string[] | null;
  /** Files the folder's description names. */
  namedFiles: string[];
}

/** The tree's folders by repository path, each with what the tree lists inside it. */
function parseTree(): Map<string, Node> {
  const block = fencedBlocks(section(readDocument(DOCUMENT), 'Layout')).find(
    (candidate) => candidate.lines[0]?.trim() === ROOT,
  );
  if (!block) throw new Error(`${DOCUMENT}#layout has no code block starting with the line ${ROOT}`);
  const nodes = new Map<string, Node>([
    [ROOT, { folder: ROOT, line: block.firstLine, children: [], namedFiles: [] }],
  ]);
  const stack: Array<{ depth: number; folder: string; described: boolean }> = [
    { depth: -1, folder: ROOT, described: false },
  ];
  block.lines.slice(1).forEach((text, index) => {
    if (!text.trim()) return;
    const depth = text.length - text.trimStart().length;
    while ((stack.at(-1)?.depth ?? -1) >= depth) stack.pop();
    const top = stack.at(-1);
    const parent = top?.folder ?? ROOT;
    const parentNode = nodes.get(parent);
    // A line indented under a described folder goes on with that folder's description.
    if (top?.described && parentNode) {
      parentNode.namedFiles.push(...filesNamedIn(text));
      return;
    }
    const tokens = text.trim().split(/\s+/);
    // A line of names only, all folders or all files; otherwise one name and what it holds, in words.
    const listing =
      tokens.every((token) => NAME.test(token)) &&
      new Set(tokens.map((token) => token.endsWith('/'))).size === 1;
    const names = listing ? tokens : [tokens[0] ?? ''];
    const line = block.firstLine + index + 1;
    if (parentNode) parentNode.children = [...(parentNode.children ?? []), ...names];
    for (const name of names.filter((candidate) => candidate.endsWith('/'))) {
      const folder = `${parent}${name}`;
      const namedFiles = listing ? [] : filesNamedIn(text.trim().slice(name.length));
      nodes.set(folder, { folder, line, children: null, namedFiles });
    }
    // Lines indented under a line of one folder list what is inside it, or go on with its description.
    const [only] = names;
    if (names.length === 1 && only?.endsWith('/')) {
      stack.push({ depth, folder: `${parent}${only}`, described: !listing });
    }
  });
  return nodes;
}

function filesNamedIn(description: string): string[] {
  return [...description.matchAll(/[\w./-]+\.tsx?\b/g)].map((match) => match[0]);
}

function entriesOf(folder: string): string[] {
  const absolute = path.join(REPOSITORY_ROOT, folder);
  return readdirSync(absolute)
    .filter((name) => !name.includes('.test.'))
    .map((name) => (statSync(path.join(absolute, name)).isDirectory() ? `${name}/` : name))
    .sort();
}

function treeProblems(): string[] {
  const problems: string[] = [];
  for (const node of parseTree().values()) {
    const where = `${DOCUMENT}:${node.line}`;
    if (!existsSync(path.join(REPOSITORY_ROOT, node.folder))) {
      problems.push(
        `${where}: the tree lists ${node.folder}, which does not exist: remove the line or correct it`,
      );
      continue;
    }
    for (const file of node.namedFiles) {
      if (!existsSync(path.join(REPOSITORY_ROOT, node.folder, file))) {
        problems.push(
          `${where}: the line of ${node.folder} names ${file}, which is not in that folder: correct it`,
        );
      }
    }
    if (node.children === null) continue;
    const listed = new Set(node.children);
    const actual = entriesOf(node.folder);
    for (const name of actual.filter((entry) => !listed.has(entry))) {
      problems.push(
        `${where}: ${node.folder}${name} exists but the tree leaves it out: add it under ${node.folder}`,
      );
    }
    for (const name of [...listed].filter((entry) => !actual.includes(entry))) {
      problems.push(
        `${where}: the tree lists ${node.folder}${name}, which does not exist: remove it or correct it`,
      );
    }
  }
  return problems;
}

describe('the layout in the docs', () => {
  it(`${DOCUMENT}#layout lists what apps/server/src/ and its services/ hold`, () => {
    expect(treeProblems()).toEqual([]);
  });
});
