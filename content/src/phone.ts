// The phone number rules the server and the browser both apply (docs/product.md#phone-numbers): how the text
// is read, which numbers can receive texts, and the messages for a number that is not valid. libphonenumber is
// handed in, not imported: the server reads numbers with its full metadata, the browser with the smaller
// 'mobile' set, and this module stays light enough for the browser's first screens.
import type { NumberType, PhoneNumber } from 'libphonenumber-js';

/** The input text at most 250 characters; the national number 2 to 17 digits. */
export const PHONE_INPUT_MAX_LENGTH = 250;
const NATIONAL_NUMBER_MIN_DIGITS = 2;
const NATIONAL_NUMBER_MAX_DIGITS = 17;

/** The message of a form that needs the number with its country code (rating, verification). */
export const PHONE_NUMBER_MESSAGE = 'Please enter a valid phone number with country code';
/** The message of the forms that save the viewer's own number (unlock, settings). */
export const OWN_PHONE_NUMBER_MESSAGE = 'Please enter a valid phone number';

/** libphonenumber's `parsePhoneNumberFromString`, with the metadata of the side that calls. */
export type PhoneNumberParser = (text: string) => PhoneNumber | undefined;

/**
 * The number the text names, or null: spaces, parentheses and hyphens are removed and a leading + is added
 * if missing; the result must be a valid number for its country with a national number of 2 to 17 digits.
 */
export function readPhoneNumber(input: string, parse: PhoneNumberParser): PhoneNumber | null {
  if (input.length > PHONE_INPUT_MAX_LENGTH) return null;
  const stripped = input.trim().replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(stripped)) return null;
  const parsed = parse(stripped.startsWith('+') ? stripped : `+${stripped}`);
  if (!parsed?.isValid()) return null;
  const national = parsed.nationalNumber.length;
  if (national < NATIONAL_NUMBER_MIN_DIGITS || national > NATIONAL_NUMBER_MAX_DIGITS) return null;
  return parsed;
}

/**
 * Number types that receive texts. Premium-rate, shared-cost, personal, toll-free, pager, VoIP and landline
 * numbers never get one: texting them is how SMS pumping fraud makes money (docs/security.md#codes).
 */
const TEXTABLE_TYPES: ReadonlySet<NumberType> = new Set<NumberType>(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

export function isTextableType(type: NumberType): boolean {
  return TEXTABLE_TYPES.has(type);
}

export type UntextableReason = 'country_not_allowed' | 'number_type_not_allowed';

/**
 * Why no text may go to this number, or null when one may: its country must be on the allow-list (ISO 3166
 * alpha-2, either case) and the number one that receives texts. Guernsey, Jersey and the Isle of Man share
 * the UK's +44 but are countries of their own.
 */
export function untextableReason(
  phone: { country: string | undefined; type: NumberType },
  allowedCountries: readonly string[],
): UntextableReason | null {
  const country = phone.country?.toUpperCase();
  if (country === undefined || !allowedCountries.some((allowed) => allowed.toUpperCase() === country)) {
    return 'country_not_allowed';
  }
  return isTextableType(phone.type) ? null : 'number_type_not_allowed';
}
