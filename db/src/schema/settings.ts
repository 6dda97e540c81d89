import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * An author whose ratings moderators hid or deleted more than this many times has their next ratings held
 * for review (docs/trust-and-safety.md#repeat-offenders), until an operator chooses another figure.
 */
export const DEFAULT_REPEAT_OFFENDER_THRESHOLD = 2;

/** Operator switches of the admin Tools page. A single row (id = 1) so every instance reads the same values. */
export const appSettings = pgTable(
  'app_settings',
  {
    id: integer('id').primaryKey().default(1),
    maintenanceMode: boolean('maintenance_mode').notNull().default(false),
    logLevel: text('log_level').$type<LogLevel>().notNull().default('info'),
    repeatOffenderThreshold: integer('repeat_offender_threshold')
      .notNull()
      .default(DEFAULT_REPEAT_OFFENDER_THRESHOLD),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check('app_settings_single_row', sql`${t.id} = 1`),
    check('app_settings_log_level_check', sql`${t.logLevel} in ('debug', 'info', 'warn', 'error')`),
    check('app_settings_repeat_offender_threshold_check', sql`${t.repeatOffenderThreshold} >= 1`),
  ],
);

export type AppSettings = typeof appSettings.$inferSelect;
