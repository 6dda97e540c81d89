import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import { type ReportReason, ratingReports, ratings } from '../schema';
import { scoresOfRating } from './received-ratings';

/**
 * Files a report on a rating the reporter may see, in one statement: the rating must be of `reporterPhone`
 * and not hidden, and no report of it may be open (the partial unique index). Returns null when nothing was
 * inserted, either because the rating is not visible to the reporter or because a report is already open;
 * `findOpenReportOfVisibleRating` tells the two apart.
 */
export async function insertReportOfVisibleRating(
  db: Executor,
  params: { ratingId: string; reporterPhone: string; reason: ReportReason; createdAt: Date },
) {
  // Insert-select takes every column, in the table's order.
  const visible = db
    .select({
      id: sql<string>`gen_random_uuid()`.as('id'),
      ratingId: ratings.id,
      reporterPhone: sql<string>`${params.reporterPhone}::text`.as('reporter_phone'),
      reason: sql<ReportReason>`${params.reason}::text`.as('reason'),
      status: sql<string>`'open'`.as('status'),
      createdAt: sql<Date>`${params.createdAt.toISOString()}::timestamptz`.as('created_at'),
      resolvedAt: sql<Date | null>`null::timestamptz`.as('resolved_at'),
    })
    .from(ratings)
    .where(
      and(
        eq(ratings.id, params.ratingId),
        eq(ratings.phoneNumber, params.reporterPhone),
        isNull(ratings.hiddenAt),
      ),
    );
  const [row] = await db
    .insert(ratingReports)
    .select(visible)
    .onConflictDoNothing({ target: ratingReports.ratingId, where: sql`status = 'open'` })
    .returning();
  return row ?? null;
}

/** The open report of a rating the reporter may see (same visibility rule as filing one), or null. */
export async function findOpenReportOfVisibleRating(
  db: Executor,
  params: { ratingId: string; reporterPhone: string },
) {
  const [row] = await db
    .select({ report: ratingReports })
    .from(ratingReports)
    .innerJoin(ratings, eq(ratings.id, ratingReports.ratingId))
    .where(
      and(
        eq(ratingReports.ratingId, params.ratingId),
        eq(ratingReports.status, 'open'),
        eq(ratings.phoneNumber, params.reporterPhone),
        isNull(ratings.hiddenAt),
      ),
    )
    .limit(1);
  return row?.report ?? null;
}

/**
 * Open reports for the moderators, newest first, each with the review as the rated person sees it (name,
 * texts, scores) and the rated phone. The rater is never selected: moderation judges the content only.
 */
export async function listOpenReports(db: Executor, params: { limit: number }) {
  const scores = scoresOfRating();
  const open = eq(ratingReports.status, 'open');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: ratingReports.id,
        reason: ratingReports.reason,
        reportedAt: ratingReports.createdAt,
        rating: {
          id: ratings.id,
          name: ratings.name,
          relationshipType: ratings.relationshipType,
          phoneNumber: ratings.phoneNumber,
          testimonial: ratings.testimonial,
          gratitude: ratings.gratitude,
          selfReflection: ratings.selfReflection,
          feedback: ratings.feedback,
          createdAt: ratings.createdAt,
          scores,
        },
      })
      .from(ratingReports)
      .innerJoin(ratings, eq(ratings.id, ratingReports.ratingId))
      .where(open)
      .orderBy(desc(ratingReports.createdAt), desc(ratingReports.id))
      .limit(params.limit),
    db.select({ count: count() }).from(ratingReports).where(open),
  ]);
  return { rows, total: total?.count ?? 0 };
}

/** Locks one report (and reads its rating's phone) for a moderation decision; null when unknown. */
export async function lockReportForDecision(db: Executor, reportId: string) {
  const [row] = await db
    .select({
      id: ratingReports.id,
      ratingId: ratingReports.ratingId,
      reason: ratingReports.reason,
      status: ratingReports.status,
      resolvedAt: ratingReports.resolvedAt,
    })
    .from(ratingReports)
    .where(eq(ratingReports.id, reportId))
    .for('update');
  return row ?? null;
}

/** Closes an open report with the moderators' decision. */
export async function resolveReport(
  db: Executor,
  params: { id: string; status: 'hidden' | 'dismissed'; resolvedAt: Date },
) {
  await db
    .update(ratingReports)
    .set({ status: params.status, resolvedAt: params.resolvedAt })
    .where(and(eq(ratingReports.id, params.id), eq(ratingReports.status, 'open')));
}

/** Hides a rating: from then on it is neither shown to the rated person nor counted in their score. */
export async function hideRating(db: Executor, params: { id: string; hiddenAt: Date }) {
  await db
    .update(ratings)
    .set({ hiddenAt: params.hiddenAt })
    .where(and(eq(ratings.id, params.id), isNull(ratings.hiddenAt)));
}
