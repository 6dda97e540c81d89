import {
  DECISION_OUTCOMES,
  DECISION_REASONS,
  ERROR_SEVERITIES,
  LOG_LEVELS,
  QUEUE_ITEM_KINDS,
} from '@exrated/db/schema';
import { z } from 'zod';
import { ITEM_NOT_FOUND } from '../services/moderation/decide';
import { PILE_ON_MAX_ITEMS } from '../services/moderation/pile-ons';
import { passkeyAssertionInput, staffAccountField } from './staff.schemas';

/**
 * Admin list sizes (docs/product.md#admin): an error-log page of 10 and log lists of 100; profiles page at
 * most 100.
 */
export const ERROR_LOG_PAGE_SIZE = 10;
export const LOG_LIST_LIMIT = 100;
export const PROFILE_PAGE_SIZE_MAX = 100;
export const SQL_TOOL_ROWS = 10;

const searchField = z.string().trim().max(200).optional();

export const adminLoginInput = z.strictObject({
  account: staffAccountField,
  password: z.string().min(1, 'Please enter the admin password').max(1000),
  /** The authenticator app's 6 digits or a recovery code; absent only for a first login that enrols. */
  code: z.string().trim().max(20, 'The code is too long').optional(),
  /** A passkey's answer in place of the code (docs/staff.md#passkeys). */
  passkey: passkeyAssertionInput.optional(),
});

export const adminProfilesInput = z.strictObject({
  search: searchField,
  filter: z.enum(['all', 'verified', 'unverified']).default('all'),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(PROFILE_PAGE_SIZE_MAX).default(50),
});

export const adminProfileInput = z.strictObject({
  phoneNumber: z.string().trim().min(1).max(250),
});

export const adminLogsInput = z.strictObject({
  search: searchField,
  action: z.string().trim().max(100).optional(),
  category: z.enum(['all', 'verification']).default('all'),
});

export const adminErrorLogsInput = z.strictObject({
  search: searchField,
  phone: z.string().trim().max(250).optional(),
  severity: z.enum(ERROR_SEVERITIES).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
});

export const adminSqlQueryInput = z.strictObject({
  query: z.string().max(10_000, 'The query is too long'),
});

/** The repeat-offender threshold an operator may choose (docs/trust-and-safety.md#repeat-offenders). */
export const REPEAT_OFFENDER_THRESHOLD_MAX = 100;

export const adminSaveSettingsInput = z.strictObject({
  maintenanceMode: z.boolean(),
  logLevel: z.enum(LOG_LEVELS),
  /** Absent: the threshold in force stays. */
  repeatOffenderThreshold: z
    .number('The threshold must be a whole number.')
    .int('The threshold must be a whole number.')
    .min(1, 'The threshold must be at least 1.')
    .max(REPEAT_OFFENDER_THRESHOLD_MAX, `The threshold must be at most ${REPEAT_OFFENDER_THRESHOLD_MAX}.`)
    .optional(),
});

/** A decision's note is shown to the reporter and the author with its reason. */
export const DECISION_NOTE_MAX = 1000;

/** The queue's filters (docs/trust-and-safety.md): a kind, a rule or reason, a notice's reference. */
export const adminQueueInput = z
  .strictObject({
    kind: z.enum(QUEUE_ITEM_KINDS, 'Unknown kind of queue item.').optional(),
    trigger: z.string().trim().min(1).max(80, 'The rule or reason is too long.').optional(),
    reference: z.string().trim().min(1).max(40, 'A reference is 12 characters.').optional(),
  })
  .default({});

const decisionFields = {
  outcome: z.enum(DECISION_OUTCOMES, 'Please choose keep, hide or delete.'),
  reason: z.enum(DECISION_REASONS, 'Please choose a reason from the list.'),
  note: z
    .string()
    .trim()
    .max(DECISION_NOTE_MAX, `The note must be at most ${DECISION_NOTE_MAX} characters.`)
    .default(''),
};

/** A pile-on group's items (docs/trust-and-safety.md#pile-ons): at most a queue page of them, each once. */
export const adminDecideGroupInput = z.strictObject({
  items: z
    .array(
      z.strictObject({
        kind: z.enum(['held_rating', 'notice'], 'A group holds held ratings and notices only.'),
        id: z.uuid(ITEM_NOT_FOUND),
      }),
    )
    .min(2, 'A group has at least two items.')
    .max(PILE_ON_MAX_ITEMS, `A group has at most ${PILE_ON_MAX_ITEMS} items.`)
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, {
      message: 'Each item of a group is named once.',
    }),
  ...decisionFields,
});

export const adminDecideInput = z.strictObject({
  kind: z.enum(QUEUE_ITEM_KINDS, 'Unknown kind of queue item.'),
  id: z.uuid(ITEM_NOT_FOUND),
  ...decisionFields,
});
