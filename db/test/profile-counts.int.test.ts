import { eq, inArray, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../src/database';
import { countAdminTotals, listAdminProfiles } from '../src/queries';
import { claimedProfiles, profileCounts } from '../src/schema';
import { describeOnBothDrivers, useTestDatabase } from './test-database';

const serverUrl = inject('testDatabaseServerUrl');

/** The kept counts against a real count of the table. */
async function keptAndCounted(db: Database) {
  const [kept] = await db
    .select({
      total: sql<number>`sum(${profileCounts.total})`.mapWith(Number),
      verified: sql<number>`sum(${profileCounts.verified})`.mapWith(Number),
    })
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
describeOnBothDrivers('profile counts kept by triggers on %s', (database) => {
  it('follow inserts, upserts, verification changes and deletes, and serve the admin totals', async () => {
    const { db } = database();
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

describe('profile counts under concurrent writes (Postgres)', () => {
  const database = useTestDatabase(serverUrl);
  let client: postgres.Sql;
  beforeAll(async () => {
    client = postgres(database().url as string, { max: 6, onnotice: () => {} });
  });
  // Runs before the database's own afterAll (after-hooks run last-registered first), which drops it.
  afterAll(async () => {
    await client?.end({ timeout: 5 });
  });

  /** Two connections of their own whose writes land on different rows of profile_counts. */
  async function twoConnectionsOnDifferentRows() {
    const reserved = await Promise.all(Array.from({ length: 4 }, () => client.reserve()));
    const slots = await Promise.all(
      reserved.map(async (connection) => {
        const [row] = await connection`select 1 + pg_backend_pid() % 16 as slot`;
        return Number(row?.slot);
      }),
    );
    const first = 0;
    const second = slots.findIndex((slot) => slot !== slots[first]);
    for (const [index, connection] of reserved.entries()) {
      if (index !== first && index !== second) connection.release();
    }
    return [reserved[first], reserved[second]] as [postgres.ReservedSql, postgres.ReservedSql];
  }

  it('lets two transactions create and verify profiles without waiting for each other to commit', async () => {
    const [a, b] = await twoConnectionsOnDifferentRows();
    try {
      await a`begin`;
      await a`insert into claimed_profiles (phone_number, is_verified) values ('+14155550201', false)`;
      await a`update claimed_profiles set is_verified = true where phone_number = '+14155550201'`;
      // With one counter row, b queued behind a's lock until a committed; lock_timeout turns a wait into an error.
      await b`set lock_timeout = '2s'`;
      await b`insert into claimed_profiles (phone_number, is_verified) values ('+14155550202', true)`;
      await a`commit`;
    } finally {
      a.release();
      b.release();
    }
    const { kept, counted } = await keptAndCounted(database().db);
    expect(kept).toEqual(counted);
    expect(counted).toEqual({ total: 2, verified: 2 });
  });

  it('writes no counter row for a statement that changes no count', async () => {
    const [a, b] = await twoConnectionsOnDifferentRows();
    try {
      await a`begin`;
      // A code sent to a number that has a profile: the upsert touches the row, the counts stay.
      await a`insert into claimed_profiles (phone_number, is_verified) values ('+14155550201', false)
        on conflict (phone_number) do update set is_verified = claimed_profiles.is_verified`;
      const locked = await b`select id from profile_counts for update skip locked`;
      expect(locked).toHaveLength(16);
      await a`commit`;
    } finally {
      a.release();
      b.release();
    }
  });

  it('stays exact under many concurrent writers', async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        client.begin(async (tx) => {
          const phone = `+1415556${String(i).padStart(4, '0')}`;
          await tx`insert into claimed_profiles (phone_number, is_verified) values (${phone}, false)`;
          if (i % 2 === 0) {
            await tx`update claimed_profiles set is_verified = true where phone_number = ${phone}`;
          }
          if (i % 5 === 0) await tx`delete from claimed_profiles where phone_number = ${phone}`;
        }),
      ),
    );
    const { kept, counted } = await keptAndCounted(database().db);
    expect(kept).toEqual(counted);
    expect(counted).toEqual({ total: 34, verified: 18 });
  });
});
