import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A phone number someone identified with, or that a notification link created (docs/product.md#data-model).
 */
export const claimedProfiles = pgTable(
  'claimed_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phoneNumber: text('phone_number').notNull().unique(),
    name: text('name'),
    isVerified: boolean('is_verified').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    // The admin profiles list pages newest first (created_at desc, id desc, read backwards from this index;
    // ascending so the backward scan matches DESC NULLS FIRST): without it every page
    // sorted the whole table (bench: 130 ms per page at 100,000 profiles).
    index('claimed_profiles_created_idx').on(t.createdAt, t.id),
    // The admin search is a substring match (`ilike '%term%'`), which a btree cannot serve: trigram indexes
    // (pg_trgm) can, instead of reading every profile to count the matches.
    index('claimed_profiles_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('claimed_profiles_phone_trgm_idx').using('gin', t.phoneNumber.op('gin_trgm_ops')),
  ],
);

export type ClaimedProfile = typeof claimedProfiles.$inferSelect;

/**
 * How many profiles there are, and how many are verified: kept exact by statement triggers on
 * claimed_profiles (migrations 0003 and 0010), so the admin list's total and the dashboard read it instead of
 * counting every profile (a sequential scan: 5–10 ms at 100,000 profiles, on every page). The figures are the
 * sums of 16 rows: a write adds its change to the row of its own connection, so concurrent code sends and
 * checks (each creates or verifies a profile) do not queue behind one row's lock until the other commits.
 */
export const profileCounts = pgTable(
  'profile_counts',
  {
    id: integer('id').primaryKey(),
    total: bigint('total', { mode: 'number' }).notNull(),
    verified: bigint('verified', { mode: 'number' }).notNull(),
  },
  (t) => [check('profile_counts_slot', sql`${t.id} between 1 and 16`)],
);
