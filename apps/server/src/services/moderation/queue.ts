import {
  listHeldRatingsForReview,
  listOpenAppeals,
  listOpenNotices,
  queueHistories,
} from '@exrated/db/queries';
import { NOTICE_REASONS, type NoticeReason, type NoticeSource, type QueueItemKind } from '@exrated/db/schema';
import type { Context } from '../../context';
import { type HeldScreening, heldScreening, heldScreeningLabel } from '../content/held-screening';
import { normalizeNoticeReference } from '../notices/notice-reference';
import { ratingAverage } from '../profile/rating-summary';
import { relationshipLabel } from '../profile/received-ratings';
import { DECISION_REASON_OPTIONS, heldRuleLabel } from './decision-reasons';
import {
  firstQueuePage,
  groupPileOns,
  PILE_ON_CANDIDATES,
  PILE_ON_WINDOW_MS,
  type PileOnGroup,
  QUEUE_PAGE_ENTRIES,
} from './pile-ons';
import {
  HELD_PRIORITY_GROUPS,
  HELD_REASON_FILTERS,
  heldPriority,
  priorityRank,
  type QueuePriority,
} from './queue-priority';
import { REPEAT_OFFENDER_HOLD, repeatOffenderExplanation } from './repeat-offenders';

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
  priority: QueuePriority;
  /** How long an item of this priority may wait (MODERATION_TARGET_HOURS); overdue once waited longer. */
  targetSeconds: number;
  overdue: boolean;
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
  /**
   * The author's record (all their ratings, this one included) and the rated number's, when a rating is
   * attached. Counts only: never the author's phone.
   */
  history: QueueItemHistory | null;
  /** The pile-on group the item belongs to (`groups` of the answer), or null. */
  groupId: string | null;
}

export interface QueueItemHistory {
  /** `removed`: ratings moderators hid or deleted, not counting one an appeal restored. */
  author: { given: number; held: number; hidden: number; removed: number; appeals: number };
  subject: { notices: number; doNotRate: boolean };
}

export interface QueueFilters {
  kind?: QueueItemKind | undefined;
  /** A held rating's rule (its held reason) or a notice's reason. */
  trigger?: string | undefined;
  /** A notice's reference, as people type it. */
  reference?: string | undefined;
}

const NONE = Promise.resolve([]);

/** The rows of two lists that overlap (the worst items and the pile-on candidates), each once. */
function uniqueById<T extends { id: string }>(rows: readonly T[]): T[] {
  return [...new Map(rows.map((row) => [row.id, row])).values()];
}

/** A group of held ratings names its rule as staff read it; a group of notices, null (its reason is its label). */
function groupTriggerLabel(group: PileOnGroup): string | null {
  return group.kind === 'held_rating' ? queueRuleLabel(group.trigger) : null;
}

/**
 * A held reason as staff read it. The author of a repeat-offender hold reads the generic label
 * (`heldRuleLabel`); moderators are told why.
 */
function queueRuleLabel(heldReason: string): string {
  return heldReason === REPEAT_OFFENDER_HOLD
    ? 'Repeat offender: earlier ratings hidden or deleted'
    : heldRuleLabel(heldReason);
}

/**
 * `admin.queue` (docs/trust-and-safety.md): held ratings, notices and appeals in one list, the worst first
 * (queue-priority.ts) and the oldest first within a priority, each with how long it has waited against its
 * priority's target and the rule or reason behind it, narrowed by `filters`. The rater is never part of an
 * item.
 */
export async function loadQueue(ctx: Context, filters: QueueFilters = {}) {
  const limit = QUEUE_PAGE_ENTRIES;
  const wants = (kind: QueueItemKind) =>
    (filters.kind === undefined || filters.kind === kind) &&
    (filters.reference === undefined || kind === 'notice');
  const noticeReason = NOTICE_REASONS.find((reason) => reason === filters.trigger);
  const reference =
    filters.reference === undefined ? undefined : (normalizeNoticeReference(filters.reference) ?? '');
  const wantsHeld = wants('held_rating') && (filters.trigger === undefined || noticeReason === undefined);
  const wantsNotices = wants('notice') && (filters.trigger === undefined || noticeReason !== undefined);
  const heldList = (params: { limit: number; pileOnWindowMs?: number }) =>
    wantsHeld
      ? listHeldRatingsForReview(ctx.db, {
          ...params,
          priorityGroups: HELD_PRIORITY_GROUPS,
          heldReason: filters.trigger,
        })
      : NONE;
  const noticeList = (params: { limit: number; pileOnWindowMs?: number }) =>
    wantsNotices ? listOpenNotices(ctx.db, { ...params, reason: noticeReason, reference }) : NONE;
  // The worst items of each kind, and the pile-on candidates wherever they wait, so a group stays whole.
  const candidates = { limit: PILE_ON_CANDIDATES, pileOnWindowMs: PILE_ON_WINDOW_MS };
  const [held, notices, appeals, heldPiles, noticePiles] = await Promise.all([
    heldList({ limit }),
    noticeList({ limit }),
    wants('appeal') && (filters.trigger === undefined || filters.trigger === 'appeal')
      ? listOpenAppeals(ctx.db, { limit })
      : NONE,
    heldList(candidates),
    noticeList(candidates),
  ]);
  const now = ctx.now().getTime();
  const waited = (queuedAt: Date) => Math.max(0, Math.round((now - queuedAt.getTime()) / 1000));
  // What every item says of itself: which it is, since when it waits, and how that compares with its target.
  const queued = <K extends QueueItemKind>(
    kind: K,
    row: { id: string; queuedAt: Date },
    priority: QueuePriority,
  ) => {
    const waitedSeconds = waited(row.queuedAt);
    const targetSeconds = Math.round((ctx.config.moderationTargetHours[priorityRank(priority)] ?? 72) * 3600);
    return {
      kind,
      id: row.id,
      queuedAt: row.queuedAt,
      waitedSeconds,
      priority,
      targetSeconds,
      overdue: waitedSeconds > targetSeconds,
    };
  };
  const items: QueueItem[] = [
    ...uniqueById([...held, ...heldPiles]).map((row) => {
      const screening = heldScreening(row.rating.heldReason, row.rating);
      return {
        ...queued('held_rating', row, heldPriority(row.rating.heldReason)),
        trigger: row.rating.heldReason ?? '',
        triggerLabel: heldScreeningLabel(queueRuleLabel(row.rating.heldReason ?? ''), screening),
        rating: review(row.rating),
        screening,
        notice: null,
        appeal: null,
        history: null,
        groupId: null,
      };
    }),
    ...uniqueById([...notices, ...noticePiles]).map((row) => ({
      ...queued('notice', row, 'notice'),
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
      history: null,
      groupId: null,
    })),
    ...appeals.map((row) => ({
      ...queued('appeal', row, 'appeal'),
      trigger: 'appeal',
      triggerLabel: row.rating.heldReason ? queueRuleLabel(row.rating.heldReason) : null,
      rating: review(row.rating),
      screening: null,
      notice: null,
      appeal: { text: row.text },
      history: null,
      groupId: null,
    })),
  ];
  items.sort(
    (a, b) =>
      priorityRank(a.priority) - priorityRank(b.priority) ||
      a.queuedAt.getTime() - b.queuedAt.getTime() ||
      a.id.localeCompare(b.id),
  );
  const grouped = groupPileOns(items);
  const { items: shown, groups } = firstQueuePage(grouped.items, grouped.groups);
  const ratingIds = [...new Set(shown.flatMap((item) => (item.rating ? [item.rating.id] : [])))];
  const histories = new Map(
    (await queueHistories(ctx.db, ratingIds)).map((row) => [
      row.ratingId,
      {
        author: {
          given: row.given,
          held: row.held,
          hidden: row.hidden,
          removed: row.removed,
          appeals: row.appeals,
        },
        subject: { notices: row.subjectNotices, doNotRate: row.subjectDoNotRate },
      },
    ]),
  );
  for (const item of shown) {
    item.history = item.rating ? (histories.get(item.rating.id) ?? null) : null;
    if (item.kind === 'held_rating' && item.trigger === REPEAT_OFFENDER_HOLD) {
      item.triggerLabel = repeatOffenderExplanation(item.history?.author.removed ?? 0);
    }
  }
  const total = (held[0]?.total ?? 0) + (notices[0]?.total ?? 0) + (appeals[0]?.total ?? 0);
  return {
    items: shown,
    groups: groups.map((group) => ({ ...group, triggerLabel: groupTriggerLabel(group) })),
    total,
    decisionReasons: DECISION_REASON_OPTIONS,
    heldReasonOptions: HELD_REASON_FILTERS.map((value) => ({ value, label: queueRuleLabel(value) })),
  };
}
