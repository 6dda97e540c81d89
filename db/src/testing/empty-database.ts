import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export interface EmptyDatabase {
  /** The URL of the new database on the same server. */
  url: string;
  /** Drops the database, closing whatever connections are still open on it. */
  drop(): Promise<void>;
}

/**
 * A new, empty database with a name of its own on the Postgres server at `serverUrl`. It carries only
 * postgres.js, so a process that hands the database to someone else (a browser test's server, which
 * migrates it at start) loads neither drizzle nor PGlite.
 */
export async function createEmptyDatabase(serverUrl: string): Promise<EmptyDatabase> {
  const name = `exrated_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (sql) => sql.unsafe(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, (sql) => sql.unsafe(`drop database if exists ${name} with (force)`)),
  };
}

async function onServer(
  serverUrl: string,
  statement: (sql: postgres.Sql) => Promise<unknown>,
): Promise<void> {
  const sql = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await statement(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
