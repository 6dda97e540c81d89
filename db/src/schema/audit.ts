import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const ERROR_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type ErrorSeverity = (typeof ERROR_SEVERITIES)[number];

/**
 * Activity log (docs/product.md#data-model). user_id is the acting device session's public id, never its
 * token.
 */
export const logs = pgTable(
  'logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id'),
    phoneNumber: text('phone_number'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('logs_phone_created_idx').on(t.phoneNumber, t.createdAt.desc()),
    index('logs_created_at_idx').on(t.createdAt.desc()),
    index('logs_action_created_idx').on(t.action, t.createdAt.desc()),
    // A person's own activity (export, account deletion) is found by their sessions.
    index('logs_user_idx').on(t.userId),
  ],
);

export const errorLogs = pgTable(
  'error_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id'),
    phoneNumber: text('phone_number'),
    errorMessage: text('error_message').notNull(),
    errorStack: text('error_stack'),
    errorType: text('error_type').notNull().default('runtime'),
    severity: text('severity').$type<ErrorSeverity>().notNull().default('medium'),
    url: text('url'),
    componentName: text('component_name'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('error_logs_phone_created_idx').on(t.phoneNumber, t.createdAt.desc()),
    index('error_logs_created_at_idx').on(t.createdAt.desc()),
    index('error_logs_severity_created_idx').on(t.severity, t.createdAt.desc()),
    index('error_logs_user_idx').on(t.userId),
    // The error log search and phone filter are substring matches: trigram indexes (pg_trgm) serve them.
    index('error_logs_message_trgm_idx').using('gin', t.errorMessage.op('gin_trgm_ops')),
    index('error_logs_component_trgm_idx').using('gin', t.componentName.op('gin_trgm_ops')),
    index('error_logs_phone_trgm_idx').using('gin', t.phoneNumber.op('gin_trgm_ops')),
    check('error_logs_severity_check', sql`${t.severity} in ('low', 'medium', 'high', 'critical')`),
  ],
);

export type LogEntry = typeof logs.$inferSelect;
export type NewLogEntry = typeof logs.$inferInsert;
export type ErrorLogEntry = typeof errorLogs.$inferSelect;
export type NewErrorLogEntry = typeof errorLogs.$inferInsert;
