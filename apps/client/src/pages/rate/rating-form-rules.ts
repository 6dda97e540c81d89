// The rating form's own checks, the same rules as the server's `rating.submit` input (DESIGN.md section 4) so
// a person sees a mistake before sending; the server checks again and its answer wins.
import { isValidPhoneNumber } from '../../lib/phone-validation';

export const NAME_MESSAGE = 'Use a first name and at most one initial, e.g. Alex S.';
export const NAME_REQUIRED_MESSAGE = 'Please enter their first name';
export const RELATIONSHIP_REQUIRED_MESSAGE = 'Please choose the relationship type';
export const PHONE_MESSAGE = 'Please enter a valid phone number with country code';
export const TESTIMONIAL_MAX_LENGTH = 120;
export const LONG_TEXT_MAX_LENGTH = 1000;
export const DEFAULT_SCORE = 5;

// A first name of 1–30 letters of any script (hyphens and apostrophes too), optionally one initial.
const NAME_PATTERN = /^\p{L}[\p{L}\p{M}'’-]{0,29}(?: \p{L}\.?)?$/u;

export function normalizeName(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ');
}

export function nameError(value: string): string | null {
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
