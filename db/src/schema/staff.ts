import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sqlValueList } from './value-list';

/** Staff roles (docs/staff.md): a moderator works the queue, profiles and logs; an admin does everything. */
export const STAFF_ROLES = ['admin', 'moderator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Why a one-time enrolment link exists: an invitation, or a second factor reset by an admin. */
export const STAFF_ENROLMENT_PURPOSES = ['invite', 'reset', 'first_login'] as const;
export type StaffEnrolmentPurpose = (typeof STAFF_ENROLMENT_PURPOSES)[number];

/**
 * A named staff account. `login` is the name or e-mail typed at login, stored lower-case. A removed account
 * keeps its row (its name still stands on the decisions it made) but loses every credential. The TOTP secret
 * is stored encrypted with a key derived from the session secret; recovery codes only as hashes.
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    login: text('login').notNull(),
    displayName: text('display_name').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    /** scrypt, with its parameters: `scrypt$N$r$p$salt$hash`. Null until an invited person chooses one. */
    passwordHash: text('password_hash'),
    totpSecret: text('totp_secret'),
    recoveryCodeHashes: text('recovery_code_hashes').array().notNull().default(sql`'{}'::text[]`),
    /** The last TOTP time step accepted for the account: a code of that step or an earlier one is refused. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Set only on the first admin made from the environment: it enrols its second factor after its password. */
    enrolsWithPassword: timestamp('enrols_with_password', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_accounts_login_idx').on(t.login),
    check('staff_accounts_role_check', sql`${t.role} in (${sqlValueList(STAFF_ROLES)})`),
  ],
);

/**
 * A one-time link that enrols a second factor (and, for an invitation, sets the password). Only the token's
 * hash is stored; the pending TOTP secret waits here, encrypted, until the first code from it is entered.
 */
export const staffEnrolments = pgTable(
  'staff_enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<StaffEnrolmentPurpose>().notNull(),
    pendingTotpSecret: text('pending_totp_secret'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('staff_enrolments_staff_idx').on(t.staffId),
    check('staff_enrolments_purpose_check', sql`${t.purpose} in (${sqlValueList(STAFF_ENROLMENT_PURPOSES)})`),
  ],
);

/**
 * A passkey (WebAuthn credential) a staff member registered as a second factor besides the authenticator app.
 * The public key is the COSE key as the authenticator sent it (base64url); `counter` is the signature counter
 * last seen, which a later login must exceed unless the authenticator keeps none (0).
 */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_passkeys_credential_idx').on(t.credentialId),
    index('staff_passkeys_staff_idx').on(t.staffId),
  ],
);

/**
 * A WebAuthn challenge waiting for its answer: single-use (taken by deleting the row) and short-lived. `key`
 * binds it to what asked for it: a staff session registering a passkey, or one login attempt.
 */
export const staffPasskeyChallenges = pgTable(
  'staff_passkey_challenges',
  {
    key: text('key').primaryKey(),
    challenge: text('challenge').notNull(),
    /** The account registering a passkey; null for a login, whose account is named by `login`. */
    staffId: uuid('staff_id').references(() => staffAccounts.id, { onDelete: 'cascade' }),
    login: text('login'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_passkey_challenges_expires_idx').on(t.expiresAt)],
);

export type StaffAccount = typeof staffAccounts.$inferSelect;
export type StaffPasskey = typeof staffPasskeys.$inferSelect;
export type StaffEnrolment = typeof staffEnrolments.$inferSelect;
