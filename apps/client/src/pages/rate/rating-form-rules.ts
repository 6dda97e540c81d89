// The rating form's own checks: the fields of `rating.submit` it shares with the server
// (@exrated/content/fields, docs/architecture.md#ratings), so a person sees a mistake before sending; the
// server checks again and its answer wins. zod's mini build keeps the form's chunk small.
import { RELATIONSHIP_REQUIRED_MESSAGE, ratedNameField } from '@exrated/content/fields';
import { PHONE_NUMBER_MESSAGE } from '@exrated/content/phone';
import { z } from 'zod/mini';
import { isValidPhoneNumber, textableE164 } from '../../lib/phone-validation';

export const DEFAULT_SCORE = 5;

/** Step 1's fields; the phone must be one that can receive texts (the server texts the rated person). */
export const basicInfoSchema = z.object({
  name: ratedNameField,
  relationshipType: z.string({ message: RELATIONSHIP_REQUIRED_MESSAGE }),
  phoneNumber: z.string().check(z.refine(isValidPhoneNumber, { message: PHONE_NUMBER_MESSAGE })),
});

/** The values of the whole form: step 1's fields, the five scores by question id and the four texts. */
export interface RatingFormValues {
  name: string;
  relationshipType: string | null;
  phoneNumber: string;
  scores: Record<string, number>;
  gratitude: string;
  selfReflection: string;
  feedback: string;
  testimonial: string;
}

export type BasicInfo = Pick<RatingFormValues, 'name' | 'relationshipType' | 'phoneNumber'>;
export type BasicInfoField = keyof BasicInfo;
export const BASIC_INFO_FIELDS: readonly BasicInfoField[] = ['name', 'relationshipType', 'phoneNumber'];

/** The four texts of the second step. */
export type ReviewTexts = Pick<RatingFormValues, 'gratitude' | 'selfReflection' | 'feedback' | 'testimonial'>;

/** A shared link's `?phone=` as the phone input takes it (E.164), or '' when it is not a usable number. */
export function phoneFromSharedLink(value: string | null): string {
  return value ? (textableE164(value) ?? '') : '';
}
