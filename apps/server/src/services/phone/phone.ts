import { type CountryCode, type NumberType, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';

/** docs/product.md#phone-numbers: input text at most 250 characters; national number 2 to 17 digits. */
export const PHONE_INPUT_MAX_LENGTH = 250;
const NATIONAL_NUMBER_MIN = 2;
const NATIONAL_NUMBER_MAX = 17;

export interface ParsedPhone {
  /** E.164, e.g. +14155550100. */
  e164: string;
  /** ISO 3166 alpha-2, e.g. 'US'; undefined for non-geographic numbers. */
  country: string | undefined;
  /** libphonenumber's number type from the full metadata ('MOBILE', 'PREMIUM_RATE', ...), when it knows it. */
  type: NumberType;
}

/**
 * docs/product.md#phone-numbers: spaces, parentheses and hyphens are removed and a leading + is added if
 * missing; the result must be a valid number for its country (libphonenumber's full metadata).
 */
export function parsePhone(input: string): ParsedPhone | null {
  if (input.length > PHONE_INPUT_MAX_LENGTH) return null;
  const stripped = input.trim().replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(stripped)) return null;
  const withPlus = stripped.startsWith('+') ? stripped : `+${stripped}`;
  const parsed = parsePhoneNumberFromString(withPlus);
  if (!parsed?.isValid()) return null;
  const national = parsed.nationalNumber.length;
  if (national < NATIONAL_NUMBER_MIN || national > NATIONAL_NUMBER_MAX) return null;
  return { e164: parsed.number, country: parsed.country, type: parsed.getType() };
}

/** The E.164 shape: '+', a country code that does not start with 0, at most 15 digits in all. */
const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * Whether a number a provider hands us (the sender of a reply, the destination in a receipt) has the E.164
 * shape. Only such a number is stored or acted on; whether it may get texts is `untextableReason`'s call.
 */
export function isE164(value: string): boolean {
  return E164.test(value);
}

/**
 * Number types that receive texts. Premium-rate, shared-cost, personal, toll-free, pager, VoIP and landline
 * numbers never get one: texting them is how SMS pumping fraud makes money (docs/security.md#codes).
 */
const TEXTABLE_TYPES: ReadonlySet<NumberType> = new Set<NumberType>(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

export type UntextableReason = 'country_not_allowed' | 'number_type_not_allowed';

/**
 * Why no text may go to this number, or null when one may: the country must be on the allow-list and the
 * number one that receives texts. The same rule serves code texts and rating texts.
 */
export function untextableReason(
  phone: ParsedPhone,
  allowedCountries: readonly string[],
): UntextableReason | null {
  if (phone.country === undefined || !allowedCountries.includes(phone.country as CountryCode)) {
    return 'country_not_allowed';
  }
  return TEXTABLE_TYPES.has(phone.type) ? null : 'number_type_not_allowed';
}

/** A zod field that accepts a phone number as typed and yields its E.164 form, or fails with `message`. */
export function phoneNumberField(message: string) {
  return z
    .string({ message })
    .max(PHONE_INPUT_MAX_LENGTH, message)
    .transform((value, ctx) => {
      const parsed = parsePhone(value);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return parsed.e164;
    });
}
