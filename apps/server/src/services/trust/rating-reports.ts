import { findOpenReportOfVisibleRating, insertReportOfVisibleRating } from '@exrated/db/queries';
import type { ReportReason } from '@exrated/db/schema';
import { TRPCError } from '@trpc/server';
import type { Context } from '../../trpc/context';

export const REVIEW_NOT_FOUND = 'This review could not be found. It may have been removed.';

export interface ReportResult {
  reportId: string;
  status: 'open';
  reason: ReportReason;
  /** A report of this review was already waiting for moderation; that one stands. */
  alreadyReported: boolean;
}

/**
 * `profile.reportRating`: the rated person flags a review that breaks the terms (DESIGN.md section 5). Only
 * a review this session may read can be reported (its rating is of the session's proven phone and not
 * hidden; the procedure already required proof and the unlock). Anything else answers NOT_FOUND, the same
 * as an id that never existed, so the call cannot be used to learn that some rating exists. One report per
 * review stays open at a time: a second one answers with the open one.
 */
export async function reportRating(
  ctx: Context,
  params: { viewerPhone: string; ratingId: string; reason: ReportReason },
): Promise<ReportResult> {
  const filed = await insertReportOfVisibleRating(ctx.db, {
    ratingId: params.ratingId,
    reporterPhone: params.viewerPhone,
    reason: params.reason,
    createdAt: ctx.now(),
  });
  if (filed) {
    ctx.audit.log('rating_reported', { ratingId: params.ratingId, reportId: filed.id, reason: filed.reason });
    return { reportId: filed.id, status: 'open', reason: filed.reason, alreadyReported: false };
  }
  const open = await findOpenReportOfVisibleRating(ctx.db, {
    ratingId: params.ratingId,
    reporterPhone: params.viewerPhone,
  });
  if (!open) {
    ctx.audit.log('rating_report_refused', { ratingId: params.ratingId, reason: 'not_visible' });
    throw new TRPCError({ code: 'NOT_FOUND', message: REVIEW_NOT_FOUND });
  }
  ctx.audit.log('rating_reported', {
    ratingId: params.ratingId,
    reportId: open.id,
    reason: params.reason,
    alreadyOpen: true,
  });
  return { reportId: open.id, status: 'open', reason: open.reason, alreadyReported: true };
}
