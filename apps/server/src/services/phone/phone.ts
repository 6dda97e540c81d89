import { PHONE_INPUT_MAX_LENGTH, readPhoneNumber } from '@exrated/content/phone';
import { type NumberType, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';

// The rules themselves are shared with the browser (@exrated/content/phone); the server reads numbers with
// libphonenumber's full metadata, which tells every number type apart.

export interface ParsedPhone {
  /** E.164, e.g. +14155550100. */
  e164: string;
  /** ISO 3166 alpha-2, e.g. 'US'; undefined for non-geographic numbers. */
  country: string | undefined;
  /** libphonenumber's number type from the full metadata ('MOBILE', 'PREMIUM_RATE', ...), when it knows it. */
  type: NumberType;
}

/** The number as docs/product.md#phone-numbers reads it (readPhoneNumber), with the full metadata. */
export function parsePhone(input: string): ParsedPhone | null {
  const parsed = readPhoneNumber(input, parsePhoneNumberFromString);
  return parsed ? { e164: parsed.number, country: parsed.country, type: parsed.getType() } : null;
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
