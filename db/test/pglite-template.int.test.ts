import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  createPgliteTemplate,
  type DatabaseHandle,
  MIGRATIONS_FOLDER,
} from '../src/database';

const journal: { entries: unknown[] } = JSON.parse(
  readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
);

const systemIdentifier = sql`select system_identifier::text from pg_control_system()`;

async function column(handle: DatabaseHandle, query: SQL): Promise<unknown[]> {
  const result = (await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => Object.values(row)[0]);
}

describe('PGlite data directory template', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'exrated-pglite-template-'));
  const template = path.join(folder, 'template.tar.gz');
  const dataDir = path.join(folder, 'data');
  let firstIdentifier: unknown;

  beforeAll(async () => {
    writeFileSync(template, await createPgliteTemplate());
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('starts an empty data dir as a migrated cluster with the pg_trgm indexes', async () => {
    const database = await createDatabase({ dataDir, pgliteTemplate: template });
    try {
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      expect(await column(database, sql`select count(*)::int from drizzle.__drizzle_migrations`)).toEqual([
        journal.entries.length,
      ]);
      expect(await column(database, sql`select extname from pg_extension where extname = 'pg_trgm'`)).toEqual(
        ['pg_trgm'],
      );
      expect(
        await column(
          database,
          sql`select indexname from pg_indexes where indexname like '%trgm%' order by 1`,
        ),
      ).toEqual([
        'claimed_profiles_name_trgm_idx',
        'claimed_profiles_phone_trgm_idx',
        'error_logs_component_trgm_idx',
        'error_logs_message_trgm_idx',
        'error_logs_phone_trgm_idx',
      ]);
      [firstIdentifier] = await column(database, systemIdentifier);
      await database.db.execute(sql`create table template_probe (note text)`);
      await database.db.execute(sql`insert into template_probe values ('written after the unpack')`);
    } finally {
      await database.close();
    }
  });

  it('reopens the same cluster without unpacking the template again', async () => {
    const database = await createDatabase({ dataDir, pgliteTemplate: template });
    try {
      expect(await column(database, sql`select note from template_probe`)).toEqual([
        'written after the unpack',
      ]);
    } finally {
      await database.close();
    }
  });

  it('copies the template into each new data dir instead of running initdb', async () => {
    // initdb gives every cluster its own system identifier; copies of one template share it.
    const database = await createDatabase({ dataDir: path.join(folder, 'other'), pgliteTemplate: template });
    try {
      expect(await column(database, systemIdentifier)).toEqual([firstIdentifier]);
      expect(await column(database, sql`select to_regclass('template_probe')`)).toEqual([null]);
    } finally {
      await database.close();
    }
  });
});
