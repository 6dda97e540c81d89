import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../database';
import {
  type DecisionOutcome,
  type DecisionReason,
  erasedAccountRecords,
  moderationDecisions,
  notices,
  type QueueItemKind,
  ratingAppeals,
  ratings,
} from '../schema';
import { totalMatching } from './paging';
import { scoresOfRating } from './received-ratings';

/**
 * The rating waits for an administrator (docs/trust-and-safety.md#decisions): held_reason names the rule
 * ('daily_ceiling', 'repeat_offender', 'screening:<rule>') and a proven phone stands behind it. A rating
 * whose author has not proven a phone waits for its author, whatever its held reason says: it is no
 * moderation item until the proof attributes it (and screens it again), so nobody fills the queue without
 * paying for a proof.
 */
export function heldForModeration() {
  return and(isNotNull(ratings.heldReason), isNotNull(ratings.createdByPhone));
}

/**
 * The appeal stands in the queue: it is open, and its rating is still there with a proven phone behind it. An
 * appeal of a rating no proven phone stands behind is, like that rating, no moderation item (only a proven
 * phone files one; one filed otherwise waits with its rating); one whose rating is gone has nothing left to
 * decide.
 */
export function appealForModeration() {
  return and(eq(ratingAppeals.status, 'open'), isNotNull(ratings.createdByPhone));
}

/**
 * Another open item of the same kind and rule about the same number within `windowMs` of this one: the
 * candidates of a pile-on group (docs/trust-and-safety.md#pile-ons), listed however far down the queue they
 * sit, so a flood of single items never pushes a group off the page.
 */
export function hasPileOnSibling(kind: 'held_rating' | 'notice', windowMs: number) {
  if (kind === 'held_rating') {
    return sql`exists (
      select 1 from ${ratings} s
      where s.phone_number = "ratings"."phone_number" and s.held_reason = "ratings"."held_reason"
        and s.id <> "ratings"."id" and s.created_by_phone is not null and s.hidden_at is null
        and abs(extract(epoch from s.created_at - "ratings"."created_at")) * 1000 <= ${windowMs}
    )`;
  }
  return sql`exists (
    select 1 from ${notices} s join ${ratings} sr on sr.id = s.rating_id
    where s.status = 'open' and s.reason = "notices"."reason" and s.id <> "notices"."id"
      and sr.phone_number = "ratings"."phone_number"
      and abs(extract(epoch from s.created_at - "notices"."created_at")) * 1000 <= ${windowMs}
  )`;
}

/**
 * A rating as moderation judges it: what the rated person would read, and the rated phone. The rater is
 * never selected: moderation judges the content only.
 */
export function ratingForReview() {
  return {
    id: ratings.id,
    name: ratings.name,
    relationshipType: ratings.relationshipType,
    phoneNumber: ratings.phoneNumber,
    testimonial: ratings.testimonial,
    gratitude: ratings.gratitude,
    selfReflection: ratings.selfReflection,
    feedback: ratings.feedback,
    createdAt: ratings.createdAt,
    hiddenAt: ratings.hiddenAt,
    heldReason: ratings.heldReason,
    scores: scoresOfRating(),
  };
}

/**
 * A select of notices or appeals with where each stands: open or decided, when, and the decision's statement
 * of reasons (moderation_decisions joined). `columns` are the filing's own columns the caller shows besides.
 */
export function selectFilingsWithDecision<Columns extends SelectedFields>(
  db: Executor,
  filed: typeof notices | typeof ratingAppeals,
  columns: Columns,
) {
  return db
    .select({
      ...columns,
      status: filed.status,
      filedAt: filed.createdAt,
      decidedAt: filed.decidedAt,
      outcome: moderationDecisions.outcome,
      decisionReason: moderationDecisions.reason,
      note: moderationDecisions.note,
    })
    .from(filed)
    .leftJoin(moderationDecisions, eq(moderationDecisions.id, filed.decisionId));
}

/** An open appeal of the rating exists (it then stands in the queue for the rating). */
const hasOpenAppeal = sql`exists (
  select 1 from ${ratingAppeals} a where a.rating_id = ${ratings}.id and a.status = 'open'
)`;

/**
 * Ratings held for moderation, unless their author's appeal already stands for them: the held reasons of
 * `priorityGroups` first, group by group, then the rest; the oldest first within each. `heldReason` narrows
 * the list to one reason (the queue's rule filter).
 */
export async function listHeldRatingsForReview(
  db: Executor,
  params: {
    limit: number;
    priorityGroups?: readonly (readonly string[])[];
    heldReason?: string | undefined;
    /** Only the ratings that have a pile-on sibling within this window (`hasPileOnSibling`). */
    pileOnWindowMs?: number | undefined;
  },
) {
  const groups = params.priorityGroups ?? [];
  const rank =
    groups.length === 0
      ? sql`0`
      : sql`case ${sql.join(
          groups.map((group, index) => sql`when ${inArray(ratings.heldReason, [...group])} then ${index}`),
          sql` `,
        )} else ${groups.length} end`;
  return db
    .select({
      id: ratings.id,
      queuedAt: ratings.createdAt,
      rating: ratingForReview(),
      total: totalMatching(),
    })
    .from(ratings)
    .where(
      and(
        heldForModeration(),
        isNull(ratings.hiddenAt),
        sql`not ${hasOpenAppeal}`,
        params.heldReason === undefined ? undefined : eq(ratings.heldReason, params.heldReason),
        params.pileOnWindowMs === undefined
          ? undefined
          : hasPileOnSibling('held_rating', params.pileOnWindowMs),
      ),
    )
    .orderBy(rank, asc(ratings.createdAt), asc(ratings.id))
    .limit(params.limit);
}

/**
 * Open appeals that stand in the queue (`appealForModeration`), oldest first, each with its rating and the
 * decision it contests (none for a held rating).
 */
export async function listOpenAppeals(db: Executor, params: { limit: number }) {
  return db
    .select({
      id: ratingAppeals.id,
      queuedAt: ratingAppeals.createdAt,
      text: ratingAppeals.text,
      rating: ratingForReview(),
      total: totalMatching(),
    })
    .from(ratingAppeals)
    .innerJoin(ratings, eq(ratings.id, ratingAppeals.ratingId))
    .where(appealForModeration())
    .orderBy(asc(ratingAppeals.createdAt), asc(ratingAppeals.id))
    .limit(params.limit);
}

/** Locks a rating for a decision; null when it does not exist (any more). */
export async function lockRating(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: ratings.id,
      heldReason: ratings.heldReason,
      hiddenAt: ratings.hiddenAt,
      createdAt: ratings.createdAt,
      phoneNumber: ratings.phoneNumber,
      createdByPhone: ratings.createdByPhone,
    })
    .from(ratings)
    .where(eq(ratings.id, id))
    .for('update');
  return row ?? null;
}

/** Locks an appeal for a decision; null when unknown. */
export async function lockAppeal(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: ratingAppeals.id,
      ratingId: ratingAppeals.ratingId,
      status: ratingAppeals.status,
      createdAt: ratingAppeals.createdAt,
    })
    .from(ratingAppeals)
    .where(eq(ratingAppeals.id, id))
    .for('update');
  return row ?? null;
}

export interface NewDecision {
  kind: QueueItemKind;
  ratingId: string | null;
  outcome: DecisionOutcome;
  reason: DecisionReason;
  note: string;
  trigger: string;
  adminSessionId: string;
  /** The deciding staff member: named to staff, never to a reporter or an author. */
  staffId: string;
  /** The proven phone behind the rating: what the repeat-offender count reads. */
  authorPhone: string | null;
  queuedAt: Date;
  decidedAt: Date;
}

export async function insertDecision(db: Executor, decision: NewDecision) {
  const [row] = await db
    .insert(moderationDecisions)
    .values(decision)
    .returning({ id: moderationDecisions.id });
  if (!row) throw new Error('decision insert returned no row');
  return row.id;
}

/** The latest decision on a rating (its outcome, reason and note), or null. */
export async function findLatestDecisionOfRating(db: Executor, ratingId: string) {
  const [row] = await db
    .select({
      id: moderationDecisions.id,
      outcome: moderationDecisions.outcome,
      reason: moderationDecisions.reason,
    })
    .from(moderationDecisions)
    .where(eq(moderationDecisions.ratingId, ratingId))
    .orderBy(desc(moderationDecisions.decidedAt))
    .limit(1);
  return row ?? null;
}

/** Hides a rating: from then on it is neither shown to the rated person nor counted in their score. */
export async function hideRating(db: Executor, params: { id: string; hiddenAt: Date }) {
  await db
    .update(ratings)
    .set({ hiddenAt: params.hiddenAt })
    .where(and(eq(ratings.id, params.id), isNull(ratings.hiddenAt)));
}

/**
 * Deletes a rating with its scores and notification (cascades); notices and decisions keep their record. The
 * author's once-per-30-days record of the rated number stays, under `authorKey(phone)` (a keyed hash), as a
 * deleted account's does (docs/data-rights.md#deletion-keeps-what-protects-others): a removal must not let
 * its author rate the number again at once.
 */
export async function deleteRatingById(db: Executor, id: string, authorKey: (phone: string) => string) {
  const [deleted] = await db.delete(ratings).where(eq(ratings.id, id)).returning({
    author: ratings.createdByPhone,
    phoneNumber: ratings.phoneNumber,
    createdAt: ratings.createdAt,
  });
  if (!deleted?.author) return;
  await db.insert(erasedAccountRecords).values({
    authorKey: authorKey(deleted.author),
    kind: 'rated_number',
    phoneNumber: deleted.phoneNumber,
    at: deleted.createdAt,
  });
}

/** A decision as the notices and appeals it answers are closed with: its id, time and rating (if any). */
export interface Closing {
  ratingId: string | null;
  decisionId: string;
  decidedAt: Date;
}

/** Marks the open notices or appeals a decision answers decided: the one `id` names, and those of its rating. */
export async function closeAnswered(
  db: Executor,
  table: typeof notices | typeof ratingAppeals,
  id: string | null,
  params: Closing,
) {
  const targets = [
    id ? eq(table.id, id) : undefined,
    params.ratingId ? eq(table.ratingId, params.ratingId) : undefined,
  ].filter((condition) => condition !== undefined);
  if (targets.length === 0) return;
  await db
    .update(table)
    .set({ status: 'decided', decisionId: params.decisionId, decidedAt: params.decidedAt })
    .where(and(eq(table.status, 'open'), or(...targets)));
}

/** Closes the open appeals a decision answers: the one decided, or the open appeal of the decided rating. */
export async function closeAppeals(db: Executor, params: Closing & { appealId: string | null }) {
  await closeAnswered(db, ratingAppeals, params.appealId, params);
}

/** The dashboard's moderation figures: items waiting, and the median wait of decisions since `since`. */
export async function summarizeModeration(db: Executor, params: { since: Date }) {
  const [row] = await db
    .select({
      heldRatings: sql<number>`(
        select count(*) from ${ratings} r
        where r.held_reason is not null and r.created_by_phone is not null and r.hidden_at is null
          and not exists (select 1 from ${ratingAppeals} a where a.rating_id = r.id and a.status = 'open')
      )`.mapWith(Number),
      openNotices: sql<number>`(select count(*) from ${notices} n where n.status = 'open')`.mapWith(Number),
      openAppeals: sql<number>`(
        select count(*) from ${ratingAppeals} a join ${ratings} r on r.id = a.rating_id
        where a.status = 'open' and r.created_by_phone is not null
      )`.mapWith(Number),
      medianDecisionSeconds: sql<number | null>`(
        select percentile_cont(0.5) within group (order by extract(epoch from d.decided_at - d.queued_at))
        from ${moderationDecisions} d where d.decided_at >= ${params.since.toISOString()}::timestamptz
      )`.mapWith((value) => (value === null ? null : Number(value))),
    })
    .from(sql`(select 1) as one`);
  return row ?? { heldRatings: 0, openNotices: 0, openAppeals: 0, medianDecisionSeconds: null };
}
