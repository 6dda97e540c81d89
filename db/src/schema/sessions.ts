import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staffAccounts } from './staff';

/**
 * A browser's device session (docs/security.md#sessions). The cookie holds a random token; only its hash is
 * stored, so a database dump cannot be replayed as a cookie. `id` is the public id written to logs.user_id.
 */
export const deviceSessions = pgTable(
  'device_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The phone this session typed (unlock form) or proved; proven only when phoneProvenAt is set. */
    phoneNumber: text('phone_number'),
    phoneProvenAt: timestamp('phone_proven_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('device_sessions_expires_at_idx').on(t.expiresAt),
    index('device_sessions_phone_idx').on(t.phoneNumber),
  ],
);

/**
 * A staff member's session: separate from device sessions, 30 min idle and 8 h absolute (docs/staff.md).
 * Removing the account removes its sessions; disabling it deletes them.
 */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('admin_sessions_expires_at_idx').on(t.expiresAt),
    index('admin_sessions_staff_idx').on(t.staffId),
  ],
);

export type DeviceSession = typeof deviceSessions.$inferSelect;
export type AdminSession = typeof adminSessions.$inferSelect;
