import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../src/config';
import {
  allDocuments,
  codeSpans,
  readDocument,
  type Section,
  section,
  tables,
  wholeDocument,
} from '../support/markdown';

/**
 * The documented configuration against apps/server/src/config/: every variable a table of the documents
 * names (a table whose first column is 'Variable') is one config/ reads, with the default it documents;
 * every `VARIABLE` (value) in running text carries the default too; and docs/operations.md#configuration
 * has a row for every variable config/ reads.
 *
 * A default cell that is only values (in backticks, or bare numbers; one per variable of the row, or one for
 * all) is what the variable becomes when unset: it must parse to exactly config/'s default. Anything else
 * (words, a `{PLACEHOLDER}`, another variable's name, nothing) describes a value worked out elsewhere, and the
 * variable must then have no default of its own in the schema.
 */

const OPERATIONS = 'docs/operations.md';
const VARIABLE = /^[A-Z][A-Z0-9_]*$/;
const fields: Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }> =
  envSchema.shape;
const VARIABLES = Object.keys(fields);

/** The schema's own default of a variable: its value when unset, undefined when it has none. */
function schemaDefault(variable: string): unknown {
  return fields[variable]?.safeParse(undefined).data;
}

/** The values a default cell states, or null when it describes the default in words. */
function statedValues(cell: string): string[] | null {
  const withoutNote = cell.replace(/\s*\([^()]*\)\s*$/, '').trim();
  if (!withoutNote) return null;
  if (!/^(?:`[^`]+`|\d+)(?:\s*,\s*(?:`[^`]+`|\d+))*$/.test(withoutNote)) return null;
  const values = [...withoutNote.matchAll(/`([^`]+)`|(\d+)/g)].map((match) => match[1] ?? match[2] ?? '');
  return values.some((value) => value.includes('{') || VARIABLES.includes(value)) ? null : values;
}

function defaultProblem(where: string, variable: string, stated: string | undefined): string | null {
  const field = fields[variable];
  if (!field) return null;
  const own = schemaDefault(variable);
  if (stated === undefined) {
    return own === undefined
      ? null
      : `${where}: \`${variable}\` defaults to ${JSON.stringify(own)} in config/: write that default as a value in backticks`;
  }
  if (own === undefined) {
    return `${where}: \`${variable}\` has no default of its own in config/ (unset means absent): say in words what unset does instead of \`${stated}\``;
  }
  const parsed = field.safeParse(stated);
  if (!parsed.success)
    return `${where}: \`${stated}\` is not a valid value of \`${variable}\`: write the default of config/`;
  return isDeepStrictEqual(parsed.data, own)
    ? null
    : `${where}: \`${variable}\` is documented as \`${stated}\` but config/ defaults to ${JSON.stringify(own)}: correct the default`;
}

interface VariableRow {
  file: string;
  line: number;
  variables: string[];
  defaultCell: string;
  hasDefaultColumn: boolean;
}

function variableRows(parts: Section[]): VariableRow[] {
  return parts.flatMap((part) =>
    tables(part)
      .filter((table) => /^variable$/i.test(table.header[0] ?? ''))
      .flatMap((table) => {
        const defaultColumn = table.header.findIndex((cell) => /^default$/i.test(cell));
        return table.rows.map((row) => ({
          file: part.file,
          line: row.line,
          variables: codeSpans(row.cells[0] ?? ''),
          defaultCell: row.cells[defaultColumn] ?? '',
          hasDefaultColumn: defaultColumn !== -1,
        }));
      }),
  );
}

function tableProblems(): string[] {
  const problems: string[] = [];
  for (const row of variableRows(allDocuments().map(wholeDocument))) {
    const where = `${row.file}:${row.line}`;
    if (row.variables.length === 0)
      problems.push(`${where}: the Variable cell names no variable in backticks`);
    const unknown = row.variables.filter((variable) => !VARIABLES.includes(variable));
    for (const variable of unknown) {
      problems.push(
        VARIABLE.test(variable)
          ? `${where}: \`${variable}\` is not read by apps/server/src/config/: remove the row or correct the name`
          : `${where}: \`${variable}\` is not a variable name: name each variable in full, one per backticks`,
      );
    }
    if (!row.hasDefaultColumn || unknown.length > 0) continue;
    const stated = statedValues(row.defaultCell);
    if (stated && stated.length !== 1 && stated.length !== row.variables.length) {
      problems.push(
        `${where}: ${stated.length} defaults for ${row.variables.length} variables: give one for each`,
      );
      continue;
    }
    row.variables.forEach((variable, index) => {
      const value = stated ? (stated.length === 1 ? stated[0] : stated[index]) : undefined;
      const problem = defaultProblem(where, variable, value);
      if (problem) problems.push(problem);
    });
  }
  return problems;
}

/** `VARIABLE` (value) in running text: the default quoted where a variable is explained. */
function runningTextProblems(): string[] {
  const problems: string[] = [];
  for (const document of allDocuments()) {
    document.lines.forEach((line, index) => {
      for (const match of line.matchAll(/`([A-Z][A-Z0-9_]+)` \(([\w:.-]+(?:, ?[\w:.-]+)*)\)/g)) {
        const [, variable = '', value = ''] = match;
        const where = `${document.file}:${index + 1}`;
        if (!VARIABLES.includes(variable)) {
          if (variable.startsWith('LIMIT_')) {
            problems.push(
              `${where}: \`${variable}\` is not read by apps/server/src/config/: correct the name`,
            );
          }
          continue;
        }
        const problem = defaultProblem(where, variable, value.replace(/, /g, ','));
        if (problem) problems.push(problem);
      }
    });
  }
  return problems;
}

function completenessProblems(): string[] {
  const documented = new Set(
    variableRows([section(readDocument(OPERATIONS), 'Configuration')]).flatMap((row) => row.variables),
  );
  return VARIABLES.filter((variable) => !documented.has(variable)).map(
    (variable) =>
      `${OPERATIONS}#configuration: \`${variable}\` is read by apps/server/src/config/ but has no row: add | \`${variable}\` | <default> | <meaning> |`,
  );
}

describe('the documented configuration', () => {
  it('names only variables config/ reads, each with its default', () => {
    expect(tableProblems()).toEqual([]);
  });

  it('quotes the default wherever running text gives one', () => {
    expect(runningTextProblems()).toEqual([]);
  });

  it(`has a row in ${OPERATIONS}#configuration for every variable config/ reads`, () => {
    expect(completenessProblems()).toEqual([]);
  });
});
