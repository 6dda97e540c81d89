/**
 * Prints, as JSON, the SQL of the statements the bare baselines (b), (d) and (e) run, built by the app's own
 * query builders (db/src/queries) so the baselines run exactly the text the server sends: (b) rating.submit's
 * call of `submit_rating`, its values left as named placeholders the baseline fills per request, (d) the
 * plain admin profiles page of 50, (e) the ratings a phone received. Needs tsx for the TypeScript sources:
 * `node --import tsx bench/lib/statements.mjs <database url> <phone>` from apps/server (which has tsx).
 */
import { createRequire } from 'node:module';

const [databaseUrl, phone] = process.argv.slice(2);
// drizzle-orm as the db package resolves it (the bench does not depend on it).
const { sql: drizzleSql } = await import(
  createRequire(new URL('../../db/package.json', import.meta.url)).resolve('drizzle-orm')
);
const { createDatabase } = await import(new URL('../../db/src/database.ts', import.meta.url).href);
const { adminProfilesPageQuery, receivedRatingsQuery, submitRatingQuery } = await import(
  new URL('../../db/src/queries/index.ts', import.meta.url).href
);
const database = await createDatabase({ url: databaseUrl, migrate: false, maxConnections: 1 });
try {
  // Placeholders, as the server's prepared statements have them, filled with the run's values.
  const statement = (query, values = {}) => {
    const { sql, params } = query.toSQL();
    return { sql, params: params.map((param) => (param?.name in values ? values[param.name] : param)) };
  };
  const page = { limit: drizzleSql.placeholder('limit'), offset: drizzleSql.placeholder('offset') };
  const statements = {
    submitRating: statement(submitRatingQuery(database.db)),
    profilesPage: statement(adminProfilesPageQuery(database.db, 'all', page), { limit: 50, offset: 0 }),
    // The app's clock as the server hands it in; the seed's ratings were all released before the run.
    ratingsReceived: statement(receivedRatingsQuery(database.db, phone, drizzleSql.placeholder('now')), {
      now: new Date().toISOString(),
    }),
  };
  process.stdout.write(`${JSON.stringify(statements)}\n`);
} finally {
  await database.close();
}
