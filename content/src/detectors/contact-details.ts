import { findPhoneNumbersInText } from 'libphonenumber-js/min';
import { find as findLinks } from 'linkifyjs';
import { readings } from '../reading';

/**
 * Contact details in a text (terms, 'Content Guidelines'): a review that leads to someone's phone, inbox or
 * social account turns anonymous feedback into a harassment tool. Runs on normalized text, so full-width
 * digits, '＠' and zero-width characters are already gone.
 */
export type ContactDetailKind = 'phone' | 'email' | 'url' | 'handle';

// libphonenumber reads national formats for the countries texts go to and any number in international
// format. Its 'min' metadata (the build the browser already loads) is enough here: spotting a number in prose
// needs its length and leading digits, not the full per-type patterns the server's phone field checks.
const PHONE_COUNTRIES = ['US', 'GB', 'CA', 'AU'] as const;
// Numbers libphonenumber does not call valid are still contact details: fictional 555 numbers, local numbers
// without an area code, digits spaced apart. So any run of 7 or more digits with the separators people put in
// phone numbers counts too, with the dates and year ranges reviews are full of left out.
const DIGIT_RUN = /\+?\(?\d[\d\s().\-–—_]*\d/g;
const PHONE_MIN_DIGITS = 7;
const NOT_A_PHONE = [
  /^(?:19|20)\d{2}\s*[-–—]\s*(?:19|20)\d{2}$/, // 2015-2019
  /^\d{1,2}[.-]\d{1,2}[.-](?:19|20)?\d{2}$/, // 10.10.2019, 1-2-19
  /^(?:19|20)\d{2}[.-]\d{1,2}[.-]\d{1,2}$/, // 2019-10-10
];
// Digits written as words ('five five five one two three four') or with letters for 0 and 1 ('2O2 555 Ol43').
const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
const DIGIT_WORD = /(?<![a-z])(?:zero|one|two|three|four|five|six|seven|eight|nine)(?![a-z])/gi;
const LETTER_DIGIT = /(?<=\d[\s.-]?)[oOlI](?=[\s.-]?[\doOlI])|(?<=[\doOlI][\s.-]?)[oOlI](?=[\s.-]?\d)/g;

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;
// An email spelled out to slip past a filter: 'alex at gmail dot com', 'alex [at] gmail [dot] com'.
const EMAIL_TOP_LEVEL = String.raw`(?:com|net|org|edu|gov|io|co|me|uk|de|fr|ca|au|us|info|biz)\b`;
const SPELLED_EMAILS = [
  String.raw`[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\]|\{at\}|\sat\s)\s*[\p{L}\p{N}-]+\s*(?:\(dot\)|\[dot\]|\{dot\}|\sdot\s)\s*`,
  String.raw`[\p{L}\p{N}._%+-]+\s*(?:\(at\)|\[at\]|\{at\}|\s@\s?|@\s)\s*[\p{L}\p{N}-]+\s*\.\s*`,
].map((start) => new RegExp(start + EMAIL_TOP_LEVEL, 'iu'));
const HANDLE = /(?:^|[^\p{L}\p{N}._%+-])@[\p{L}\p{N}_.]{2,}/u;
// A link without a scheme, 'www.' or a path whose top-level label is capitalised ('okay.It is what it is')
// is a full stop with the space missing, not a link.
const SENTENCE_RUN_ON = /^[^/:]+\.\p{Lu}\p{Ll}+$/u;

function digitsOf(text: string): string {
  return text
    .replace(DIGIT_WORD, (word) => DIGIT_WORDS[word.toLowerCase()] ?? word)
    .replace(LETTER_DIGIT, (letter) => (letter === 'o' || letter === 'O' ? '0' : '1'));
}

function containsPhoneNumber(text: string): boolean {
  const digits = digitsOf(text);
  // No number anywhere has fewer digits, country code included ('+683 1234', Niue); most texts stop here.
  if ((digits.match(/\d/g)?.length ?? 0) < PHONE_MIN_DIGITS) return false;
  if (PHONE_COUNTRIES.some((country) => findPhoneNumbersInText(digits, country).length > 0)) return true;
  for (const match of digits.matchAll(DIGIT_RUN)) {
    const run = match[0].trim();
    const count = run.replace(/\D/g, '').length;
    if (count >= PHONE_MIN_DIGITS && !NOT_A_PHONE.some((pattern) => pattern.test(run))) return true;
  }
  return false;
}

function isLink(link: { type: string; value: string }): boolean {
  if (link.type !== 'url') return false;
  return !(SENTENCE_RUN_ON.test(link.value) && !/^(?:https?:\/\/|www\.)/i.test(link.value));
}

/** The kinds of contact detail found in `text` (empty when it is clean). */
export function findContactDetails(text: string): ContactDetailKind[] {
  const found = new Set<ContactDetailKind>();
  for (const reading of readings(text)) {
    const links = findLinks(reading);
    const emails = links.some((link) => link.type === 'email') || EMAIL.test(reading);
    if (emails || SPELLED_EMAILS.some((pattern) => pattern.test(reading))) found.add('email');
    if (containsPhoneNumber(reading)) found.add('phone');
    if (!emails && links.some(isLink)) found.add('url');
    if (HANDLE.test(reading)) found.add('handle');
  }
  return [...found];
}
