/**
 * The rated person's name (docs/screening.md; terms, 'Content Guidelines'): a first name of 1–30 letters of
 * any script, with hyphens or apostrophes, optionally one initial with an optional period. 'Alex S.', 'Zoë',
 * 'José M' pass; 'Alexander Smith' does not: a full name makes the person findable.
 */
export const NAME_PATTERN = /^\p{L}[\p{L}\p{M}'’-]{0,29}(?: \p{L}\.?)?$/u;
export const NAME_MESSAGE = 'Use a first name and at most one initial, e.g. Alex S.';
export const NAME_REQUIRED_MESSAGE = 'Please enter their first name';
