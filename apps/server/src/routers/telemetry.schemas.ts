import { z } from 'zod';

/**
 * Actions only the client sees (docs/security.md#audit), plus the id of a /rate/:id link, which
 * docs/security.md#sessions says is only logged. Anything else is refused.
 */
export const CLIENT_ACTIONS = [
  'onboarding_step_completed',
  'verification_code_input_completed',
  'rate_link_opened',
] as const;

const MAX_DETAILS_CHARACTERS = 2048;
const MAX_DETAIL_NAME_LENGTH = 64;
const MAX_DETAIL_TEXT_LENGTH = 500;

/**
 * Names no details object may use: superjson refuses to write them (so a stored row holding one made every
 * admin page that listed it answer 500), and in JavaScript they reach an object's prototype.
 */
const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

export type DetailValue = string | number | boolean | null;
export type Details = Record<string, DetailValue>;

export const DETAILS_MESSAGES = {
  shape: 'Details must be an object of names and values',
  reservedName: 'Details must not use the names __proto__, constructor or prototype',
  nameLength: `Details names must be at most ${MAX_DETAIL_NAME_LENGTH} characters`,
  value: `Details values must be text of at most ${MAX_DETAIL_TEXT_LENGTH} characters, numbers, true, false or null`,
  size: `Details must be at most ${MAX_DETAILS_CHARACTERS} characters`,
} as const;

function isDetailValue(value: unknown): value is DetailValue {
  switch (typeof value) {
    case 'string':
      return value.length <= MAX_DETAIL_TEXT_LENGTH;
    case 'number':
      return Number.isFinite(value);
    case 'boolean':
      return true;
    default:
      return value === null;
  }
}

/** What is wrong with `value` as details, or null. Never quotes a name or value: they are the caller's. */
function detailsProblem(value: unknown): string | null {
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    Object.getPrototypeOf(value) !== Object.prototype
  ) {
    return DETAILS_MESSAGES.shape;
  }
  for (const [name, item] of Object.entries(value)) {
    if (RESERVED_NAMES.has(name)) return DETAILS_MESSAGES.reservedName;
    if (name.length > MAX_DETAIL_NAME_LENGTH) return DETAILS_MESSAGES.nameLength;
    if (!isDetailValue(item)) return DETAILS_MESSAGES.value;
  }
  return JSON.stringify(value).length > MAX_DETAILS_CHARACTERS ? DETAILS_MESSAGES.size : null;
}

/**
 * A flat object of plain names and plain values, checked as one field: every problem is reported on
 * `details` itself, so no error ever carries back a name the caller chose. The input transformer keeps a
 * `__proto__` key as an own property (init.ts), so it is seen here and refused like the other two.
 */
const detailsSchema = z
  .unknown()
  .superRefine((value, ctx) => {
    const problem = detailsProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value as Details)
  .optional();

export const trackInput = z.strictObject({
  action: z.enum(CLIENT_ACTIONS, { message: 'Unknown action' }),
  details: detailsSchema,
});

export const reportErrorInput = z.strictObject({
  message: z.string().trim().min(1, 'An error message is required').max(2000),
  stack: z.string().max(10_000).optional(),
  componentName: z.string().max(200).optional(),
  url: z.string().max(2000).optional(),
  errorType: z.enum(['runtime', 'unhandled_rejection', 'render', 'network']).default('runtime'),
  severity: z.enum(['low', 'medium', 'high']).default('medium'),
  details: detailsSchema,
});
