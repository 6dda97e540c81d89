import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../src/database';
import { countAdminTotals, listAdminProfiles } from '../src/queries';
import { claimedProfiles, profileCounts } from '../src/schema';
import { createTestDatabase, type TestDatabase } from '../src/testing';

const serverUrl = inject('testDatabaseServerUrl');

/** The kept counts against a real count of the table. */
async function keptAndCounted(db: Database) {
  const [kept] = await db
    .select({ total: profileCounts.total, verified: profileCounts.verified })
    .from(profileCounts);
  const [counted] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      verified: sql<number>`count(*) filter (where ${claimedProfiles.isVerified})`.mapWith(Number),
    })
    .from(claimedProfiles);
  return { kept, counted };
}

const phones = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `+1415555${String(from + i).padStart(4, '0')}`);

// Postgres always; PGlite (the embedded default) too, since the triggers are PL/pgSQL with transition tables.
describe.each([
  ['Postgres', serverUrl],
  ['PGlite', null],
] as const)('profile counts kept by triggers on %s', (_kind, url) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(url);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it('follow inserts, upserts, verification changes and deletes, and serve the admin totals', async () => {
    const { db } = database;
    const expectCountsRight = async () => {
      const { kept, counted } = await keptAndCounted(db);
      expect(kept).toEqual(counted);
      return counted;
    };
    expect(await expectCountsRight()).toEqual({ total: 0, verified: 0 });

    // Several rows in one statement, some verified.
    await db
      .insert(claimedProfiles)
      .values(phones(1, 5).map((phoneNumber, i) => ({ phoneNumber, isVerified: i < 2 })));
    expect(await expectCountsRight()).toEqual({ total: 5, verified: 2 });

    // An upsert that inserts one row and one that updates an existing one (the verification path).
    await db
      .insert(claimedProfiles)
      .values({ phoneNumber: phones(10, 1)[0] as string, isVerified: true })
      .onConflictDoUpdate({ target: claimedProfiles.phoneNumber, set: { isVerified: true } });
    await db
      .insert(claimedProfiles)
      .values({ phoneNumber: phones(3, 1)[0] as string, isVerified: true })
      .onConflictDoUpdate({ target: claimedProfiles.phoneNumber, set: { isVerified: true } });
    // A conflict that does nothing changes nothing.
    await db
      .insert(claimedProfiles)
      .values({ phoneNumber: phones(4, 1)[0] as string })
      .onConflictDoNothing();
    expect(await expectCountsRight()).toEqual({ total: 6, verified: 4 });

    await db
      .update(claimedProfiles)
      .set({ isVerified: false })
      .where(inArray(claimedProfiles.phoneNumber, phones(1, 2)));
    await db
      .update(claimedProfiles)
      .set({ name: 'Sam' })
      .where(eq(claimedProfiles.phoneNumber, phones(5, 1)[0] as string));
    expect(await expectCountsRight()).toEqual({ total: 6, verified: 2 });

    await db
      .delete(claimedProfiles)
      .where(inArray(claimedProfiles.phoneNumber, [...phones(3, 1), ...phones(5, 1)]));
    expect(await expectCountsRight()).toEqual({ total: 4, verified: 1 });

    const totals = await countAdminTotals(db);
    expect({ profiles: totals.profiles, verified: totals.verifiedProfiles }).toEqual({
      profiles: 4,
      verified: 1,
    });
    const page = (filter: 'all' | 'verified' | 'unverified', search?: string) =>
      listAdminProfiles(db, { filter, search, limit: 2, offset: 0 });
    expect((await page('all')).total).toBe(4);
    expect((await page('verified')).total).toBe(1);
    expect((await page('unverified')).total).toBe(3);
    // A search still counts its own matches.
    expect((await page('all', '55550004')).total).toBe(1);
  });
});
