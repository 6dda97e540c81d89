import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, MIGRATIONS_FOLDER } from '../src/database';
import { moderationDecisions, notices } from '../src/schema';
import { createTestDatabase, type TestDatabase } from '../src/testing';

const serverUrl = inject('testDatabaseServerUrl');

/** The migrations folder as it was before `tag`: the same files, the journal cut there. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'exrated-migrations-'));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  if (cut < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

describe.skipIf(!serverUrl)('migration 0007: reports become notices', () => {
  let database: TestDatabase;
  let folder: string;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl, { migrate: false });
    folder = await migrationsBefore('0007_notices_from_reports');
  });
  afterAll(async () => {
    await database?.dispose();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('keeps every report as a notice of the same kind, and a resolved one with its decision', async () => {
    if (!database.url) throw new Error('expected a Postgres test database');
    const before = await createDatabase({ url: database.url, migrationsFolder: folder });
    await before.close();
    const { db } = database;
    await db.execute(sql`insert into ratings (id, name, relationship_type, phone_number, created_at)
      values ('11111111-1111-4111-8111-111111111111', 'Alex S.', 'casual', '+14155550100', now()),
             ('22222222-2222-4222-8222-222222222222', 'Sam', 'casual', '+14155550100', now())`);
    await db.execute(sql`insert into rating_reports (id, rating_id, reporter_phone, reason, status, created_at, resolved_at)
      values
        ('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', '11111111-1111-4111-8111-111111111111', '+14155550100', 'threats', 'hidden', '2026-11-01T10:00:00Z', '2026-11-01T12:00:00Z'),
        ('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', '22222222-2222-4222-8222-222222222222', '+14155550100', 'contact_info', 'dismissed', '2026-11-02T10:00:00Z', '2026-11-03T10:00:00Z'),
        ('cccccccc-cccc-4ccc-8ccc-cccccccccccc', '22222222-2222-4222-8222-222222222222', '+14155550100', 'false_or_harassing', 'open', '2026-11-04T10:00:00Z', null)`);

    const after = await createDatabase({ url: database.url, migrationsFolder: MIGRATIONS_FOLDER });
    await after.close();

    const rows = await db.select().from(notices).orderBy(asc(notices.createdAt));
    expect(
      rows.map(({ id, ratingId, source, reason, reporterPhone, status, decisionId }) => ({
        id,
        ratingId,
        source,
        reason,
        reporterPhone,
        status,
        decisionId,
      })),
    ).toEqual([
      {
        id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
        ratingId: '11111111-1111-4111-8111-111111111111',
        source: 'received_review',
        reason: 'harassment',
        reporterPhone: '+14155550100',
        status: 'decided',
        decisionId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
      },
      {
        id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
        ratingId: '22222222-2222-4222-8222-222222222222',
        source: 'received_review',
        reason: 'private_information',
        reporterPhone: '+14155550100',
        status: 'decided',
        decisionId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
      },
      {
        id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
        ratingId: '22222222-2222-4222-8222-222222222222',
        source: 'received_review',
        reason: 'false_claims',
        reporterPhone: '+14155550100',
        status: 'open',
        decisionId: null,
      },
    ]);
    const references = rows.map((row) => row.reference);
    expect(new Set(references).size).toBe(3);
    for (const reference of references) expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);

    const decisions = await db.select().from(moderationDecisions).orderBy(asc(moderationDecisions.queuedAt));
    expect(
      decisions.map(({ outcome, reason, kind, trigger }) => ({ outcome, reason, kind, trigger })),
    ).toEqual([
      { outcome: 'hide', reason: 'threats', kind: 'notice', trigger: 'harassment' },
      { outcome: 'keep', reason: 'within_terms', kind: 'notice', trigger: 'private_information' },
    ]);
    expect(decisions[0]?.decidedAt.toISOString()).toBe('2026-11-01T12:00:00.000Z');
  });
});
