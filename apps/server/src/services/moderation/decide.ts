import { type Executor, retryOnConflict } from '@exrated/db';
import {
  closeAppeals,
  closeNotices,
  deleteRatingById,
  hideRating,
  insertDecision,
  lockAppeal,
  lockNotice,
  lockRating,
  type StaffSession,
} from '@exrated/db/queries';
import type { DecisionOutcome, DecisionReason, QueueItemKind } from '@exrated/db/schema';
import type { Context } from '../../context';
import { conflict, invalidRequest, notFound } from '../errors/domain-error';
import { ratingComesToStand } from '../rating/rating-stands';
import { pileOnKey } from './pile-ons';
import { erasedAccountKey } from './repeat-offenders';

type AdminContext = Context & { adminSession: StaffSession };

export const ITEM_NOT_FOUND = 'This item is no longer in the queue. Refresh the queue.';
export const NO_RATING_TO_ACT_ON =
  'This notice names no rating (or its rating is gone), so Keep is the only decision: describe in the note what you did.';

/** The kinds a pile-on group holds: held ratings and notices (an appeal is its author's, never a pile-on). */
export type GroupableKind = Extract<QueueItemKind, 'held_rating' | 'notice'>;

export interface DecideInput {
  kind: QueueItemKind;
  id: string;
  outcome: DecisionOutcome;
  reason: DecisionReason;
  note: string;
}

export interface DecideResult {
  /** The item had been decided before (by another administrator, or a repeated click): nothing changed. */
  alreadyDecided: boolean;
  message: string;
}

/** What a queue item stands for, read under a lock so two administrators cannot both decide it. */
interface LockedItem {
  ratingId: string | null;
  queuedAt: Date;
  trigger: string;
  open: boolean;
}

/** A notice or an appeal: filed about a rating, waiting since it was filed, open until decided. */
function filedItem(
  row: { ratingId: string | null; createdAt: Date; status: string },
  trigger: string,
): LockedItem {
  return { ratingId: row.ratingId, queuedAt: row.createdAt, trigger, open: row.status === 'open' };
}

async function lockItem(tx: Executor, kind: QueueItemKind, id: string): Promise<LockedItem | null> {
  if (kind === 'notice') {
    const notice = await lockNotice(tx, id);
    return notice && filedItem(notice, notice.reason);
  }
  if (kind === 'appeal') {
    const appeal = await lockAppeal(tx, id);
    // As the queue lists appeals: one of a rating no proven phone stands behind (or a gone one) is no item.
    const rating = appeal?.ratingId ? await lockRating(tx, appeal.ratingId) : null;
    if (!appeal || !rating || rating.createdByPhone === null) return null;
    return filedItem(appeal, 'appeal');
  }
  const rating = await lockRating(tx, id);
  // A rating no proven phone stands behind is no moderation item, whatever its held reason says.
  if (!rating || rating.createdByPhone === null) return null;
  return {
    ratingId: rating.id,
    queuedAt: rating.createdAt,
    trigger: rating.heldReason ?? '',
    open: rating.heldReason !== null && rating.hiddenAt === null,
  };
}

const MESSAGES: Record<DecisionOutcome, string> = {
  keep: 'Decided: the rating stays. The reporter and the author see the reasons.',
  hide: 'Decided: the rating is hidden. It no longer shows or counts in the score.',
  delete: 'Decided: the rating is deleted.',
};

const GROUP_MESSAGES: Record<DecisionOutcome, (count: number) => string> = {
  keep: (count) => `Decided ${count} items: the ratings stay. The reporters and the authors see the reasons.`,
  hide: (count) =>
    `Decided ${count} items: the ratings are hidden. They no longer show or count in the score.`,
  delete: (count) => `Decided ${count} items: the ratings are deleted.`,
};

export const GROUP_ITEM_GONE =
  'An item of this group is no longer in the queue, so nothing was decided. Refresh the queue.';
export const GROUP_ITEM_DECIDED =
  'An item of this group was decided meanwhile, so nothing was decided. Refresh the queue and look again.';
export const GROUP_NOT_ONE_NUMBER =
  'These items are not all about one number, so they cannot be decided together. Refresh the queue.';
export const GROUP_NOT_ONE_RULE =
  'These items are not all of one kind and one rule, so they cannot be decided together. Decide them one by one.';

/** What one item's decision did inside a transaction: decided now, or found decided already. */
type ItemOutcome =
  | { decided: true; item: LockedItem; decisionId: string }
  | { decided: false; item: LockedItem };

/**
 * Whether a decision counts toward its rating's author's repeat-offender record
 * (docs/trust-and-safety.md#repeat-offenders): a decision taken item by item does; one taken for a group
 * does not, since one click over a pile-on never weighed each author's rating on its own.
 */
type AuthorRecord = 'counts' | 'group';

/**
 * Decides one open item in the caller's transaction: records the decision with the staff member and, when
 * it counts toward the author's record, the proven phone behind the rating (the repeat-offender count reads
 * it; never a browser session, which a later person at the same computer would inherit); answers
 * every open notice and appeal of the same rating, and applies the outcome. Null when the item does not
 * exist.
 */
async function decideItem(
  ctx: AdminContext,
  tx: Executor,
  input: DecideInput,
  now: Date,
  record: AuthorRecord = 'counts',
): Promise<ItemOutcome | null> {
  const item = await lockItem(tx, input.kind, input.id);
  if (!item) return null;
  if (!item.open) return { decided: false, item };
  const rating = item.ratingId ? await lockRating(tx, item.ratingId) : null;
  if (!rating && input.outcome !== 'keep') {
    throw invalidRequest(NO_RATING_TO_ACT_ON);
  }
  const author = record === 'counts' ? rating : null;
  const decisionId = await insertDecision(tx, {
    kind: input.kind,
    ratingId: rating?.id ?? null,
    outcome: input.outcome,
    reason: input.reason,
    note: input.note,
    trigger: item.trigger,
    adminSessionId: ctx.adminSession.id,
    staffId: ctx.adminSession.staffId,
    authorPhone: author?.createdByPhone ?? null,
    queuedAt: item.queuedAt,
    decidedAt: now,
  });
  const closing = { ratingId: rating?.id ?? null, decisionId, decidedAt: now };
  await closeNotices(tx, { ...closing, noticeId: input.kind === 'notice' ? input.id : null });
  await closeAppeals(tx, { ...closing, appealId: input.kind === 'appeal' ? input.id : null });
  if (rating) await applyOutcome(ctx, tx, input, rating, now);
  return { decided: true, item, decisionId };
}

function logDecided(
  ctx: AdminContext,
  input: DecideInput,
  outcome: { ratingId: string | null; decisionId: string | null },
  group?: { size: number },
) {
  ctx.audit.log('moderation_decided', {
    kind: input.kind,
    itemId: input.id,
    ratingId: outcome.ratingId,
    outcome: input.outcome,
    reason: input.reason,
    decisionId: outcome.decisionId,
    adminSessionId: ctx.adminSession.id,
    ...(group ? { groupSize: group.size } : {}),
  });
}

/**
 * `admin.decide` (DSA article 17, docs/trust-and-safety.md): keep, hide or delete the rating behind a queue item,
 * with a reason from the fixed list and a note. The decision is recorded with the administrator's session,
 * answers every open notice and appeal of the same rating, and is logged. Keep releases a held rating (its
 * text then goes out) and, on an appeal, shows a hidden one again; keep on a notice changes nothing.
 */
export async function decide(ctx: AdminContext, input: DecideInput): Promise<DecideResult> {
  const now = ctx.now();
  // A delete takes the rating, then its notification, which the dispatcher may hold while it texts it.
  const outcome = await retryOnConflict(() => ctx.db.transaction((tx) => decideItem(ctx, tx, input, now)));
  if (!outcome) throw notFound(ITEM_NOT_FOUND);
  if (!outcome.decided) {
    ctx.audit.log('moderation_already_decided', {
      kind: input.kind,
      itemId: input.id,
      ratingId: outcome.item.ratingId,
      outcome: input.outcome,
      reason: input.reason,
    });
    return { alreadyDecided: true, message: 'This item was already decided. Refresh the queue.' };
  }
  logDecided(ctx, input, { ratingId: outcome.item.ratingId, decisionId: outcome.decisionId });
  return { alreadyDecided: false, message: MESSAGES[input.outcome] };
}

export interface DecideGroupInput {
  items: ReadonlyArray<{ kind: GroupableKind; id: string }>;
  outcome: DecisionOutcome;
  reason: DecisionReason;
  note: string;
}

/**
 * `admin.decideGroup` (docs/trust-and-safety.md#pile-ons): one decision, reason and note for every item of a
 * queue group, in one transaction. Every item is locked first (in id order, so two groups that share an item
 * cannot deadlock) and must still be open, of one kind and one rule, and about one rated number; otherwise
 * nothing is decided. Each item is then decided as `admin.decide` would decide it, with a decision and an
 * audit entry of its own, so each reporter and author reads the same statement of reasons a single decision
 * gives; none of these decisions counts toward an author's repeat-offender record. An item a decision of
 * the same group already answered (a second notice about one rating) is logged with that decision.
 */
export async function decideGroup(ctx: AdminContext, input: DecideGroupInput): Promise<DecideResult> {
  const now = ctx.now();
  const outcomes = await retryOnConflict(() =>
    ctx.db.transaction(async (tx) => {
      const byId = [...input.items].sort((a, b) => a.id.localeCompare(b.id));
      const numbers = new Set<string>();
      const keys = new Set<string>();
      for (const member of byId) {
        const item = await lockItem(tx, member.kind, member.id);
        if (!item) throw notFound(GROUP_ITEM_GONE);
        if (!item.open) throw conflict(GROUP_ITEM_DECIDED);
        const rating = item.ratingId ? await lockRating(tx, item.ratingId) : null;
        if (!rating) throw invalidRequest(GROUP_NOT_ONE_NUMBER);
        numbers.add(rating.phoneNumber);
        keys.add(pileOnKey(member.kind, item.trigger, rating.phoneNumber));
      }
      if (numbers.size !== 1) throw invalidRequest(GROUP_NOT_ONE_NUMBER);
      if (keys.size !== 1) throw invalidRequest(GROUP_NOT_ONE_RULE);
      const decisionOfRating = new Map<string, string>();
      const decided: Array<{ ratingId: string | null; decisionId: string | null }> = [];
      for (const member of input.items) {
        const single = { ...member, outcome: input.outcome, reason: input.reason, note: input.note };
        const outcome = await decideItem(ctx, tx, single, now, 'group');
        // Locked above and open then: only this group's own decision of the same rating can have closed it (a
        // second notice about one rating is answered by the first one's decision).
        if (!outcome) throw notFound(GROUP_ITEM_GONE);
        const ratingId = outcome.item.ratingId;
        if (outcome.decided && ratingId) decisionOfRating.set(ratingId, outcome.decisionId);
        const decisionId = outcome.decided ? outcome.decisionId : ratingId && decisionOfRating.get(ratingId);
        decided.push({ ratingId, decisionId: decisionId ?? null });
      }
      return decided;
    }),
  );
  input.items.forEach((member, index) => {
    const outcome = outcomes[index];
    const single = { ...member, outcome: input.outcome, reason: input.reason, note: input.note };
    if (outcome) logDecided(ctx, single, outcome, { size: input.items.length });
  });
  return { alreadyDecided: false, message: GROUP_MESSAGES[input.outcome](input.items.length) };
}

async function applyOutcome(
  ctx: AdminContext,
  tx: Executor,
  input: DecideInput,
  rating: { id: string; heldReason: string | null; hiddenAt: Date | null },
  now: Date,
) {
  if (input.outcome === 'delete') {
    await deleteRatingById(tx, rating.id, (phone) => erasedAccountKey(ctx.config.sessionSecret, phone));
    return;
  }
  if (input.outcome === 'hide') {
    await hideRating(tx, { id: rating.id, hiddenAt: now });
    return;
  }
  // Keep: a notice leaves the rating as it is; a held rating or an appeal makes it stand (docs/anonymity.md).
  if (input.kind === 'notice') return;
  if (rating.hiddenAt || rating.heldReason) await ratingComesToStand(ctx, tx, rating.id, now);
}
