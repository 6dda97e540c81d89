import { beforeAll, expect, it } from 'vitest';
import {
  adminProfilesPageQuery,
  listAdminProfiles,
  listReceivedRatings,
  receivedRatingsQuery,
} from '../src/queries';
import { claimedProfiles, ratingScores, ratings } from '../src/schema';
import { TimestampDate } from '../src/timestamp-date';
import { describeOnBothDrivers } from './test-database';

const RATED = '+14155559000';

/**
 * The hot reads' prepared statements decode rows with decoders found once (row-decoding.ts). What they return
 * must be what Drizzle's own mapping returns for the same statement, on both drivers.
 */
describeOnBothDrivers('rows decoded once per statement on %s', (database) => {
  beforeAll(async () => {
    const { db } = database();
    await db.insert(claimedProfiles).values(
      Array.from({ length: 12 }, (_, i) => ({
        phoneNumber: `+1415555${String(9100 + i)}`,
        name: i % 3 === 0 ? null : `Person ${i}`,
        isVerified: i % 2 === 0,
        // Whole seconds and milliseconds; created_at's now() brings microseconds: each way Postgres writes a fraction.
        verifiedAt: i % 2 === 0 ? new Date(Date.UTC(2026, 10, 1 + i, 8, 30, i, i * 7)) : null,
      })),
    );
    const given = await db
      .insert(ratings)
      .values(
        Array.from({ length: 5 }, (_, i) => ({
          name: `Ex ${i}`,
          relationshipType: 'casual' as const,
          phoneNumber: RATED,
          createdByPhone: `+1415555${String(9100 + i)}`,
          testimonial: i === 0 ? null : `Said ${i}`,
        })),
      )
      .returning({ id: ratings.id });
    await db.insert(ratingScores).values(
      given.flatMap(({ id }, i) =>
        [1, 2, 3, 4, 5].map((questionId) => ({
          ratingId: id,
          questionId,
          score: 1 + ((i + questionId) % 10),
        })),
      ),
    );
  });

  it('gives the admin profiles page Drizzle would, its timestamps as TimestampDates', async () => {
    const { db } = database();
    const mappedByDrizzle = await adminProfilesPageQuery(db, 'all', { limit: 50, offset: 0 });
    const { rows, total } = await listAdminProfiles(db, { filter: 'all', limit: 50, offset: 0 });
    expect(total).toBe(12);
    expect(rows).toEqual(mappedByDrizzle.map(({ row }) => row));
    expect(JSON.stringify(rows)).toBe(JSON.stringify(mappedByDrizzle.map(({ row }) => row)));
    const verified = rows.filter((row) => row.verifiedAt !== null);
    expect(verified).toHaveLength(6);
    for (const row of rows) {
      expect(row.createdAt).toBeInstanceOf(TimestampDate);
      if (row.verifiedAt) expect(row.verifiedAt).toBeInstanceOf(TimestampDate);
    }
  });

  it('gives the ratings a phone received as Drizzle would, scores and nulls included', async () => {
    const { db } = database();
    const mappedByDrizzle = await receivedRatingsQuery(db, RATED, new Date());
    const decoded = await listReceivedRatings(db, { phone: RATED, now: new Date() });
    expect(decoded).toHaveLength(5);
    expect(decoded).toEqual(mappedByDrizzle);
    expect(JSON.stringify(decoded)).toBe(JSON.stringify(mappedByDrizzle));
    expect(decoded.find((rating) => rating.name === 'Ex 0')).toMatchObject({
      testimonial: null,
      reportStatus: null,
    });
    expect(decoded[0]?.scores).toHaveLength(5);
    for (const rating of decoded) expect(rating.releaseAt).toBeInstanceOf(Date);
  });
});
