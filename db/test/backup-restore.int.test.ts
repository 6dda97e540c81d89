import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupPglite, backupPostgres, restorePglite, restorePostgres } from '../src/backup';
import { createDatabase, createPgliteTemplate, type Database } from '../src/database';
import {
  claimedProfiles,
  deviceSessions,
  errorLogs,
  logs,
  notifications,
  ratingScores,
  ratings,
  smsOptOuts,
} from '../src/schema';
import { createTestDatabase, type TestDatabase } from '../src/testing';
import { rows } from './schema-shape';

/**
 * The restore drill: seed a database, back it up with `pnpm db:backup`'s functions, restore the
 * backup into a fresh one, and compare every table (the app's and drizzle's migration journal): its row
 * count and a checksum of all its rows.
 */
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'exrated-backup-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function seed(db: Database) {
  const [session] = await db
    .insert(deviceSessions)
    .values({
      tokenHash: 'drill-token',
      phoneNumber: '+14155550101',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: deviceSessions.id });
  await db.insert(claimedProfiles).values([
    { phoneNumber: '+14155550101', name: 'Alex S.', isVerified: true, verifiedAt: new Date() },
    { phoneNumber: '+447400123456', name: 'Zoë', isVerified: false },
  ]);
  for (const [index, phoneNumber] of ['+14155550102', '+14155550103', '+14155550104'].entries()) {
    const [rating] = await db
      .insert(ratings)
      .values({
        name: 'Sam K.',
        relationshipType: 'serious',
        phoneNumber,
        createdByPhone: '+14155550101',
        deviceSessionId: session?.id,
        testimonial: `Drill ${index}: kind, funny, "quoted", and ünïcode.`,
      })
      .returning({ id: ratings.id });
    const ratingId = rating?.id ?? '';
    await db
      .insert(ratingScores)
      .values([1, 2, 3, 4, 5].map((questionId) => ({ ratingId, questionId, score: questionId + index })));
    await db
      .insert(notifications)
      .values({ ratingId, message: `Rated ${index}`, status: index === 0 ? 'pending' : 'sent' });
  }
  await db.insert(smsOptOuts).values({ phoneNumber: '+14155550199', source: 'link' });
  await db
    .insert(logs)
    .values({ action: 'rating_created', phoneNumber: '+14155550101', details: { drill: true } });
  await db
    .insert(errorLogs)
    .values({ errorMessage: 'drill', severity: 'low', details: { nested: { n: 1 } } });
}

/** Every table of the app and of the migration journal: its row count and an md5 of all its rows. */
async function fingerprint(db: Database) {
  const tables = await db.execute(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`);
  const result: Record<string, { rows: number; checksum: string }> = {};
  for (const { schema, name } of rows(tables)) {
    const table = sql.raw(`"${String(schema)}"."${String(name)}"`);
    const [row] = rows(
      await db.execute(sql`
        select count(*)::int as rows, coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as checksum
        from ${table} t`),
    );
    result[`${String(schema)}.${String(name)}`] = {
      rows: Number(row?.rows),
      checksum: String(row?.checksum),
    };
  }
  return result;
}

const pgDumpInstalled = spawnSync('pg_dump', ['--version'], { stdio: 'ignore' }).status === 0;
if (!pgDumpInstalled) {
  process.stdout.write(
    '[tests] Postgres restore drill: skipped, needs pg_dump and pg_restore (Debian package postgresql-client).\n',
  );
}

describe.runIf(pgDumpInstalled)('the restore drill on Postgres (pg_dump custom format)', () => {
  let source: TestDatabase;
  let fresh: TestDatabase;
  afterAll(async () => {
    await Promise.all([source?.dispose(), fresh?.dispose()]);
  });

  it('restores every row of every table into a fresh database', async () => {
    source = await createTestDatabase(inject('testDatabaseServerUrl'));
    await seed(source.db);
    const file = path.join(folder, 'drill.dump');
    await backupPostgres(source.url ?? '', file);

    fresh = await createTestDatabase(inject('testDatabaseServerUrl'), { migrate: false });
    await restorePostgres(fresh.url ?? '', file);
    const [before, after] = await Promise.all([fingerprint(source.db), fingerprint(fresh.db)]);
    expect(Object.keys(before)).toContain('public.ratings');
    expect(Object.keys(before)).toContain('drizzle.__drizzle_migrations');
    expect(before['public.rating_scores']?.rows).toBe(15);
    expect(after).toEqual(before);

    // Restoring again over a database that has the data already (the runbook's case) changes nothing.
    await restorePostgres(fresh.url ?? '', file);
    expect(await fingerprint(fresh.db)).toEqual(before);
  });
});

describe('the restore drill on the embedded database (PGlite folder)', () => {
  it('restores every row of every table into a fresh folder and keeps the replaced one aside', async () => {
    // Started from a migrated template, as the built server's first start does: initdb in WASM takes seconds.
    const template = path.join(folder, 'template.tar.gz');
    await writeFile(template, await createPgliteTemplate());
    const sourceDir = path.join(folder, 'source');
    const source = await createDatabase({ dataDir: sourceDir, pgliteTemplate: template });
    await seed(source.db);
    const before = await fingerprint(source.db);
    await source.close();
    const file = path.join(folder, 'drill.pglite.tar.gz');
    await backupPglite(sourceDir, file);

    const freshDir = path.join(folder, 'fresh');
    expect(await restorePglite(file, freshDir)).toBeNull();
    const fresh = await createDatabase({ dataDir: freshDir, migrate: false });
    try {
      expect(before['public.rating_scores']?.rows).toBe(15);
      expect(await fingerprint(fresh.db)).toEqual(before);
    } finally {
      await fresh.close();
    }
    // Over an existing folder: the folder it replaces is kept, not deleted.
    const keptAside = await restorePglite(file, freshDir);
    expect(keptAside).toMatch(/fresh\.before-restore-/);
    // PGlite's initdb (WASM) takes 3 s on a quiet machine and far longer on a busy one.
  }, 120_000);
});
