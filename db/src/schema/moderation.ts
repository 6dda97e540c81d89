import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ratings } from './ratings';

/** The terms' content and conduct categories a review can be reported for (DESIGN.md section 5). */
export const REPORT_REASONS = [
  'full_name',
  'contact_info',
  'sexual_content',
  'hate_speech',
  'threats',
  'false_or_harassing',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['open', 'hidden', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

const reasonList = sql.raw(REPORT_REASONS.map((reason) => `'${reason}'`).join(', '));

export const ratingReports = pgTable(
  'rating_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ratingId: uuid('rating_id')
      .notNull()
      .references(() => ratings.id, { onDelete: 'cascade' }),
    reporterPhone: text('reporter_phone').notNull(),
    reason: text('reason').$type<ReportReason>().notNull(),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    // One open report per rating: a second report while one is open is answered with the open one.
    uniqueIndex('rating_reports_one_open_idx').on(t.ratingId).where(sql`${t.status} = 'open'`),
    index('rating_reports_status_created_idx').on(t.status, t.createdAt),
    check('rating_reports_reason_check', sql`${t.reason} in (${reasonList})`),
    check('rating_reports_status_check', sql`${t.status} in ('open', 'hidden', 'dismissed')`),
  ],
);

export type RatingReport = typeof ratingReports.$inferSelect;
