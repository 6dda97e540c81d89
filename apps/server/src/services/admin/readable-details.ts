/** How deep a stored `details` document is shown; deeper parts read as NESTED_TOO_DEEPLY. */
export const MAX_DETAILS_DEPTH = 16;
export const NESTED_TOO_DEEPLY = '[nested too deeply to show]';

/**
 * A log entry's stored `details` as plain JSON data that every admin page can send. The column is jsonb
 * and was not always checked as it is now (one anonymous telemetry call with a `constructor` key
 * made admin.logs answer 500), so a row may hold anything JSON can: numbers JSON.parse reads as Infinity
 * (`1e400`) or -0, which only superjson's annotations could carry; nesting deep enough (Postgres takes
 * ~12,000 levels) to overflow the stack of JSON.stringify; keys superjson refuses. Numbers become what
 * JSON writes for them (null, 0), deep parts a marker, and objects are rebuilt without a prototype, so a
 * `__proto__` key stays an ordinary key all the way to the output serializer.
 */
export function readableDetails<Details>(details: Details): Details {
  // Typed as what the column declares; the value is whatever JSON the row holds, made readable.
  return readable(details, 0) as Details;
}

function readable(value: unknown, depth: number): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? (Object.is(value, -0) ? 0 : value) : null;
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DETAILS_DEPTH) return NESTED_TOO_DEEPLY;
  if (Array.isArray(value)) return value.map((item) => readable(item, depth + 1));
  const copy: Record<string, unknown> = Object.create(null);
  for (const [key, item] of Object.entries(value)) copy[key] = readable(item, depth + 1);
  return copy;
}

/** Rows of `logs` or `error_logs` with their details made readable (above). */
export function withReadableDetails<Row extends { details: unknown }>(rows: Row[]): Row[] {
  return rows.map((row) => ({ ...row, details: readableDetails(row.details) }));
}
