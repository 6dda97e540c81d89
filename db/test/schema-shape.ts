import { sql } from 'drizzle-orm';
import type { Database } from '../src/database';

/**
 * The schema as information_schema describes it, normalized so PostgreSQL 15 (the servers) and 18 (PGlite)
 * can be compared: raw catalogs differ between versions, these views do not (docs/testing.md#services).
 */
export async function describeSchema(db: Database) {
  const columns = await db.execute(sql`
    select table_name, column_name, data_type, is_nullable, column_default
    from information_schema.columns where table_schema = 'public'
    order by table_name, column_name`);
  const constraints = await db.execute(sql`
    select tc.table_name, tc.constraint_name, tc.constraint_type,
      coalesce(string_agg(distinct kcu.column_name, ',' order by kcu.column_name), '') as columns,
      coalesce(max(cc.check_clause), '') as check_clause,
      coalesce(max(rc.delete_rule), '') as delete_rule
    from information_schema.table_constraints tc
    left join information_schema.key_column_usage kcu
      on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    left join information_schema.check_constraints cc
      on cc.constraint_name = tc.constraint_name and cc.constraint_schema = tc.table_schema
    left join information_schema.referential_constraints rc
      on rc.constraint_name = tc.constraint_name and rc.constraint_schema = tc.table_schema
    where tc.table_schema = 'public' and tc.constraint_type in ('PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY', 'CHECK')
      and tc.constraint_name not like '%_not_null'
    group by tc.table_name, tc.constraint_name, tc.constraint_type
    order by tc.table_name, tc.constraint_name`);
  const indexes = await db.execute(sql`
    select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by tablename, indexname`);
  const normalize = (text: unknown) => String(text).replace(/\s+/g, ' ').trim();
  return {
    columns: rows(columns).map(
      (row): Record<string, unknown> => ({
        ...row,
        column_default: row.column_default === null ? null : normalize(row.column_default),
      }),
    ),
    constraints: rows(constraints)
      // PostgreSQL 18 reports NOT NULL as named CHECK constraints; 15 does not. Nullability is compared above.
      .filter((row) => !(row.constraint_type === 'CHECK' && /IS NOT NULL$/i.test(String(row.check_clause))))
      .map(
        (row): Record<string, unknown> => ({
          ...row,
          check_clause: stripOuterParentheses(normalize(row.check_clause)),
        }),
      ),
    indexes: rows(indexes).map(
      (row): Record<string, unknown> => ({ ...row, indexdef: normalize(row.indexdef) }),
    ),
  };
}

/** PostgreSQL 18 prints check clauses with one pair of wrapping parentheses fewer than 15 does. */
function stripOuterParentheses(clause: string): string {
  let text = clause;
  while (text.startsWith('(') && text.endsWith(')') && wrapsWhole(text)) text = text.slice(1, -1).trim();
  return text;
}

function wrapsWhole(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    if (depth === 0 && i < text.length - 1) return false;
  }
  return true;
}

/** The rows of a `db.execute` result: postgres.js returns them as an array, PGlite in `rows`. */
export function rows(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return (result as { rows: Record<string, unknown>[] }).rows;
}
