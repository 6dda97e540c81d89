import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import { ratingScores, ratings } from '../schema';

export type NewRating = typeof ratings.$inferInsert;

/**
 * DESIGN.md section 2: ratings given = ratings created by the proven phone, plus this device's ratings that
 * no phone has claimed yet.
 */
export async function countRatingsGiven(
  db: Executor,
  params: { deviceSessionId: string; provenPhone: string | null },
) {
  const byThisDevice = and(
    eq(ratings.deviceSessionId, params.deviceSessionId),
    isNull(ratings.createdByPhone),
  );
  const [row] = await db
    .select({ value: count() })
    .from(ratings)
    .where(
      params.provenPhone ? or(eq(ratings.createdByPhone, params.provenPhone), byThisDevice) : byThisDevice,
    );
  return row?.value ?? 0;
}

/** Inserts one rating and returns it, or null when the database returned no row. */
export async function insertRating(db: Executor, values: NewRating) {
  const [row] = await db.insert(ratings).values(values).returning();
  return row ?? null;
}

/** The five scores of a rating, in one multi-row insert. */
export async function insertRatingScores(
  db: Executor,
  params: { ratingId: string; scores: ReadonlyArray<{ questionId: number; score: number }> },
) {
  await db
    .insert(ratingScores)
    .values(params.scores.map((entry) => ({ ratingId: params.ratingId, ...entry })));
}

/**
 * Serializes ratings of one recipient until the transaction ends, so two parallel submissions by the same
 * rater cannot both pass the same-phone check below.
 */
export async function lockRatingsOfPhone(db: Executor, phoneNumber: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rating:${phoneNumber}`}, 0))`);
}

/**
 * When this rater (the device session, or the proven phone it acts for) last rated `phoneNumber` since
 * `since`; null when it did not. Hidden ratings count too: moderation does not reset the abuse limit.
 */
export async function findLatestRatingOfPhoneByRater(
  db: Executor,
  params: { phoneNumber: string; deviceSessionId: string; raterPhone: string | null; since: Date },
) {
  const byDevice = eq(ratings.deviceSessionId, params.deviceSessionId);
  const [row] = await db
    .select({ createdAt: ratings.createdAt })
    .from(ratings)
    .where(
      and(
        eq(ratings.phoneNumber, params.phoneNumber),
        gt(ratings.createdAt, params.since),
        params.raterPhone ? or(byDevice, eq(ratings.createdByPhone, params.raterPhone)) : byDevice,
      ),
    )
    .orderBy(desc(ratings.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}
