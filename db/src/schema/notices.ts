import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { moderationDecisions } from './moderation';
import { ratings } from './ratings';
import { deviceSessions } from './sessions';
import { sqlValueList } from './value-list';

/** Reasons of a notice (docs/architecture.md#api). */
export const NOTICE_REASONS = [
  'not_about_me',
  'harassment',
  'false_claims',
  'private_information',
  'other',
] as const;
export type NoticeReason = (typeof NOTICE_REASONS)[number];

/** Where a notice was filed: the /r/{id} landing, a received review's Report, or the public /report page. */
export const NOTICE_SOURCES = ['notification_link', 'received_review', 'public_form'] as const;
export type NoticeSource = (typeof NOTICE_SOURCES)[number];

export const NOTICE_STATUSES = ['open', 'decided'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

/**
 * A notice about content, from anyone (DSA article 16, docs/trust-and-safety.md#notices). The reference is
 * the only handle the reporter gets: short, random, and the key of the public status page. Nothing here is
 * ever shown to the reporter but the reason, the dates and the decision with its reasons.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    /** Null for a notice that only describes the content, or once the rating is deleted. */
    ratingId: uuid('rating_id').references(() => ratings.id, { onDelete: 'set null' }),
    source: text('source').$type<NoticeSource>().notNull(),
    reason: text('reason').$type<NoticeReason>().notNull(),
    text: text('text'),
    /** How the reporter asked to get the answer (public form); only administrators see it. */
    contact: text('contact'),
    /** The reporter's proven phone, when they had one. */
    reporterPhone: text('reporter_phone'),
    reporterSessionId: uuid('reporter_session_id').references(() => deviceSessions.id, {
      onDelete: 'set null',
    }),
    status: text('status').$type<NoticeStatus>().notNull().default('open'),
    decisionId: uuid('decision_id').references(() => moderationDecisions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('notices_open_created_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    index('notices_rating_idx').on(t.ratingId),
    index('notices_reporter_phone_idx').on(t.reporterPhone),
    index('notices_created_at_idx').on(t.createdAt),
    check('notices_reason_check', sql`${t.reason} in (${sqlValueList(NOTICE_REASONS)})`),
    check('notices_source_check', sql`${t.source} in (${sqlValueList(NOTICE_SOURCES)})`),
    check('notices_status_check', sql`${t.status} in (${sqlValueList(NOTICE_STATUSES)})`),
  ],
);

export type Notice = typeof notices.$inferSelect;
