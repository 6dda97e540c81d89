import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { claimedProfiles, errorLogs, notifications, ratingScores, ratings } from '../src/schema';
import { createTestDatabase, type TestDatabase } from '../src/testing';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabaseServerUrl'));
});
afterAll(async () => {
  await database?.dispose();
});

async function insertRating() {
  const [rating] = await database.db
    .insert(ratings)
    .values({ name: 'Alex S.', relationshipType: 'casual', phoneNumber: '+14155550100' })
    .returning();
  if (!rating) throw new Error('no rating');
  return rating;
}

/** Drizzle wraps driver errors; the Postgres message is on the cause. */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ''}`;
  }
  throw new Error('expected the statement to fail');
}

describe('database constraints', () => {
  it('reject a score outside 1..10', async () => {
    const rating = await insertRating();
    expect(
      await failureOf(
        database.db.insert(ratingScores).values({ ratingId: rating.id, questionId: 1, score: 11 }),
      ),
    ).toMatch(/rating_scores_score_check/);
    expect(
      await failureOf(
        database.db.insert(ratingScores).values({ ratingId: rating.id, questionId: 1, score: 0 }),
      ),
    ).toMatch(/rating_scores_score_check/);
  });

  it('reject a second score for the same question of a rating', async () => {
    const rating = await insertRating();
    await database.db.insert(ratingScores).values({ ratingId: rating.id, questionId: 2, score: 5 });
    expect(
      await failureOf(
        database.db.insert(ratingScores).values({ ratingId: rating.id, questionId: 2, score: 6 }),
      ),
    ).toMatch(/duplicate key/);
  });

  it('reject a duplicate claimed profile phone', async () => {
    await database.db.insert(claimedProfiles).values({ phoneNumber: '+447700900123' });
    expect(
      await failureOf(database.db.insert(claimedProfiles).values({ phoneNumber: '+447700900123' })),
    ).toMatch(/claimed_profiles_phone_number_unique/);
  });

  it('reject an unknown relationship type, notification status and severity', async () => {
    expect(
      await failureOf(
        database.db
          .insert(ratings)
          .values({ name: 'A', relationshipType: 'married' as 'casual', phoneNumber: '+1' }),
      ),
    ).toMatch(/ratings_relationship_type_check/);
    const rating = await insertRating();
    expect(
      await failureOf(
        database.db
          .insert(notifications)
          .values({ ratingId: rating.id, message: 'x', status: 'lost' as 'sent' }),
      ),
    ).toMatch(/notifications_status_check/);
    expect(
      await failureOf(
        database.db.insert(errorLogs).values({ errorMessage: 'x', severity: 'fatal' as 'low' }),
      ),
    ).toMatch(/error_logs_severity_check/);
  });

  it('apply the product defaults: pending notifications, medium runtime errors, unverified profiles', async () => {
    const rating = await insertRating();
    const [notification] = await database.db
      .insert(notifications)
      .values({ ratingId: rating.id, message: 'hi' })
      .returning();
    expect(notification).toMatchObject({ status: 'pending', attempts: 0 });
    const [error] = await database.db.insert(errorLogs).values({ errorMessage: 'boom' }).returning();
    expect(error).toMatchObject({ severity: 'medium', errorType: 'runtime' });
    const [profile] = await database.db
      .insert(claimedProfiles)
      .values({ phoneNumber: '+61491570156' })
      .returning();
    expect(profile).toMatchObject({ isVerified: false, verifiedAt: null });
  });

  it('cascade a rating delete to its scores and notification', async () => {
    const rating = await insertRating();
    await database.db.insert(ratingScores).values({ ratingId: rating.id, questionId: 3, score: 7 });
    await database.db.insert(notifications).values({ ratingId: rating.id, message: 'hi' });
    await database.db.delete(ratings).where(eq(ratings.id, rating.id));
    expect(await database.db.select().from(ratingScores).where(eq(ratingScores.ratingId, rating.id))).toEqual(
      [],
    );
    expect(
      await database.db.select().from(notifications).where(eq(notifications.ratingId, rating.id)),
    ).toEqual([]);
  });
});
