import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ratings } from './ratings';

export const NOTIFICATION_STATUSES = [
  'pending',
  'held',
  'sent',
  'delivered',
  'undelivered',
  'unknown',
  'failed',
  'suppressed',
] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
const statusList = sqlList(NOTIFICATION_STATUSES);

/**
 * The text to the rated person and its delivery state. The id is the guid in the /r/{id} link. Pending rows
 * are an outbox: the dispatcher retries them with backoff (next_attempt_at) until sent or failed. A text is
 * `held` while its rating is not shown yet (author not proven, or waiting for moderation): releasing the
 * rating makes it pending. `sent` means a provider accepted it (its message id kept in provider_message_id);
 * the provider's receipt moves it on to `delivered` or `undelivered`, or the receipt job to `unknown`.
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
    /** The provider that accepted the text, and its id for it: one per notification, never replaced. */
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    /** The carrier's or provider's error code of an undelivered text (its readable reason: status_reason). */
    errorCode: text('error_code'),
    /** When the receipt (or the receipt job) set delivered, undelivered or unknown. */
    receiptAt: timestamp('receipt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check('notifications_status_check', sql`${t.status} in (${statusList})`),
    index('notifications_pending_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // The receipt job looks for texts still `sent` after the receipt window.
    index('notifications_sent_idx').on(t.sentAt).where(sql`${t.status} = 'sent'`),
  ],
);

export const SMS_MESSAGE_KINDS = ['code', 'rating', 'reply'] as const;
export type SmsMessageKind = (typeof SMS_MESSAGE_KINDS)[number];

/**
 * `sending`: recorded before the request left, outcome not known yet (a lost answer leaves it so, until the
 * provider is asked); `refused`: the provider did not take it; the rest as for notifications.
 */
export const SMS_MESSAGE_STATUSES = [
  'sending',
  'refused',
  'sent',
  'delivered',
  'undelivered',
  'unknown',
] as const;
export type SmsMessageStatus = (typeof SMS_MESSAGE_STATUSES)[number];

/**
 * Every attempt to text anyone (code, rating and help texts), written BEFORE the request goes to the
 * provider: its id is our reference, carried to the provider (Twilio's status callback URL, End User
 * Messaging's Context) and back in its receipts, so a send whose answer was lost is found out instead of
 * sent again. No phone number: the figures need only the country.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<SmsMessageKind>().notNull(),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id'),
    country: text('country'),
    status: text('status').$type<SmsMessageStatus>().notNull().default('sending'),
    errorCode: text('error_code'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check('sms_messages_status_check', sql`${t.status} in (${sqlList(SMS_MESSAGE_STATUSES)})`),
    check('sms_messages_kind_check', sql`${t.kind} in (${sqlList(SMS_MESSAGE_KINDS)})`),
    uniqueIndex('sms_messages_provider_message_idx').on(t.provider, t.providerMessageId),
    index('sms_messages_notification_idx').on(t.notificationId),
    index('sms_messages_created_idx').on(t.createdAt),
  ],
);

/** Webhook calls already handled (provider, id): a second one with the same id is a replay. */
export const smsWebhookEvents = pgTable('sms_webhook_events', {
  key: text('key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/** Numbers that asked not to get rating texts (link opt-out or the provider's opt-out list). */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phoneNumber: text('phone_number').primaryKey(),
  /** 'link' (the /r/:guid button), 'settings', 'reply' (a STOP reply), 'provider' (its list said so). */
  source: text('source').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});

export type Notification = typeof notifications.$inferSelect;
export type SmsMessageRow = typeof smsMessages.$inferSelect;
