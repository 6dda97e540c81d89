import { describe, expect, it } from 'vitest';
import { appRouter } from '../../src/routers';
import { allDocuments, codeSpans, readDocument, section, tables, wholeDocument } from '../support/markdown';
import { procedureAccess, routerProcedures } from '../support/router-procedures';

/**
 * docs/architecture.md#api lists every procedure of the router with its access level and kind, and no
 * document names a procedure the router does not have. Each problem is one line saying what to change.
 */

const DOCUMENT = 'docs/architecture.md';
const HEADER = ['Router', 'Access', 'Queries', 'Mutations'];
const KIND_COLUMNS = { Queries: 'query', Mutations: 'mutation' } as const;

interface Listed {
  path: string;
  access: string;
  kind: string;
  line: number;
}

function apiTableRows() {
  const table = tables(section(readDocument(DOCUMENT), 'API')).find(
    (candidate) => candidate.header.join('|') === HEADER.join('|'),
  );
  if (!table) throw new Error(`${DOCUMENT}#api has no table with the header | ${HEADER.join(' | ')} |`);
  return table.rows;
}

function apiTableProblems(): string[] {
  const problems: string[] = [];
  const listed: Listed[] = [];
  const routers = new Set(Object.keys(appRouter._def.record));
  for (const { line, cells } of apiTableRows()) {
    const [routerCell = '', accessCell = '', ...kindCells] = cells;
    const where = `${DOCUMENT}:${line}`;
    const [router] = codeSpans(routerCell);
    const [access] = codeSpans(accessCell);
    if (!router || !routers.has(router)) {
      problems.push(
        `${where}: \`${router ?? routerCell}\` is no router of appRouter: correct or remove the row`,
      );
      continue;
    }
    if (!access) {
      problems.push(`${where}: the Access cell must be one level in backticks, e.g. \`device\``);
      continue;
    }
    Object.values(KIND_COLUMNS).forEach((kind, index) => {
      for (const name of codeSpans(kindCells[index] ?? '')) {
        listed.push({ path: `${router}.${name}`, access, kind, line });
      }
    });
  }

  const procedures = routerProcedures();
  const seen = new Set<string>();
  for (const entry of listed) {
    const where = `${DOCUMENT}:${entry.line}`;
    const kind = procedures.get(entry.path);
    if (seen.has(entry.path)) problems.push(`${where}: \`${entry.path}\` is listed twice: keep one`);
    seen.add(entry.path);
    if (!kind) {
      problems.push(
        `${where}: \`${entry.path}\` is not a procedure of appRouter: remove it or correct its name`,
      );
      continue;
    }
    const access = procedureAccess(entry.path);
    if (entry.access !== access) {
      problems.push(
        `${where}: \`${entry.path}\` is listed as \`${entry.access}\` but its base procedure gives \`${access}\`: move it to the \`${entry.path.split('.')[0]}\` | \`${access}\` row`,
      );
    }
    if (entry.kind !== kind) {
      problems.push(`${where}: \`${entry.path}\` is listed as a ${entry.kind} but is a ${kind}: move it`);
    }
  }
  for (const [path, kind] of procedures) {
    if (seen.has(path)) continue;
    const column = kind === 'query' ? 'Queries' : 'Mutations';
    problems.push(
      `${DOCUMENT}#api: \`${path}\` is missing: add \`${path.split('.')[1]}\` under ${column} in the row \`${path.split('.')[0]}\` | \`${procedureAccess(path)}\``,
    );
  }
  return problems;
}

/** `router.procedure` in inline code anywhere in the documents, for a router that exists. */
function namedProcedureProblems(): string[] {
  const routers = new Set(Object.keys(appRouter._def.record));
  const procedures = routerProcedures();
  const problems: string[] = [];
  for (const document of allDocuments()) {
    const { lines } = wholeDocument(document);
    lines.forEach((line, index) => {
      for (const code of codeSpans(line)) {
        const match = /^([a-z]\w*)\.([a-z]\w*)$/.exec(code);
        if (!match?.[1] || !routers.has(match[1]) || /^(ts|tsx|js|mjs|md|json|sql)$/.test(match[2] ?? ''))
          continue;
        if (!procedures.has(code)) {
          problems.push(
            `${document.file}:${index + 1}: \`${code}\` is not a procedure of appRouter: correct the name`,
          );
        }
      }
    });
  }
  return problems;
}

describe('the documented API', () => {
  it(`lists every procedure of appRouter in ${DOCUMENT}#api, with its access level and kind`, () => {
    expect(apiTableProblems()).toEqual([]);
  });

  it('names only procedures that exist', () => {
    expect(namedProcedureProblems()).toEqual([]);
  });
});
