/**
 * The content rules of the terms (section 3, 'Content Guidelines'), enforced on the server (DESIGN.md section
 * 4): a review must not carry contact details, because a rating that leads to someone's phone, inbox or
 * social account turns anonymous feedback into a harassment tool. Full names are refused by the name rule of
 * the rating input instead.
 */

export type ContactDetailKind = 'phone' | 'email' | 'url' | 'handle';

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;
const URL_WITH_SCHEME = /\b(?:https?:\/\/|www\.)\S+/i;
// Bare domains ('insta.gram.com/alex', 'alex.me'): common top-level domains only, so ordinary sentences
// that miss a space after a full stop ('fine.Then') are not mistaken for links.
const BARE_DOMAIN =
  /\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:com|net|org|io|co|me|app|ly|gg|tv|info|biz|xyz|dev|link|site|online|uk|us|ca|au|de|fr|es|it|nl|ru|in|br)\b/iu;
const HANDLE = /(?:^|[^\p{L}\p{N}._%+-])@[\p{L}\p{N}_.]{2,}/u;
// A run of digits with the separators people put in phone numbers.
const DIGIT_RUN = /\+?\(?\d[\d\s().\-–]*\d/g;
// A phone number has at least 7 digits (a local number without area code).
const PHONE_MIN_DIGITS = 7;
// Year ranges ('2015-2019', '2015 – 2019') are ordinary in reviews and look like digit runs.
const YEAR_RANGE = /^(?:19|20)\d{2}\s*[-–]\s*(?:19|20)\d{2}$/;

function containsPhoneNumber(text: string): boolean {
  for (const match of text.matchAll(DIGIT_RUN)) {
    const run = match[0].trim();
    const digits = run.replace(/\D/g, '').length;
    if (digits >= PHONE_MIN_DIGITS && !YEAR_RANGE.test(run)) return true;
  }
  return false;
}

/** The kinds of contact detail found in `text` (empty when it is clean). */
export function findContactDetails(text: string): ContactDetailKind[] {
  const found: ContactDetailKind[] = [];
  const hasEmail = EMAIL.test(text);
  if (hasEmail) found.push('email');
  if (containsPhoneNumber(text)) found.push('phone');
  if (URL_WITH_SCHEME.test(text) || (!hasEmail && BARE_DOMAIN.test(text))) found.push('url');
  if (HANDLE.test(text)) found.push('handle');
  return found;
}

/** The rejection for a text field, naming the field and the rule; null when the text is allowed. */
export function contactDetailsViolation(fieldName: string, text: string): string | null {
  if (findContactDetails(text).length === 0) return null;
  return `${fieldName} must not contain contact details (phone numbers, emails, links or @handles).`;
}
