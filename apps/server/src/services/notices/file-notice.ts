import {
  findOpenNoticeOfReporter,
  findRatingOfNotification,
  insertNotice,
  isRatingVisibleTo,
  type NewNotice,
} from '@exrated/db/queries';
import type { DeviceSession, NoticeReason } from '@exrated/db/schema';
import type { Context } from '../../context';
import { invalidRequest, notFound } from '../errors/domain-error';
import { networkKey } from '../limits/network-key';
import { enforceRateLimit } from '../limits/rate-limit-errors';
import { UUID_PATTERN } from '../notifications/notification-visit';
import { generateNoticeReference } from './notice-reference';

type DeviceContext = Context & { session: DeviceSession };

export const LINK_NOT_FOUND =
  'No rating was found at this link. Check the link, or describe what you are reporting instead.';
export const REVIEW_NOT_FOUND = 'This review could not be found. It may have been removed.';
export const DESCRIPTION_NEEDED = 'Please give the link to the rating, or describe what you are reporting.';
export const ONE_RATING_ONLY = 'Name the rating by its link or by the review, not both.';

export interface FileNoticeInput {
  /** The /r/{id} link's id: holding the texted link is enough to report its rating. */
  notificationId?: string | undefined;
  /** A rating the session's proven phone received (the Report on a received review). */
  ratingId?: string | undefined;
  reason: NoticeReason;
  /** Normalized and screened by the input schema; null when empty. */
  text?: string | null | undefined;
  contact?: string | undefined;
}

/**
 * Notices are capped per IP address, IPv6 by /64 (docs/security.md#codes: a limit that matters is keyed on
 * something an abuser pays for), whichever form they come from.
 */
async function enforceNoticeLimit(ctx: Context) {
  await enforceRateLimit(
    ctx.rateLimiter,
    `notice-file:ip:${networkKey(ctx.request.ipAddress)}`,
    { limit: ctx.config.limits.noticesPerIpPerHour, windowSeconds: 3600 },
    (wait) => `Too many reports from your network. Please try again ${wait}.`,
  );
}

function provenPhoneOf(session: DeviceSession): string | null {
  return session.phoneProvenAt ? session.phoneNumber : null;
}

async function recordNotice(ctx: DeviceContext, notice: Omit<NewNotice, 'reference' | 'createdAt'>) {
  const filed = await insertNotice(ctx.db, {
    ...notice,
    reference: generateNoticeReference(),
    createdAt: ctx.now(),
  });
  // The reference is logged so that support can find the notice; the texts stay in the notice only.
  ctx.audit.log('notice_filed', {
    reference: filed.reference,
    source: notice.source,
    reason: notice.reason,
    ratingId: notice.ratingId,
  });
  return filed;
}

/**
 * `notice.file` (DSA article 16, docs/trust-and-safety.md#notices): anyone may report content. The rating is
 * named by the texted /r/{id} link (whoever holds it got the text; no unlock needed), by a review the
 * session's proven phone received, or not at all (a description). The answer is only the reference: nothing
 * of the rating or its rater, and a link that names no rating answers the same whatever the reason.
 */
export async function fileNotice(ctx: DeviceContext, input: FileNoticeInput): Promise<{ reference: string }> {
  if (input.notificationId && input.ratingId) throw invalidRequest(ONE_RATING_ONLY);
  await enforceNoticeLimit(ctx);

  const reporter = { reporterPhone: provenPhoneOf(ctx.session), reporterSessionId: ctx.session.id };
  const common = {
    ...reporter,
    reason: input.reason,
    text: input.text ?? null,
    contact: input.contact ?? null,
  };
  if (input.notificationId) {
    const ratingId = UUID_PATTERN.test(input.notificationId)
      ? await findRatingOfNotification(ctx.db, input.notificationId)
      : null;
    if (!ratingId) {
      ctx.audit.log('notice_refused', { reason: 'unknown_link' });
      throw notFound(LINK_NOT_FOUND);
    }
    return {
      reference: (await recordNotice(ctx, { ...common, ratingId, source: 'notification_link' })).reference,
    };
  }
  if (input.ratingId) {
    const phone = reporter.reporterPhone;
    if (!phone || !(await isRatingVisibleTo(ctx.db, { ratingId: input.ratingId, phone, now: ctx.now() }))) {
      ctx.audit.log('notice_refused', { reason: 'not_visible' });
      throw notFound(REVIEW_NOT_FOUND);
    }
    const filed = await recordNotice(ctx, { ...common, ratingId: input.ratingId, source: 'received_review' });
    return { reference: filed.reference };
  }
  if (!input.text) throw invalidRequest(DESCRIPTION_NEEDED);
  return {
    reference: (await recordNotice(ctx, { ...common, ratingId: null, source: 'public_form' })).reference,
  };
}

export interface ReceivedReviewReport {
  reference: string;
  status: 'open';
  reason: NoticeReason;
  /** The reader's notice about this review was already waiting for a decision; that one stands. */
  alreadyReported: boolean;
}

/**
 * `profile.reportRating`: the Report on a received review files a notice of the same kind as notice.file.
 * Only a review this session may read can be reported (anything else answers NOT_FOUND, as an unknown id
 * does); while the reader's notice about it is open, a second Report answers with that one.
 */
export async function reportReceivedReview(
  ctx: DeviceContext,
  params: { viewerPhone: string; ratingId: string; reason: NoticeReason; text: string | null },
): Promise<ReceivedReviewReport> {
  const open = await findOpenNoticeOfReporter(ctx.db, {
    ratingId: params.ratingId,
    reporterPhone: params.viewerPhone,
  });
  if (
    open &&
    (await isRatingVisibleTo(ctx.db, {
      ratingId: params.ratingId,
      phone: params.viewerPhone,
      now: ctx.now(),
    }))
  ) {
    return { reference: open.reference, status: 'open', reason: open.reason, alreadyReported: true };
  }
  const { reference } = await fileNotice(ctx, {
    ratingId: params.ratingId,
    reason: params.reason,
    text: params.text,
  });
  return { reference, status: 'open', reason: params.reason, alreadyReported: false };
}
