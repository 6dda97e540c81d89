import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Numbers whose proven owner turned on 'Do not rate me' (docs/trust-and-safety.md#rights). A table of its own
 * rather than a column of claimed_profiles: log out and account deletion remove the profile, and neither may
 * reopen the number to ratings.
 */
export const doNotRateNumbers = pgTable('do_not_rate_numbers', {
  phoneNumber: text('phone_number').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/**
 * A number whose owner turned 'Do not rate me' off: ratings that come to stand for it reach it no earlier
 * than `not_before` (the switch's moment plus the longest release delay), so a rating that arrives does not
 * tell the owner it was given after the switch went off (docs/anonymity.md#non-interference). Retention
 * deletes a row once `not_before` has passed.
 */
export const doNotRateLifts = pgTable('do_not_rate_lifts', {
  phoneNumber: text('phone_number').primaryKey(),
  notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
});

/**
 * What 'Delete my account' keeps because it protects other people (docs/data-rights.md#deletion-keeps-what-protects-others): under a
 * keyed hash of the deleted phone (`author_key`, an HMAC under the server secret, never the number), the
 * moderators' removals of that person's ratings (`kind` 'removal', counted by the repeat-offender hold) and
 * the numbers they rated (`kind` 'rated_number', with the rated number, for the once-per-30-days rule).
 * Retention deletes a record once its window has passed.
 */
export const erasedAccountRecords = pgTable(
  'erased_account_records',
  {
    authorKey: text('author_key').notNull(),
    kind: text('kind').$type<'removal' | 'rated_number'>().notNull(),
    /** The rated number of a 'rated_number' record; null for a removal. */
    phoneNumber: text('phone_number'),
    /** When the rating was made, or the removal decided. */
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('erased_account_records_author_idx').on(t.authorKey, t.kind, t.at),
    index('erased_account_records_at_idx').on(t.at),
  ],
);
