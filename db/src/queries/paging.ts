import { sql } from 'drizzle-orm';

/** How many rows the filter matches in all, on each row of one page (a window over the result, before LIMIT). */
export function totalMatching() {
  return sql<number>`count(*) over ()`.mapWith(Number);
}
