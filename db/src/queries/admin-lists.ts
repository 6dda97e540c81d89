// How the admin area's lists read: what an administrator types is matched as a substring, and a page comes
// with the number of rows matching the same filter.

/** `%` and `_` typed by an administrator are matched literally, not as wildcards. */
function escapeLikePattern(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export function containing(term: string): string {
  return `%${escapeLikePattern(term)}%`;
}

/** A page of rows and the number of rows matching the same filter, read side by side. */
export async function pageWithTotal<Row>(
  page: PromiseLike<Row[]>,
  total: PromiseLike<Array<{ value: number }>>,
) {
  const [rows, totals] = await Promise.all([page, total]);
  return { rows, total: totals[0]?.value ?? 0 };
}

/**
 * A page read in one statement whose rows each carry the total. Past the last page no row carries it, so it is
 * counted on its own.
 */
export async function pageCarryingTotal<Row>(
  rows: Array<{ row: Row; total: number }>,
  countAlone: () => PromiseLike<Array<{ value: number }>>,
) {
  const first = rows[0];
  if (first) return { rows: rows.map((entry) => entry.row), total: first.total };
  const [counted] = await countAlone();
  return { rows: [] as Row[], total: counted?.value ?? 0 };
}
