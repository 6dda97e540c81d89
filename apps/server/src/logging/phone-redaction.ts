/**
 * Phone numbers never reach a log line whole: every digit but the last four is masked, so a line
 * can still be matched with a person's report ("the number ending 0187") but a leaked log holds no number.
 * It runs on the serialized line, so messages, error texts (a failed query's parameters), nested objects and
 * the console sender's texts are all covered, whatever their field names. The audit rows in the database keep
 * the full number: administrators need it there.
 *
 * Matched: a `+` (or its URL encoding `%2B`, as in a request path) followed by 7 to 15 digits with optional
 * spaces, dots, hyphens or parentheses between them (E.164 and international formats), and North American
 * national formats with separators ((415) 555-0187, 415-555-0187). Bare digit runs are left alone:
 * timestamps, durations and ids are such runs, and the app itself only ever handles numbers in E.164.
 */
const PHONE_PATTERN =
  /(\+|%2[Bb])(\d(?:[ ().-]{0,2}\d){6,14})|\(\d{3}\) ?\d{3}[-.]\d{4}\b|\b\d{3}[-.]\d{3}[-.]\d{4}\b/g;
const KEPT_DIGITS = 4;

/** `+14155550187` -> `+*******0187`: every digit but the last four masked, separators kept. */
export function maskPhoneNumber(phone: string): string {
  let digitsLeft = phone.replace(/\D/g, '').length;
  return phone.replace(/\d/g, (digit) => (digitsLeft-- > KEPT_DIGITS ? '*' : digit));
}

/** The text with every phone number in it masked. */
export function redactPhoneNumbers(text: string): string {
  return text.replace(PHONE_PATTERN, (match, plus: string | undefined, international: string | undefined) =>
    plus && international ? plus + maskPhoneNumber(international) : maskPhoneNumber(match),
  );
}
