// The rating form's own checks, the same rules as the server's `rating.submit` input
// (docs/architecture.md#ratings) so a person sees a mistake before sending; the server checks again and its
// answer wins. The name rule and the text limits come from the rule package the server uses
// (@exrated/content, its light modules only).
import { NAME_MESSAGE, NAME_PATTERN, NAME_REQUIRED_MESSAGE } from '@exrated/content/name';
import { containsDirectionControls, normalizeName } from '@exrated/content/normalize';
import { RATED_NAME_LABEL } from '@exrated/content/rating-fields';
import { screeningMessage } from '@exrated/content/rules';
import { isValidPhoneNumber } from '../../lib/phone-validation';

export const RELATIONSHIP_REQUIRED_MESSAGE = 'Please choose the relationship type';
export const PHONE_MESSAGE = 'Please enter a valid phone number with country code';
export const DEFAULT_SCORE = 5;

export function nameError(value: string): string | null {
  if (containsDirectionControls(value)) return screeningMessage(RATED_NAME_LABEL, 'direction-controls');
  const name = normalizeName(value);
  if (name === '') return NAME_REQUIRED_MESSAGE;
  return NAME_PATTERN.test(name) ? null : NAME_MESSAGE;
}

export interface BasicInfo {
  name: string;
  relationshipType: string | null;
  phoneNumber: string;
}

export type BasicInfoErrors = Partial<Record<keyof BasicInfo, string>>;

/** The four texts of the second step. */
export interface ReviewTexts {
  gratitude: string;
  selfReflection: string;
  feedback: string;
  testimonial: string;
}

export function basicInfoErrors(info: BasicInfo): BasicInfoErrors {
  const errors: BasicInfoErrors = {};
  const name = nameError(info.name);
  if (name) errors.name = name;
  if (!info.relationshipType) errors.relationshipType = RELATIONSHIP_REQUIRED_MESSAGE;
  if (!isValidPhoneNumber(info.phoneNumber)) errors.phoneNumber = PHONE_MESSAGE;
  return errors;
}

/** A shared link's `?phone=` as the phone input takes it (E.164), or '' when it is not a usable number. */
export function phoneFromSharedLink(value: string | null): string {
  if (!value) return '';
  const compact = value.trim().replace(/[\s().-]/g, '');
  const withPlus = compact.startsWith('+') ? compact : `+${compact}`;
  return isValidPhoneNumber(withPlus) ? withPlus : '';
}
