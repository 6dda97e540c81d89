import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../database';
import { type NoticeReason, type NoticeSource, notices, notifications, ratings } from '../schema';
import {
  type Closing,
  closeAnswered,
  hasPileOnSibling,
  ratingForReview,
  selectFilingsWithDecision,
} from './moderation';
import { totalMatching } from './paging';
import { standingRating } from './received-ratings';

export interface NewNotice {
  reference: string;
  ratingId: string | null;
  source: NoticeSource;
  reason: NoticeReason;
  text: string | null;
  contact: string | null;
  reporterPhone: string | null;
  reporterSessionId: string | null;
  createdAt: Date;
}

export async function insertNotice(db: Executor, notice: NewNotice) {
  const [row] = await db
    .insert(notices)
    .values(notice)
    .returning({ id: notices.id, reference: notices.reference });
  if (!row) throw new Error('notice insert returned no row');
  return row;
}

/** The rating a texted /r/{id} link is about, or null for an unknown id. */
export async function findRatingOfNotification(db: Executor, notificationId: string) {
  const [row] = await db
    .select({ ratingId: notifications.ratingId })
    .from(notifications)
    .where(eq(notifications.id, notificationId))
    .limit(1);
  return row?.ratingId ?? null;
}

/**
 * Whether `phone` may read the rating: it is of that phone, neither hidden nor held (the same rule as the
 * received ratings list). The unlock is checked by the procedure.
 */
export async function isRatingVisibleTo(
  db: Executor,
  params: { ratingId: string; phone: string; now: Date },
) {
  const [row] = await db
    .select({ id: ratings.id })
    .from(ratings)
    .where(
      and(eq(ratings.id, params.ratingId), eq(ratings.phoneNumber, params.phone), standingRating(params.now)),
    )
    .limit(1);
  return row !== undefined;
}

/** The reporter's open notice about a rating, if any: a received review's Report is filed once while open. */
export async function findOpenNoticeOfReporter(
  db: Executor,
  params: { ratingId: string; reporterPhone: string },
) {
  const [row] = await db
    .select({ id: notices.id, reference: notices.reference, reason: notices.reason })
    .from(notices)
    .where(
      and(
        eq(notices.ratingId, params.ratingId),
        eq(notices.reporterPhone, params.reporterPhone),
        eq(notices.status, 'open'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * What the public status page shows of a notice: its reason, dates and the decision with its reasons. Nothing
 * of the rating, its rater or its texts is selected: whoever holds the reference may read this.
 */
export async function findNoticeStatus(db: Executor, reference: string) {
  const [row] = await selectFilingsWithDecision(db, notices, {
    reference: notices.reference,
    reason: notices.reason,
    source: notices.source,
  })
    .where(eq(notices.reference, reference))
    .limit(1);
  return row ?? null;
}

/** Open notices for the queue, oldest first, each with the rating it names as its reader sees it. */
export async function listOpenNotices(
  db: Executor,
  params: {
    limit: number;
    reason?: NoticeReason | undefined;
    reference?: string | undefined;
    /** Only the notices that have a pile-on sibling within this window (`hasPileOnSibling`). */
    pileOnWindowMs?: number | undefined;
  },
) {
  return db
    .select({
      id: notices.id,
      queuedAt: notices.createdAt,
      reference: notices.reference,
      reason: notices.reason,
      source: notices.source,
      text: notices.text,
      contact: notices.contact,
      rating: ratingForReview(),
      total: totalMatching(),
    })
    .from(notices)
    .leftJoin(ratings, eq(ratings.id, notices.ratingId))
    .where(
      and(
        eq(notices.status, 'open'),
        params.reason === undefined ? undefined : eq(notices.reason, params.reason),
        params.reference === undefined ? undefined : eq(notices.reference, params.reference),
        params.pileOnWindowMs === undefined ? undefined : hasPileOnSibling('notice', params.pileOnWindowMs),
      ),
    )
    .orderBy(asc(notices.createdAt), asc(notices.id))
    .limit(params.limit);
}

/** Locks an open notice for a decision; null when unknown. */
export async function lockNotice(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: notices.id,
      ratingId: notices.ratingId,
      reason: notices.reason,
      status: notices.status,
      createdAt: notices.createdAt,
      decisionId: notices.decisionId,
    })
    .from(notices)
    .where(eq(notices.id, id))
    .for('update');
  return row ?? null;
}

/**
 * Closes the open notices a decision answers: the one decided, and every other open notice of the same rating
 * (each reporter sees the outcome on their status page).
 */
export async function closeNotices(db: Executor, params: Closing & { noticeId: string | null }) {
  await closeAnswered(db, notices, params.noticeId, params);
}
