import { sql } from 'drizzle-orm';

/** A fixed list of text values as SQL (`'a', 'b'`), for the check constraints that pin a column to it. */
export function sqlValueList(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value}'`).join(', '));
}
