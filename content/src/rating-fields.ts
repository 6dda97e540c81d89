/**
 * The rating's text fields as the terms and docs/architecture.md#ratings fix them: how each is named in a
 * message and how long it may be. The server's input schema and the rate form both read them from here.
 */
export const RATING_TEXT_FIELDS = {
  gratitude: 'What you were grateful for',
  selfReflection: 'What you wish you had done differently',
  feedback: 'What you wish they had done differently',
  testimonial: 'The testimonial',
} as const;
export type RatingTextField = keyof typeof RATING_TEXT_FIELDS;
export const RATED_NAME_LABEL = 'Their name';
export const DISPLAY_NAME_LABEL = 'Display name';
/** The longest public display name, in characters as people count them (code points, not UTF-16 units). */
export const DISPLAY_NAME_MAX_LENGTH = 40;

export const TESTIMONIAL_MAX_LENGTH = 120;
export const LONG_TEXT_MAX_LENGTH = 1000;
