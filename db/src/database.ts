import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';
import { readTar } from './tar';

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
  /**
   * A migrated PGlite cluster as a gzipped tarball (createPgliteTemplate). When the folder `dataDir` holds
   * no cluster yet it is unpacked there instead of running PGlite's initdb, which takes seconds of WASM.
   * Without it, or when the file is absent (the source tree), the first open runs initdb.
   */
  pgliteTemplate?: string | undefined;
  /**
   * Told of every statement sent to Postgres (not PGlite), BEGIN and COMMIT of a transaction included, each
   * one round trip of its own, and of every transaction: the bench's counts per request.
   */
  statementCounter?: StatementCounter | undefined;
}

export interface StatementCounter {
  statement(): void;
  transaction(): void;
}

/**
 * Where drizzle-kit writes the migrations. The server bundle lives at dist/server/main.js and ships them in
 * dist/migrations, so the same relative path holds in the source tree and in the bundle.
 */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Where apps/server/scripts/build.mjs writes the PGlite template: dist/pglite-template.tar.gz, beside the
 * bundle's migrations. The source tree has none.
 */
export const PGLITE_TEMPLATE_FILE = fileURLToPath(new URL('../pglite-template.tar.gz', import.meta.url));

// Two instances starting together must not both run the same migration: hold a lock while migrating.
const MIGRATION_LOCK_KEY = 7_351_901;

export const CONNECT_TIMEOUT_SECONDS = 2;
export const STALL_TIMEOUT_SECONDS = 2;
export const STATEMENT_TIMEOUT_MS = 1500;
const RECONNECT_DELAY_SECONDS = 0.25;

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  const handle = options.url
    ? openPostgres(options.url, options.maxConnections ?? 10, options.statementCounter)
    : await openPglite(options.dataDir ?? '.data/pglite', options.pgliteTemplate);
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

function openPostgres(url: string, maxConnections: number, counter?: StatementCounter): OpenedDatabase {
  // Every request answers within about 2 s while Postgres cannot be reached (docs/reliability.md): a
  // connection attempt gives up after 2 s, a connection that stops answering a waiting query is dropped
  // after 2 s (the patched postgres.js's stall_timeout), a statement the server runs gives up after 1.5 s,
  // and a dropped connection is tried again after a quarter second rather than the growing default back-off
  // (up to 20 s), so the pool is back within moments of the server.
  const client = postgres(url, {
    max: maxConnections,
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    stall_timeout: STALL_TIMEOUT_SECONDS,
    backoff: () => RECONNECT_DELAY_SECONDS,
    onnotice: () => {},
    connection: { application_name: 'exrated', statement_timeout: STATEMENT_TIMEOUT_MS },
  });
  // Drizzle's logger sees every statement it sends, without the stack postgres.js's own debug hook captures
  // for each; the transaction's BEGIN and its COMMIT or ROLLBACK are postgres.js's and are counted around it.
  const db = drizzlePostgres(client, {
    schema,
    casing: 'snake_case',
    ...(counter ? { logger: { logQuery: () => counter.statement() } } : {}),
  });
  if (counter) countTransactions(db, counter);
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

function countTransactions(db: Database, counter: StatementCounter) {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) => {
    counter.transaction();
    counter.statement();
    return transaction(work, config).finally(() => counter.statement());
  }) as Database['transaction'];
}

/**
 * PGlite and its Drizzle driver, loaded only by the embedded default: an instance on Postgres never holds
 * their code.
 */
async function pgliteModules() {
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return { PGlite, pg_trgm, drizzlePglite: drizzle, migratePglite: migrate };
}

export async function startPglite(dataDir: string): Promise<PGlite> {
  const { PGlite, pg_trgm } = await pgliteModules();
  // pg_trgm backs the admin substring searches (migration 0002); Postgres ships it, PGlite loads it here.
  return PGlite.create(dataDir, { extensions: { pg_trgm } });
}

/** A cluster started in memory as openPglite starts one, migrated: the tarball `pgliteTemplate` takes. */
export async function createPgliteTemplate(migrationsFolder = MIGRATIONS_FOLDER): Promise<Uint8Array> {
  const { drizzlePglite, migratePglite } = await pgliteModules();
  const client = await startPglite('memory://');
  try {
    await migratePglite(drizzlePglite(client, { casing: 'snake_case' }), { migrationsFolder });
    // Flushes everything to the data files, so a start from the tarball has next to no WAL to replay.
    await client.exec('checkpoint');
    return new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await client.close();
  }
}

// PGlite, like Postgres, takes a PG_VERSION file as "a cluster lives here".
const CLUSTER_MARKER = 'PG_VERSION';

/** Unpacks a gzipped PGlite cluster tarball (a template or a backup) into `dataDir`. */
export async function unpackPgliteTarball(tarball: string, dataDir: string): Promise<void> {
  const entries = readTar(await promisify(gunzip)(await readFile(tarball)));
  // The marker goes last: an unpack cut short leaves no cluster behind, and the next start unpacks again.
  entries.sort((a, b) => Number(a.path === CLUSTER_MARKER) - Number(b.path === CLUSTER_MARKER));
  for (const entry of entries) {
    const target = path.join(dataDir, entry.path);
    if (entry.type === 'directory') mkdirSync(target, { recursive: true, mode: entry.mode });
    else writeFileSync(target, entry.data, { mode: entry.mode });
  }
}

async function openPglite(dataDir: string, template: string | undefined): Promise<OpenedDatabase> {
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    if (template && existsSync(template) && !existsSync(path.join(dataDir, CLUSTER_MARKER))) {
      await unpackPgliteTarball(template, dataDir);
    }
  }
  const { drizzlePglite, migratePglite } = await pgliteModules();
  const client = await startPglite(dataDir);
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
