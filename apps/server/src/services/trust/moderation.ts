import { hideRating, listOpenReports, lockReportForDecision, resolveReport } from '@exrated/db/queries';
import type { ReportStatus } from '@exrated/db/schema';
import { TRPCError } from '@trpc/server';
import type { Context } from '../../trpc/context';
import { ratingAverage } from '../profile/rating-summary';
import { relationshipLabel } from '../profile/received-ratings';

/** Open reports shown at once; the page says how many more wait. */
export const REPORT_LIST_LIMIT = 100;

export type ModerationDecision = 'hide' | 'dismiss';

const OUTCOME: Record<ModerationDecision, { status: 'hidden' | 'dismissed'; action: string }> = {
  hide: { status: 'hidden', action: 'rating_hidden' },
  dismiss: { status: 'dismissed', action: 'report_dismissed' },
};

/** `admin.reports`: open reports, newest first, with the reported review as its reader sees it. */
export async function loadOpenReports(ctx: Context) {
  const { rows, total } = await listOpenReports(ctx.db, { limit: REPORT_LIST_LIMIT });
  return {
    reports: rows.map((report) => ({
      ...report,
      rating: {
        ...report.rating,
        relationshipLabel: relationshipLabel(report.rating.relationshipType),
        average: ratingAverage(report.rating),
      },
    })),
    total,
  };
}

export interface ModerationResult {
  reportId: string;
  status: ReportStatus;
  /** The report had been resolved before (by another administrator, or a repeated click): nothing changed. */
  alreadyResolved: boolean;
  message: string;
}

/**
 * `admin.moderateRating`: hide the reported rating (it is then neither shown nor counted) or dismiss the
 * report. The report row is locked for the decision, so two administrators deciding at once cannot both act:
 * the second one is told what the first decided. Every decision is logged.
 */
export async function moderateRating(
  ctx: Context,
  params: { reportId: string; decision: ModerationDecision },
): Promise<ModerationResult> {
  const outcome = OUTCOME[params.decision];
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const report = await lockReportForDecision(tx, params.reportId);
    if (!report) return null;
    if (report.status !== 'open') return { report, changed: false };
    if (params.decision === 'hide') await hideRating(tx, { id: report.ratingId, hiddenAt: now });
    await resolveReport(tx, { id: report.id, status: outcome.status, resolvedAt: now });
    return { report, changed: true };
  });
  if (!result) throw new TRPCError({ code: 'NOT_FOUND', message: 'This report could not be found.' });

  const { report, changed } = result;
  if (!changed) {
    ctx.audit.log('moderation_already_resolved', {
      reportId: report.id,
      ratingId: report.ratingId,
      decision: params.decision,
      status: report.status,
    });
    return {
      reportId: report.id,
      status: report.status,
      alreadyResolved: true,
      message:
        report.status === 'hidden'
          ? 'This report was already resolved: the review is hidden.'
          : 'This report was already resolved: it was dismissed.',
    };
  }
  ctx.audit.log(outcome.action, { reportId: report.id, ratingId: report.ratingId, reason: report.reason });
  return {
    reportId: report.id,
    status: outcome.status,
    alreadyResolved: false,
    message:
      outcome.status === 'hidden'
        ? 'The review is hidden. It no longer shows or counts in the score.'
        : 'The report is dismissed. The review stays visible.',
  };
}
