import { findNoticeStatus } from '@exrated/db/queries';
import type { Context } from '../../context';
import { notFound } from '../errors/domain-error';
import { statementOfReasons } from '../moderation/decision-reasons';
import { normalizeNoticeReference } from './notice-reference';

export const NOTICE_NOT_FOUND = 'No report has this reference. Check it and try again.';

/**
 * `notice.status`, the public page /notices/{reference}: whoever holds the reference sees the notice's
 * reason, its dates and the decision with its statement of reasons. Never the rating, its texts or its
 * rater: the reference may have been passed on, and the reporter may not be the person the rating is about.
 */
export async function loadNoticeStatus(ctx: Context, reference: string) {
  const normalized = normalizeNoticeReference(reference);
  const notice = normalized ? await findNoticeStatus(ctx.db, normalized) : null;
  if (!notice) throw notFound(NOTICE_NOT_FOUND);
  const { outcome, decisionReason, note, decidedAt } = notice;
  return {
    reference: notice.reference,
    reason: notice.reason,
    source: notice.source,
    status: notice.status,
    filedAt: notice.filedAt,
    decision:
      outcome && decisionReason && decidedAt
        ? statementOfReasons({ outcome, reason: decisionReason, note: note ?? '', decidedAt })
        : null,
  };
}
