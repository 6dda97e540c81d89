import type { Executor } from '@exrated/db';
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
import { TRPCError } from '@trpc/server';
import type { Context } from '../../context';
import { ratingComesToStand } from '../rating/rating-stands';

type AdminContext = Context & { adminSession: StaffSession };

export const ITEM_NOT_FOUND = 'This item is no longer in the queue. Refresh the queue.';
export const NO_RATING_TO_ACT_ON =
  'This notice names no rating (or its rating is gone), so Keep is the only decision: describe in the note what you did.';

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

async function lockItem(tx: Executor, kind: QueueItemKind, id: string): Promise<LockedItem | null> {
  if (kind === 'notice') {
    const notice = await lockNotice(tx, id);
    return (
      notice && {
        ratingId: notice.ratingId,
        queuedAt: notice.createdAt,
        trigger: notice.reason,
        open: notice.status === 'open',
      }
    );
  }
  if (kind === 'appeal') {
    const appeal = await lockAppeal(tx, id);
    return (
      appeal && {
        ratingId: appeal.ratingId,
        queuedAt: appeal.createdAt,
        trigger: 'appeal',
        open: appeal.status === 'open',
      }
    );
  }
  const rating = await lockRating(tx, id);
  return (
    rating && {
      ratingId: rating.id,
      queuedAt: rating.createdAt,
      trigger: rating.heldReason ?? '',
      open: rating.heldReason !== null && rating.hiddenAt === null,
    }
  );
}

const MESSAGES: Record<DecisionOutcome, string> = {
  keep: 'Decided: the rating stays. The reporter and the author see the reasons.',
  hide: 'Decided: the rating is hidden. It no longer shows or counts in the score.',
  delete: 'Decided: the rating is deleted.',
};

/**
 * `admin.decide` (DSA article 17, docs/trust-and-safety.md): keep, hide or delete the rating behind a queue item,
 * with a reason from the fixed list and a note. The decision is recorded with the administrator's session,
 * answers every open notice and appeal of the same rating, and is logged. Keep releases a held rating (its
 * text then goes out) and, on an appeal, shows a hidden one again; keep on a notice changes nothing.
 */
export async function decide(ctx: AdminContext, input: DecideInput): Promise<DecideResult> {
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const item = await lockItem(tx, input.kind, input.id);
    if (!item) return null;
    if (!item.open) return { decided: false as const, item };
    const rating = item.ratingId ? await lockRating(tx, item.ratingId) : null;
    if (!rating && input.outcome !== 'keep') {
      throw new TRPCError({ code: 'BAD_REQUEST', message: NO_RATING_TO_ACT_ON });
    }
    const decisionId = await insertDecision(tx, {
      kind: input.kind,
      ratingId: rating?.id ?? null,
      outcome: input.outcome,
      reason: input.reason,
      note: input.note,
      trigger: item.trigger,
      adminSessionId: ctx.adminSession.id,
      staffId: ctx.adminSession.staffId,
      queuedAt: item.queuedAt,
      decidedAt: now,
    });
    const closing = { ratingId: rating?.id ?? null, decisionId, decidedAt: now };
    await closeNotices(tx, { ...closing, noticeId: input.kind === 'notice' ? input.id : null });
    await closeAppeals(tx, { ...closing, appealId: input.kind === 'appeal' ? input.id : null });
    if (rating) await applyOutcome(ctx, tx, input, rating, now);
    return { decided: true as const, item, decisionId };
  });
  if (!outcome) throw new TRPCError({ code: 'NOT_FOUND', message: ITEM_NOT_FOUND });

  const logged = {
    kind: input.kind,
    itemId: input.id,
    ratingId: outcome.item.ratingId,
    outcome: input.outcome,
    reason: input.reason,
  };
  if (!outcome.decided) {
    ctx.audit.log('moderation_already_decided', logged);
    return { alreadyDecided: true, message: 'This item was already decided. Refresh the queue.' };
  }
  ctx.audit.log('moderation_decided', {
    ...logged,
    decisionId: outcome.decisionId,
    adminSessionId: ctx.adminSession.id,
  });
  return { alreadyDecided: false, message: MESSAGES[input.outcome] };
}

async function applyOutcome(
  ctx: AdminContext,
  tx: Executor,
  input: DecideInput,
  rating: { id: string; heldReason: string | null; hiddenAt: Date | null },
  now: Date,
) {
  if (input.outcome === 'delete') {
    await deleteRatingById(tx, rating.id);
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
