// The 'mobile' metadata (24 KB gzip against the default 'min' 20 KB) holds each country's mobile number
// patterns, so the browser applies the server's rule (docs/security.md#codes): only a number that can receive
// texts (type mobile, or fixed-line-or-mobile where a country does not tell them apart) is accepted. With it,
// landlines, premium-rate, shared-cost and personal numbers do not pass as valid.
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

// docs/product.md#phone-numbers: national number 2 to 17 digits, input text at most 250 characters.
export const PHONE_INPUT_MAX_LENGTH = 250;
const NATIONAL_NUMBER_MIN_DIGITS = 2;
const NATIONAL_NUMBER_MAX_DIGITS = 17;

/** Countries whose numbers are fully supported (texts are sent there); others may still be rated. */
export const SUPPORTED_PHONE_COUNTRIES = ['us', 'gb', 'ca', 'au'] as const;

const TEXTABLE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

function parseTextable(value: string) {
  if (value.length === 0 || value.length > PHONE_INPUT_MAX_LENGTH) return null;
  const parsed = parsePhoneNumberFromString(value);
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  if (!type || !TEXTABLE_TYPES.has(type)) return null;
  const nationalDigits = parsed.nationalNumber.length;
  if (nationalDigits < NATIONAL_NUMBER_MIN_DIGITS || nationalDigits > NATIONAL_NUMBER_MAX_DIGITS) return null;
  return parsed;
}

/** True when the text is a number that can receive texts, valid for its country, given with its country code. */
export function isValidPhoneNumber(value: string): boolean {
  return parseTextable(value) !== null;
}

/**
 * What keeps a verification code from going to this number, or null when nothing does: a code is only texted
 * to a textable number of a fully supported country. Guernsey, Jersey and the Isle of Man share the UK's +44
 * but are countries of their own, which the server refuses.
 */
export function codeTextProblem(value: string): 'invalid' | 'country' | null {
  const parsed = parseTextable(value);
  if (!parsed) return 'invalid';
  const country = parsed.country?.toLowerCase();
  return SUPPORTED_PHONE_COUNTRIES.some((supported) => supported === country) ? null : 'country';
}
