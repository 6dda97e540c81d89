import { listHeldRatingsForReview, listOpenAppeals, listOpenNotices } from '@exrated/db/queries';
import type { NoticeReason, NoticeSource, QueueItemKind } from '@exrated/db/schema';
import type { Context } from '../../context';
import { type HeldScreening, heldScreening, heldScreeningLabel } from '../content/held-screening';
import { ratingAverage } from '../profile/rating-summary';
import { relationshipLabel } from '../profile/received-ratings';
import { DECISION_REASON_OPTIONS, heldRuleLabel } from './decision-reasons';

/** Queue items shown at once; the page says how many more wait. */
export const QUEUE_PAGE_SIZE = 100;

type ReviewRow = Awaited<ReturnType<typeof listOpenNotices>>[number]['rating'];

/** A rating as the administrator judges it, or null once it is gone (a left join found nothing). */
function review(rating: ReviewRow) {
  if (!rating?.id) return null;
  return {
    ...rating,
    relationshipLabel: relationshipLabel(rating.relationshipType),
    average: ratingAverage(rating),
  };
}

export interface QueueItem {
  kind: QueueItemKind;
  /** The notice's, appeal's or held rating's id: what admin.decide takes. */
  id: string;
  queuedAt: Date;
  waitedSeconds: number;
  /** Why it is in the queue: the held rating's rule, the notice's reason, or the appeal. */
  trigger: string;
  triggerLabel: string | null;
  rating: ReturnType<typeof review>;
  /** A screening hold's rule, its urgency and the words it matched (docs/screening.md); null otherwise. */
  screening: HeldScreening | null;
  notice: {
    reference: string;
    reason: NoticeReason;
    source: NoticeSource;
    text: string | null;
    contact: string | null;
  } | null;
  appeal: { text: string | null } | null;
}

/**
 * `admin.queue` (DESIGN.md section 5): held ratings, notices and appeals in one list, oldest first, each
 * with how long it has waited and the rule or reason behind it. The rater is never part of an item.
 */
export async function loadQueue(ctx: Context) {
  const limit = { limit: QUEUE_PAGE_SIZE };
  const [held, notices, appeals] = await Promise.all([
    listHeldRatingsForReview(ctx.db, limit),
    listOpenNotices(ctx.db, limit),
    listOpenAppeals(ctx.db, limit),
  ]);
  const now = ctx.now().getTime();
  const waited = (queuedAt: Date) => Math.max(0, Math.round((now - queuedAt.getTime()) / 1000));
  const items: QueueItem[] = [
    ...held.map((row) => {
      const screening = heldScreening(row.rating.heldReason, row.rating);
      return {
        kind: 'held_rating' as const,
        id: row.id,
        queuedAt: row.queuedAt,
        waitedSeconds: waited(row.queuedAt),
        trigger: row.rating.heldReason ?? '',
        triggerLabel: heldScreeningLabel(heldRuleLabel(row.rating.heldReason ?? ''), screening),
        rating: review(row.rating),
        screening,
        notice: null,
        appeal: null,
      };
    }),
    ...notices.map((row) => ({
      kind: 'notice' as const,
      id: row.id,
      queuedAt: row.queuedAt,
      waitedSeconds: waited(row.queuedAt),
      trigger: row.reason,
      triggerLabel: null,
      rating: review(row.rating),
      notice: {
        reference: row.reference,
        reason: row.reason,
        source: row.source,
        text: row.text,
        contact: row.contact,
      },
      screening: null,
      appeal: null,
    })),
    ...appeals.map((row) => ({
      kind: 'appeal' as const,
      id: row.id,
      queuedAt: row.queuedAt,
      waitedSeconds: waited(row.queuedAt),
      trigger: 'appeal',
      triggerLabel: row.rating?.heldReason ? heldRuleLabel(row.rating.heldReason) : null,
      rating: review(row.rating),
      screening: null,
      notice: null,
      appeal: { text: row.text },
    })),
  ];
  items.sort((a, b) => a.queuedAt.getTime() - b.queuedAt.getTime() || a.id.localeCompare(b.id));
  const total = (held[0]?.total ?? 0) + (notices[0]?.total ?? 0) + (appeals[0]?.total ?? 0);
  return { items: items.slice(0, QUEUE_PAGE_SIZE), total, decisionReasons: DECISION_REASON_OPTIONS };
}
