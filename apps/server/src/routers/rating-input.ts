import { RELATIONSHIP_TYPES } from '@exrated/db/schema';
import { z } from 'zod';
import { contactDetailsViolation } from '../services/content-rules';
import { phoneNumberField } from '../services/phone';
import { RATING_QUESTION_IDS } from '../services/rating-questions';

export const PHONE_NUMBER_MESSAGE = 'Please enter a valid phone number with country code';
export const NAME_MESSAGE = 'Use a first name and at most one initial, e.g. Alex S.';
export const SCORE_MESSAGE = 'Each score must be a whole number from 1 to 10';
export const SCORES_MESSAGE = 'Please score each of the five questions once';
export const TESTIMONIAL_MAX_LENGTH = 120;
export const LONG_TEXT_MAX_LENGTH = 1000;

// DESIGN.md section 4: a first name of 1–30 letters of any script (with hyphens or apostrophes), optionally
// one initial with an optional period. Terms: first name and initial only, never a full name.
const NAME_PATTERN = /^\p{L}[\p{L}\p{M}'’-]{0,29}(?: \p{L}\.?)?$/u;

const name = z
  .string({ message: 'Please enter their first name' })
  .max(100, NAME_MESSAGE)
  .transform((value) => value.normalize('NFC').trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, { message: 'Please enter their first name', abort: true })
      .regex(NAME_PATTERN, NAME_MESSAGE),
  );

/** An optional text: trimmed, empty becomes null, and no contact details (terms, content guidelines). */
function reviewText(fieldName: string, maxLength: number, options: { singleLine?: boolean } = {}) {
  return (
    z
      .string()
      .trim()
      // One message per field: a text that is too long is not also checked for contact details.
      .max(maxLength, {
        message: `${fieldName} must be at most ${maxLength.toLocaleString('en-US')} characters`,
        abort: true,
      })
      .refine((value) => !options.singleLine || !/[\r\n]/.test(value), {
        message: `${fieldName} must fit on one line`,
        abort: true,
      })
      .superRefine((value, ctx) => {
        const violation = contactDetailsViolation(fieldName, value);
        if (violation) ctx.addIssue({ code: 'custom', message: violation });
      })
      .nullish()
      .transform((value) => (value ? value : null))
  );
}

const score = z.strictObject({
  questionId: z.number({ message: 'Unknown question' }).int('Unknown question'),
  score: z.number({ message: SCORE_MESSAGE }).int(SCORE_MESSAGE).min(1, SCORE_MESSAGE).max(10, SCORE_MESSAGE),
});

const scores = z
  .array(score, { message: SCORES_MESSAGE })
  .refine(
    (entries) =>
      entries.length === RATING_QUESTION_IDS.length &&
      RATING_QUESTION_IDS.every((id) => entries.some((entry) => entry.questionId === id)),
    SCORES_MESSAGE,
  );

/** `rating.submit` input, exactly as DESIGN.md section 4 fixes it. */
export const ratingSubmitInput = z.strictObject({
  name,
  relationshipType: z.enum(RELATIONSHIP_TYPES, { message: 'Please choose the relationship type' }),
  phoneNumber: phoneNumberField(PHONE_NUMBER_MESSAGE),
  scores,
  testimonial: reviewText('The testimonial', TESTIMONIAL_MAX_LENGTH, { singleLine: true }),
  gratitude: reviewText('What you were grateful for', LONG_TEXT_MAX_LENGTH),
  selfReflection: reviewText('What you wish you had done differently', LONG_TEXT_MAX_LENGTH),
  feedback: reviewText('What you wish they had done differently', LONG_TEXT_MAX_LENGTH),
});

export type RatingSubmitInput = z.output<typeof ratingSubmitInput>;
