import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database every query takes: postgres.js in production, PGlite for the embedded default. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database itself: queries that may run inside a transaction take this. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Runs `select 1`; rejects when the database cannot answer (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A Postgres URL; when absent the embedded PGlite database in `dataDir` is used. */
  url?: string | undefined;
  /** Folder of the embedded database; ignored with a URL. `memory://` keeps it in memory. */
  dataDir?: string | undefined;
  /** Connections in the postgres.js pool. */
  maxConnections?: number | undefined;
  /** Applies the committed migrations before returning (idempotent). Default true. */
  migrate?: boolean | undefined;
  migrationsFolder?: string | undefined;
}

/**
 * Where drizzle-kit writes the migrations. The server bundle lives at dist/server/main.js and ships them in
 * dist/migrations, so the same relative path holds in the source tree and in the bundle.
 */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

// Two instances starting together must not both run the same migration: hold a lock while migrating.
const MIGRATION_LOCK_KEY = 7_351_901;

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  const handle = options.url
    ? openPostgres(options.url, options.maxConnections ?? 10)
    : await openPglite(options.dataDir ?? '.data/pglite');
  if (options.migrate ?? true) {
    try {
      await handle.migrate(migrationsFolder);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return handle;
}

interface OpenedDatabase extends DatabaseHandle {
  migrate(folder: string): Promise<void>;
}

function openPostgres(url: string, maxConnections: number): OpenedDatabase {
  const client = postgres(url, {
    max: maxConnections,
    // A peer that accepts and then stalls (a proxy with nothing behind it) fails requests after 10 s, not 30.
    connect_timeout: 10,
    onnotice: () => {},
    connection: { application_name: 'exrated' },
  });
  const db = drizzlePostgres(client, { schema, casing: 'snake_case' });
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await client`select 1`;
    },
    close: () => client.end({ timeout: 5 }),
    migrate: async (migrationsFolder) => {
      const lockClient = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await lockClient`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        await migratePostgres(drizzlePostgres(lockClient, { casing: 'snake_case' }), { migrationsFolder });
        await lockClient`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
      } finally {
        await lockClient.end({ timeout: 5 });
      }
    },
  };
}

async function openPglite(dataDir: string): Promise<OpenedDatabase> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the admin substring searches (migration 0002); Postgres ships it, PGlite loads it here.
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
  };
}
