import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, MIGRATIONS_FOLDER } from '../src/database';
import { createTestDatabase, type TestDatabase } from '../src/testing';
import { describeSchema } from './schema-shape';

const serverUrl = inject('testDatabaseServerUrl');

describe('migrations on Postgres and PGlite', () => {
  let postgresDb: TestDatabase;
  let pgliteDb: TestDatabase;

  beforeAll(async () => {
    [postgresDb, pgliteDb] = await Promise.all([createTestDatabase(serverUrl), createTestDatabase(null)]);
  });
  afterAll(async () => {
    await Promise.all([postgresDb?.dispose(), pgliteDb?.dispose()]);
  });

  it('produce the same tables, columns, constraints and indexes', async () => {
    const [onPostgres, onPglite] = await Promise.all([
      describeSchema(postgresDb.db),
      describeSchema(pgliteDb.db),
    ]);
    expect(onPostgres.columns.length).toBeGreaterThan(60);
    expect(onPglite.columns).toEqual(onPostgres.columns);
    expect(onPglite.constraints).toEqual(onPostgres.constraints);
    expect(onPglite.indexes).toEqual(onPostgres.indexes);
  });

  it('create every table of the data model', async () => {
    const tables = new Set((await describeSchema(postgresDb.db)).columns.map((column) => column.table_name));
    expect([...tables].sort()).toEqual([
      'admin_sessions',
      'app_settings',
      'claimed_profiles',
      'device_sessions',
      'do_not_rate_lifts',
      'do_not_rate_numbers',
      'erased_account_records',
      'error_logs',
      'logs',
      'moderation_decisions',
      'notices',
      'notifications',
      'profile_counts',
      'rating_appeals',
      'rating_scores',
      'ratings',
      'sms_messages',
      'sms_opt_outs',
      'sms_webhook_events',
      'staff_accounts',
      'staff_enrolments',
      'staff_passkey_challenges',
      'staff_passkeys',
    ]);
  });

  it('apply idempotently: running them again changes nothing', async () => {
    if (!postgresDb.url) throw new Error('expected a Postgres test database');
    const before = await describeSchema(postgresDb.db);
    const again = await createDatabase({ url: postgresDb.url, migrationsFolder: MIGRATIONS_FOLDER });
    await again.close();
    expect(await describeSchema(postgresDb.db)).toEqual(before);
  });

  it('apply from two processes at once without failing (advisory lock)', async () => {
    const fresh = await createTestDatabase(serverUrl, { migrate: false });
    try {
      if (!fresh.url) throw new Error('expected a Postgres test database');
      const url = fresh.url;
      const handles = await Promise.all([createDatabase({ url }), createDatabase({ url })]);
      await Promise.all(handles.map((handle) => handle.close()));
      expect((await describeSchema(fresh.db)).columns.length).toBeGreaterThan(60);
    } finally {
      await fresh.dispose();
    }
  });
});
