import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ratings } from './ratings';
import { deviceSessions } from './sessions';
import { staffAccounts } from './staff';
import { sqlValueList } from './value-list';

/**
 * What waits in the moderation queue (docs/trust-and-safety.md#decisions): a held rating, a notice, or an
 * appeal.
 */
export const QUEUE_ITEM_KINDS = ['held_rating', 'notice', 'appeal'] as const;
export type QueueItemKind = (typeof QUEUE_ITEM_KINDS)[number];

/** Outcomes of a decision (docs/architecture.md#api). */
export const DECISION_OUTCOMES = ['keep', 'hide', 'delete'] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

/**
 * The fixed list of grounds a decision names (DSA article 17: the statement of reasons says which rule, or
 * that none was broken). Labels for people live with the service that shows them.
 */
export const DECISION_REASONS = [
  'within_terms',
  'insufficient_information',
  'threats',
  'harassment',
  'hate_speech',
  'sexual_content',
  'private_information',
  'full_name_or_contact_details',
  'not_about_this_person',
  'false_statement',
  'spam_or_manipulation',
] as const;
export type DecisionReason = (typeof DECISION_REASONS)[number];

export const APPEAL_STATUSES = ['open', 'decided'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

/**
 * Every moderation decision, kept as the record the reporter's status page, the author's /profile and the
 * transparency report are built from. The rating may be deleted later (by this decision or the author's
 * account deletion): the decision stays, without it. `trigger` is what brought the item to the queue: the
 * held rating's rule, the notice's reason, or 'appeal'.
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<QueueItemKind>().notNull(),
    ratingId: uuid('rating_id').references(() => ratings.id, { onDelete: 'set null' }),
    outcome: text('outcome').$type<DecisionOutcome>().notNull(),
    reason: text('reason').$type<DecisionReason>().notNull(),
    /** The administrator's words, shown with the reason to the reporter and the author. */
    note: text('note').notNull().default(''),
    trigger: text('trigger').notNull(),
    /** The deciding administrator's session (admin sessions expire and are deleted: no foreign key). */
    adminSessionId: uuid('admin_session_id'),
    /** The staff member who decided: shown to staff, never to a reporter or an author. */
    staffId: uuid('staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /**
     * The proven phone behind the decided rating, kept because a deleted rating takes its own columns with it:
     * the repeat-offender count reads it. Never a browser session: a record is the person's, and the next
     * person at a shared computer inherits the session (docs/trust-and-safety.md#repeat-offenders). Never
     * shown to staff.
     */
    authorPhone: text('author_phone'),
    /**
     * Written and read by no code (migration 0023 emptied it): the previous release's pods still write it
     * during a rolling update, so it goes in a later release's migration, not in the one that stopped using it.
     */
    authorSessionId: uuid('author_session_id').references(() => deviceSessions.id, { onDelete: 'set null' }),
    /** When the item entered the queue, so the time to a decision is decidedAt - queuedAt. */
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('moderation_decisions_decided_at_idx').on(t.decidedAt),
    index('moderation_decisions_rating_idx').on(t.ratingId, t.decidedAt.desc()),
    index('moderation_decisions_author_phone_idx').on(t.authorPhone).where(sql`${t.authorPhone} is not null`),
    check('moderation_decisions_kind_check', sql`${t.kind} in (${sqlValueList(QUEUE_ITEM_KINDS)})`),
    check('moderation_decisions_outcome_check', sql`${t.outcome} in (${sqlValueList(DECISION_OUTCOMES)})`),
    check('moderation_decisions_reason_check', sql`${t.reason} in (${sqlValueList(DECISION_REASONS)})`),
  ],
);

/**
 * The author's one appeal of a hidden or held rating (docs/trust-and-safety.md#decisions). One per rating,
 * ever: the unique index is the rule. The rating may be deleted by the decision; the appeal stays for the
 * record.
 */
export const ratingAppeals = pgTable(
  'rating_appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ratingId: uuid('rating_id').references(() => ratings.id, { onDelete: 'set null' }),
    authorPhone: text('author_phone'),
    authorSessionId: uuid('author_session_id').references(() => deviceSessions.id, { onDelete: 'set null' }),
    text: text('text'),
    status: text('status').$type<AppealStatus>().notNull().default('open'),
    decisionId: uuid('decision_id').references(() => moderationDecisions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('rating_appeals_rating_idx').on(t.ratingId),
    index('rating_appeals_open_created_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    index('rating_appeals_author_phone_idx').on(t.authorPhone),
    check('rating_appeals_status_check', sql`${t.status} in (${sqlValueList(APPEAL_STATUSES)})`),
  ],
);

export type ModerationDecision = typeof moderationDecisions.$inferSelect;
export type RatingAppeal = typeof ratingAppeals.$inferSelect;
