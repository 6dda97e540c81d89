import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';
import { TimestampDate } from '../timestamp-date';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** One selected field as Drizzle keeps it on a prepared select: where it goes in the row object, and what it is. */
interface SelectedField {
  path: string[];
  field: unknown;
}

/**
 * What Drizzle's prepared queries (postgres.js and PGlite alike) hold and read in `execute`, outside their
 * public types: the selected fields, the join map, and the mapper its relational queries install, which
 * `execute` then calls with the rows as arrays instead of mapping each row itself. drizzle-orm is pinned, and
 * db/test/row-decoding.int.test.ts fails if an upgrade moves any of them.
 */
interface PreparedInternals {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}

/**
 * A prepared select whose rows are decoded by decoders looked up once, when it is prepared. Drizzle's own
 * `mapResultRow` looks every cell's decoder up again (an entity-kind check up the prototype chain, a path
 * iterator): 137–175 µs for a page of 50 profiles on the bench machine, against 55–76 µs with the decoders
 * found once. The rows come out the same: the same paths, the same decoders, null left null.
 *
 * Timestamps with a time zone become {@link TimestampDate}s, which keep the text Postgres sent in the ISO form
 * JSON needs. A select that nests a left-joined table's columns keeps Drizzle's mapper: it also nulls such an
 * object when all its columns are null, which this does not do.
 */
export function withDecodersResolvedOnce<Prepared extends object>(prepared: Prepared): Prepared {
  const internals = prepared as PreparedInternals;
  const fields = internals.fields;
  if (!fields || internals.customResultMapper || mayNullJoinedTables(fields, internals.joinsNotNullableMap)) {
    return prepared;
  }
  const columns = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    key: path[path.length - 1] ?? '',
    decode: decoderOf(field),
  }));
  internals.customResultMapper = (rows) => rows.map((row) => decodeRow(columns, row));
  return prepared;
}

/**
 * Whether Drizzle's mapper could turn a nested object into null: it does so for an object of columns of a table
 * the map does not mark as never null (a left-joined one) when all of them are null.
 */
function mayNullJoinedTables(
  fields: readonly SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): boolean {
  if (!joinsNotNullableMap) return false;
  return fields.some(
    ({ path, field }) =>
      path.length === 2 && is(field, Column) && !joinsNotNullableMap[getTableName(field.table)],
  );
}

type DecodedColumn = { parents: string[]; key: string; decode: (value: unknown) => unknown };

function decodeRow(columns: readonly DecodedColumn[], row: readonly unknown[]): Record<string, unknown> {
  const decoded: Record<string, unknown> = {};
  for (let index = 0; index < columns.length; index += 1) {
    const column = columns[index] as DecodedColumn;
    let node = decoded;
    for (const parent of column.parents) {
      node[parent] ??= {};
      node = node[parent] as Record<string, unknown>;
    }
    const value = row[index];
    node[column.key] = value === null ? null : column.decode(value);
  }
  return decoded;
}

/** The decoder `mapResultRow` would use for the field, found once; timestamptz columns get the fast one. */
function decoderOf(field: unknown): (value: unknown) => unknown {
  if (is(field, PgTimestamp) && field.withTimezone) return decodeTimestamptz;
  let decoder: Decoder;
  if (is(field, Column)) decoder = field;
  else if (is(field, SQL)) decoder = decoderOfSql(field);
  else if (is(field, Subquery)) decoder = decoderOfSql(field._.sql);
  else decoder = decoderOfSql((field as SQL.Aliased).sql);
  return (value) => decoder.mapFromDriverValue(value);
}

/** An SQL chunk's decoder (its `mapWith`), internal in Drizzle's types. */
function decoderOfSql(chunk: SQL): Decoder {
  return (chunk as unknown as { decoder: Decoder }).decoder;
}

/** PgTimestamp's `mapFromDriverValue` for a timestamptz, with its common text read the fast way. */
function decodeTimestamptz(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return TimestampDate.fromPostgresText(value) ?? new Date(value);
}
