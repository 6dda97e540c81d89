import {
  crossFieldRefusals,
  LONG_TEXT_MAX_LENGTH,
  NAME_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  RATED_NAME_LABEL,
  RATING_TEXT_FIELDS,
  type ScreeningVerdict,
  screenRatingInput,
  TESTIMONIAL_MAX_LENGTH,
} from '@exrated/content';
import { RELATIONSHIP_REQUIRED_MESSAGE, ratedNameField } from '@exrated/content/fields';
import { PHONE_NUMBER_MESSAGE } from '@exrated/content/phone';
import { RELATIONSHIP_TYPES } from '@exrated/db/schema';
import { z } from 'zod';
import { refuseScreenedName, screenedText } from '../content/screened-fields';
import { phoneNumberField } from '../phone/phone';
import { RATING_QUESTION_IDS } from './rating-questions';

export const SCORE_MESSAGE = 'Each score must be a whole number from 1 to 10';
export const SCORES_MESSAGE = 'Please score each of the five questions once';

// docs/architecture.md#ratings: a first name of 1–30 letters of any script, optionally one initial
// (NAME_PATTERN), checked by the field the rate form checks too (ratedNameField).
const name = z
  .string({ message: NAME_REQUIRED_MESSAGE })
  .max(100, NAME_MESSAGE)
  .pipe(ratedNameField)
  .pipe(z.string().superRefine(refuseScreenedName(RATED_NAME_LABEL)));

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

/**
 * `rating.submit` input, exactly as docs/trust-and-safety.md#screening fixes it, normalized and screened
 * (docs/product.md#rate-form): what the rules refuse is an input error here; what they hold is held by the
 * submission (screenRatingInput).
 */
/**
 * The screening verdict of each input the schema has read, for the submission that gets the same object: the
 * rules read every text once for the cross-field refusals and once more for the holds, where the verdict is
 * the same (screenRatingInput is a function of the input alone).
 */
const verdicts = new WeakMap<object, ScreeningVerdict>();

export const ratingSubmitInput = z
  .strictObject({
    name,
    relationshipType: z.enum(RELATIONSHIP_TYPES, { message: RELATIONSHIP_REQUIRED_MESSAGE }),
    phoneNumber: phoneNumberField(PHONE_NUMBER_MESSAGE),
    scores,
    testimonial: screenedText(RATING_TEXT_FIELDS.testimonial, TESTIMONIAL_MAX_LENGTH, { singleLine: true }),
    gratitude: screenedText(RATING_TEXT_FIELDS.gratitude, LONG_TEXT_MAX_LENGTH),
    selfReflection: screenedText(RATING_TEXT_FIELDS.selfReflection, LONG_TEXT_MAX_LENGTH),
    feedback: screenedText(RATING_TEXT_FIELDS.feedback, LONG_TEXT_MAX_LENGTH),
  })
  // What needs more than one field: the rated person named in full in a text, and what the fields refuse
  // only when read together (docs/screening.md).
  .superRefine((input, ctx) => {
    const verdict = screenRatingInput(input);
    verdicts.set(input, verdict);
    for (const { field, message } of crossFieldRefusals(input, verdict)) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });

export type RatingSubmitInput = z.output<typeof ratingSubmitInput>;

/** The screening verdict of an input the schema read (computed again for one it did not). */
export function screeningVerdictOf(input: RatingSubmitInput): ScreeningVerdict {
  return verdicts.get(input) ?? screenRatingInput(input);
}
