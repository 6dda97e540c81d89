import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ratings } from './ratings';

export const NOTIFICATION_STATUSES = ['pending', 'held', 'sent', 'failed', 'suppressed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

const statusList = sql.raw(NOTIFICATION_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * The text to the rated person and its delivery state. The id is the guid in the /r/{id} link. Pending rows
 * are an outbox: the dispatcher retries them with backoff (next_attempt_at) until sent or failed. A text is
 * `held` while its rating is not shown yet (author not proven, or waiting for moderation): releasing the
 * rating makes it pending.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ratingId: uuid('rating_id')
      .notNull()
      .unique()
      .references(() => ratings.id, { onDelete: 'cascade' }),
    status: text('status').$type<NotificationStatus>().notNull().default('pending'),
    /** Why the status is what it is: 'opted_out', 'country_not_allowed', 'recipient_daily_cap', ... */
    statusReason: text('status_reason'),
    message: text('message').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().default(sql`now()`),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check('notifications_status_check', sql`${t.status} in (${statusList})`),
    index('notifications_pending_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** Numbers that asked not to get rating texts (link opt-out or the provider's opt-out list). */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phoneNumber: text('phone_number').primaryKey(),
  /** 'link' (the /r/:guid button), 'provider' (SNS reported it opted out). */
  source: text('source').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});

export type Notification = typeof notifications.$inferSelect;
