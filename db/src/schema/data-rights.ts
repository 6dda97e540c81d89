import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Numbers whose proven owner turned on 'Do not rate me' (docs/trust-and-safety.md#rights). A table of its own
 * rather than a column of claimed_profiles: log out and account deletion remove the profile, and neither may
 * reopen the number to ratings.
 */
export const doNotRateNumbers = pgTable('do_not_rate_numbers', {
  phoneNumber: text('phone_number').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
});
