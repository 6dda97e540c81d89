// The browser's reading of the shared phone rules (@exrated/content/phone). The 'mobile' metadata (24 KB gzip
// against the default 'min' 20 KB) holds each country's mobile number patterns, so the browser applies the
// server's rule (docs/security.md#codes): only a number that can receive texts (type mobile, or
// fixed-line-or-mobile where a country does not tell them apart) is accepted. With it, landlines,
// premium-rate, shared-cost and personal numbers do not pass as valid.
import { isTextableType, readPhoneNumber, untextableReason } from '@exrated/content/phone';
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

function readTextable(value: string) {
  const parsed = readPhoneNumber(value, parsePhoneNumberFromString);
  return parsed && isTextableType(parsed.getType()) ? parsed : null;
}

/** The number in E.164 when the text is one that can receive texts (as `isValidPhoneNumber`), else null. */
export function textableE164(value: string): string | null {
  return readTextable(value)?.number ?? null;
}

/** True when the text is a number that can receive texts, valid for its country, given with its country code. */
export function isValidPhoneNumber(value: string): boolean {
  return readTextable(value) !== null;
}

/**
 * What keeps a verification code from going to this number, or null when nothing does: a code is only texted
 * to a textable number of a country the server texts (`textableCountries`, from verification.defaultCountry).
 */
export function codeTextProblem(
  value: string,
  textableCountries: readonly string[],
): 'invalid' | 'country' | null {
  const parsed = readTextable(value);
  if (!parsed) return 'invalid';
  return untextableReason({ country: parsed.country, type: parsed.getType() }, textableCountries)
    ? 'country'
    : null;
}
