import { parsePhoneNumberFromString } from 'libphonenumber-js';

// Spec section 9: national number 2 to 17 digits, input text at most 250 characters.
export const PHONE_INPUT_MAX_LENGTH = 250;
const NATIONAL_NUMBER_MIN_DIGITS = 2;
const NATIONAL_NUMBER_MAX_DIGITS = 17;

/** Countries whose numbers are fully supported (texts are sent there); others may still be entered. */
export const SUPPORTED_PHONE_COUNTRIES = ['us', 'gb', 'ca', 'au'] as const;

/** True when the text is a phone number valid for its country, given with its country code. */
export function isValidPhoneNumber(value: string): boolean {
  if (value.length === 0 || value.length > PHONE_INPUT_MAX_LENGTH) return false;
  const parsed = parsePhoneNumberFromString(value);
  if (!parsed?.isValid()) return false;
  const nationalDigits = parsed.nationalNumber.length;
  return nationalDigits >= NATIONAL_NUMBER_MIN_DIGITS && nationalDigits <= NATIONAL_NUMBER_MAX_DIGITS;
}
