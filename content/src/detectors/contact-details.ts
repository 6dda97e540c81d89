import { type CountryCode, findPhoneNumbersInText, type NumberFound } from 'libphonenumber-js/min';
import { find as findLinks } from 'linkifyjs';
import { COMMON_WORDS } from '../listed-words';
import { type TextReading, TOP_LEVEL_DOMAINS } from '../reading';

/**
 * Contact details in a text (terms, 'Content Guidelines'): a review that leads to someone's phone, inbox or
 * social account turns anonymous feedback into a harassment tool. Runs on normalized text, so full-width
 * digits, '＠' and zero-width characters are already gone.
 */
export type ContactDetailKind = 'phone' | 'email' | 'url' | 'handle' | 'address';

// libphonenumber reads national formats for the countries texts go to and any number in international
// format. Its 'min' metadata (the build the browser already loads) is enough here: spotting a number in prose
// needs its length and leading digits, not the full per-type patterns the server's phone field checks.
const PHONE_COUNTRIES = ['US', 'GB', 'CA', 'AU'] as const;
// libphonenumber's guard against degenerate texts: it gives up after this many candidates that are no number.
// In a text of digits and symbols ('$1 $1 $1 …') every digit starts a candidate, each parsed in several ways.
const PHONE_FINDER_TRIES = 16;
// The matcher reads `maxTries` (documented in its source) but the package's type declarations omit it.
const findPhoneNumbers = findPhoneNumbersInText as (
  text: string,
  options: { defaultCountry: CountryCode; maxTries: number },
) => NumberFound[];
// Numbers libphonenumber does not call valid are still contact details: fictional 555 numbers, local numbers
// without an area code, digits spaced apart. So any run of 7 or more digits with the separators people put in
// phone numbers counts too, with the dates and year ranges reviews are full of left out.
const DIGIT_RUN = /[$£€]?\+?[([]?\d[\d\s().,\-–—_~•·|/[\]]*\d/g;
const PHONE_MIN_DIGITS = 7;
const SEVEN_DIGITS_CLOSE = /\d(?:\D{0,4}\d){6}/;
const NOT_A_PHONE = [
  /^(?:19|20)\d{2}\s*[-–—]\s*(?:19|20)\d{2}$/, // 2015-2019
  /^\d{1,2}[./-]\d{1,2}[./-](?:19|20)?\d{2}$/, // 10.10.2019, 1-2-19, 14/02/2019
  /^(?:19|20)\d{2}[.-]\d{1,2}[.-]\d{1,2}$/, // 2019-10-10
  /^\d{1,2}\s*\/\s*\d{1,3}(?:\s*[,;]?\s*\d{1,2}\s*\/\s*\d{1,3})+$/, // 8/10, 7/10, 9/10
  /^(?:19|20)\d{2}(?:\s*[,;/&]?\s*(?:19|20)\d{2})+$/, // 2019, 2020 and 2021
];
// Two dates or more apart by a dash, a comma or a semicolon ('10/12/2021 - 04/30/2023'): a stretch of time.
const BETWEEN_DATES = /\s*[-–—,;&]\s*|\s+(?:to|and|until|till)\s+/;
const DATE = NOT_A_PHONE.slice(1, 3);

function isDateRange(run: string): boolean {
  const parts = run.split(BETWEEN_DATES);
  return parts.length > 1 && parts.every((part) => DATE.some((pattern) => pattern.test(part)));
}

// Letters for 0 and 1 among digits ('2O2 555 Ol43'); digits spelled out are read by the reading itself.
const LETTER_DIGIT = /(?<=\d[\s.-]?)[oOlI](?=[\s.-]?[\doOlI])|(?<=[\doOlI][\s.-]?)[oOlI](?=[\s.-]?\d)/g;
// Amounts and counts with thousands separators ('$1,250,000', '12,345') are not numbers to call.
const AMOUNT = /^[$£€]|^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;

// The expressions below that start with a run of word characters start it where a word starts: tried from
// every letter of a long word, each would read the rest of the word again, and a 1,000-letter field cost
// milliseconds.
const LINK_LIKE = /[\p{L}\p{N}]\.\p{L}{2}|www|:\/\/|@/iu;
const EMAIL = /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;
// An email spelled out to slip past a filter: 'alex at gmail dot com', 'alex [at] gmail [dot] com'.
const EMAIL_TOP_LEVEL = String.raw`(?:com|net|org|edu|gov|io|co|me|uk|de|fr|ca|au|us|info|biz)\b`;
const SPELLED_EMAILS = [
  String.raw`(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\]|\{at\}|\sat\s|\sarroba\s)\s*[\p{L}\p{N}-]+\s*(?:\(dot\)|\[dot\]|\{dot\}|\sdot\s|\spunto\s)\s*`,
  String.raw`(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+\s*(?:\(at\)|\[at\]|\{at\}|\s@\s?|@\s)\s*[\p{L}\p{N}-]+\s*\.\s*`,
].map((start) => new RegExp(start + EMAIL_TOP_LEVEL, 'iu'));
// 'jessATgmailDOTcom': the words in capitals inside a word in small letters.
const CAPITALS_EMAIL =
  /(?<![\p{L}\p{N}._])\p{Ll}[\p{L}\p{N}._]*AT[\p{L}\p{N}-]+DOT(?:com|net|org|co|uk|io|me)\b/u;
// An address named by its provider or called an email: 'jess at gmail', 'my email is jess.parks88'.
const EMAIL_NAMED =
  /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{2,}\s*(?:@|\bat\b|\barroba\b|\(at\)|\[at\])\s*(?:gmail|googlemail|hotmail|yahoo|outlook|icloud|protonmail|proton|aol|live|msn|btinternet|gmx)\b|\b(?:e-?mail|gmail|hotmail|icloud|outlook|correo)(?:\s+(?:address|addy|electronico))?\s*(?:is|es|:|=|-)\s*[\p{L}\p{N}._%+-]*[\p{L}][\p{L}\p{N}._%+-]*[._\d][\p{L}\p{N}._%+-]*/iu;
// A link spelled out: 'tinyurl dot com slash abc', 'sarahsblog dot co dot uk', 'alexphotos(dot)net',
// 'alexphotos d0t net', 'fotosdeana punto com'; 'www alex com' with the dots left out.
const LINK_TOP_LEVEL = `(?:${TOP_LEVEL_DOMAINS})`;
const SPELLED_LINK = new RegExp(
  String.raw`(?<![\p{L}\p{N}-])(?!(?:the|an|el|la|un|una|los|las|del|al|de|en)\s)[\p{L}\p{N}-]{2,}(?:\s+(?:d[o0]t|punto)\s+|\s*(?:\(d[o0]t\)|\[d[o0]t\]|\{d[o0]t\}|<d[o0]t>|\[\.\]|\(\.\)|\{\.\})\s*)${LINK_TOP_LEVEL}(?![\p{L}])|\bwww\s*(?:\s|dot|\(dot\)|\[dot\])\s*[\p{L}\p{N}-]{2,}\s*(?:\s|dot|\(dot\)|\[dot\])\s*${LINK_TOP_LEVEL}(?![\p{L}])`,
  'iu',
);
// A link shortener or a link page, named with what follows it ('bit ly/3xYz12', 'tinyurl slash alexs').
const SHORT_LINK =
  /\b(?:bit\s*\.?\s*ly|tiny\s*url|t\s*\.\s*co|goo\s*\.\s*gl|ow\s*\.\s*ly|is\s*\.\s*gd|cutt\s*\.?\s*ly|rb\s*\.\s*gy|short\s*url|linktr\s*\.?\s*ee|link\s*tree|beacons\s*\.?\s*ai)\s*(?:\/|slash\b|dot\b|:)/iu;
const HANDLE =
  /(?:^|[^\p{L}\p{N}._%+-])@[\p{L}\p{N}_.]{2,}|(?:^|\s)@\s+\p{L}[\p{L}\p{N}_.]*[\p{N}_][\p{L}\p{N}_.]*/u;
// A link without a scheme, 'www.' or a path whose top-level label is capitalised ('okay.It is what it is')
// is a full stop with the space missing, not a link.
const SENTENCE_RUN_ON = /^[^/:]+\.\p{Lu}\p{Ll}+$/u;

// Words people put between the groups of a number to break it up ('07700 then 900 then 123').
const GROUP_JOINER = /(?<=\d)\s*(?:,\s*)?(?:then|and then|and|dash|space|followed by)\s+(?=\d)/gi;

function digitsOf(text: string): string {
  return text
    .replace(LETTER_DIGIT, (letter) => (letter === 'o' || letter === 'O' ? '0' : '1'))
    .replace(GROUP_JOINER, ' ');
}

// A number said in parts with words between them ('it starts 07911 and ends 123456') where the text speaks
// of a number: the parts are read together.
const SPEAKS_OF_A_NUMBER = /\b(?:number|phone|mobile|cell|call|ring|text|whatsapp|digits|starts|ends)\b/i;
const WORDS_BETWEEN_PARTS = /(?<=\d{3})(?:\s+[a-z]{1,8}){1,4}\s+(?=\d{3})/gi;

function containsPhoneNumber(text: string): boolean {
  const digits = SPEAKS_OF_A_NUMBER.test(text)
    ? digitsOf(text).replace(WORDS_BETWEEN_PARTS, ' ')
    : digitsOf(text);
  // No number anywhere has fewer digits, country code included ('+683 1234', Niue), nor more than a few
  // characters between two of its digits; most texts stop here.
  if (!SEVEN_DIGITS_CLOSE.test(digits)) return false;
  // The digit runs first: they are cheap and catch most numbers. libphonenumber reads the text only when a
  // run long enough for a number was taken for an amount or a date, which may have a number beside it.
  let amountOrDate = false;
  for (const match of digits.matchAll(DIGIT_RUN)) {
    // A bracket that opens a run and never closes in it is the text's ('(2016-2021)'), not an area code's.
    const run = match[0].trim().replace(/^[([](?=[^)\]]*$)/, '');
    const count = run.replace(/\D/g, '').length;
    if (count < PHONE_MIN_DIGITS) continue;
    if (!AMOUNT.test(run) && !NOT_A_PHONE.some((pattern) => pattern.test(run)) && !isDateRange(run))
      return true;
    amountOrDate = true;
  }
  if (!amountOrDate) return false;
  const numbers = PHONE_COUNTRIES.flatMap((country) =>
    findPhoneNumbers(digits, { defaultCountry: country, maxTries: PHONE_FINDER_TRIES }),
  );
  const isDate = (number: { startsAt: number; endsAt: number }) =>
    NOT_A_PHONE.some((pattern) => pattern.test(digits.slice(number.startsAt, number.endsAt).trim()));
  return numbers.some((number) => !isDate(number));
}

// A full stop with the space missing between two short words reads as a link to linkify ('ok.so', 'lol.it'):
// a reader sees the sentence go on.
const RUN_ON_WORDS =
  /^(?:ok|okay|so|and|but|lol|fine|well|yes|no|it|is|me|to|in|at|as|us|be|go|do|he|she|we|my|by|or|oh|ah|um|anyway)\.(?:so|it|in|at|to|is|be|as|no|me|us|my|by|on|do|go|am|an|or|he|we)$/i;

function isLink(link: { type: string; value: string }): boolean {
  if (link.type !== 'url' || RUN_ON_WORDS.test(link.value)) return false;
  return !(SENTENCE_RUN_ON.test(link.value) && !/^(?:https?:\/\/|www\.)/i.test(link.value));
}

// Platforms, payment apps and messengers, with the short forms people write them in. Naming one is no
// contact detail ('we met on Hinge', 'he was always on Instagram'); naming one with a handle is.
const PLATFORM = String.raw`(?:snap ?chat|snap|sc|insta ?gram|insta|ig|telegram|tg|whats ?app|watsapp|wa|cash ?app|venmo|pay ?pal|zelle|revolut|monzo|only ?fans|tik ?tok|kik|discord|signal|wechat|viber|skype|facebook|fb|twitter|youtube|twitch|reddit|hinge|tinder|bumble|grindr)`;
// What people put between the platform and the handle: 'snap: alex_s92', 'my ig is alex.s', 'venmo me @alex'.
const PLATFORM_FILLER = String.raw`(?:\s*(?:handle|username|user name|user|name|account|acc|id|tag|profile|page|is|was|it's|its|it is|me|him|her|them|on|with|as|under|at|@|:|=|-|->|→|,)(?![\p{L}]))*\s*`;
// A handle: a word with a digit, an underscore or a dot inside ('alex_s92', 'alex.s'), or one after '@' or
// the '$' of a cashtag.
// A space after the '@' or the '$' still names a handle when the name has a digit or one after it ('$ DevDaddy
// 90').
const HANDLE_WORD = String.raw`(?:[@$][\p{L}][\p{L}\p{N}._]{1,29}|[@$]\s(?!(?:for|to|and|the|a|on|in|at|of|is|was)\s)(?=[\p{L}._]*[\p{N}_]|[\p{L}\p{N}._]+\s\p{N})[\p{L}][\p{L}\p{N}._]{1,29}|(?=[\p{L}\p{N}._]*\p{L})[\p{L}\p{N}._]*(?:\p{N}|_|\p{L}\.\p{L})[\p{L}\p{N}._]*|(?=[\p{L}\p{N}_-]*\p{N})\p{L}[\p{L}\p{N}_]*(?:-[\p{L}\p{N}_]+)+)`;
// A handle named before its platform: 'alex_s92 on snap', 'ozzy99 on ig'.
const HANDLE_ON_PLATFORM = new RegExp(
  String.raw`(?<![\p{L}\p{N}._@])(?=[\p{L}\p{N}._]*\p{L})[\p{L}\p{N}._]*(?:\p{N}|_)[\p{L}\p{N}._]*\s+(?:on|@|at)\s+${PLATFORM}(?![\p{L}\p{N}])`,
  'iu',
);
const PLATFORM_HANDLE = new RegExp(
  String.raw`(?<![\p{L}\p{N}.])${PLATFORM}(?![\p{L}\p{N}.])${PLATFORM_FILLER}${HANDLE_WORD}(?![\p{L}\p{N}])`,
  'iu',
);
// An invitation to write to the writer on a platform, with any name after it ('add me on snap alex').
const ADD_ME_ON = new RegExp(
  String.raw`(?<![\p{L}])(?:add|hmu|hit me up|message|msg|dm|text|find|follow|contact|reach|ping)(?: me)? (?:on|at|via) ${PLATFORM}${PLATFORM_FILLER}([\p{L}][\p{L}\p{N}._]{2,29})(?![\p{L}\p{N}])`,
  'iu',
);
// OnlyFans' short form is the capitals only: 'her OF is …', never 'of'.
const ONLYFANS_SHORT = /\b(?:[Mm]y|[Hh]is|[Hh]er|[Tt]heir)\s+OF\s*(?:is|:|-)/u;
// A cashtag with a digit: '$alexs92' (an amount, '$40', has no letter; a word in leetspeak, '$lut', no digit).
const CASHTAG = /(?<![\p{L}\p{N}$])\$[\p{L}][\p{L}\p{N}_]*\p{N}[\p{L}\p{N}_]*/u;

function platformHandle(text: string): boolean {
  if (PLATFORM_HANDLE.test(text) || ONLYFANS_SHORT.test(text) || CASHTAG.test(text)) return true;
  if (HANDLE_ON_PLATFORM.test(text)) return true;
  const invited = ADD_ME_ON.exec(text);
  return invited !== null && !COMMON_WORDS.has((invited[1] ?? '').toLowerCase());
}

// A street address: a house number, in digits or words, then the street's name and its type, in any case
// ('42 elm street', 'FORTY TWO ELM STREET'). The name's words are no ordinary words or units, so that '5
// minutes down the road' and 'a one way street' are no address.
const HOUSE_NUMBER = String.raw`(?:\d{1,5}[a-z]?|one|two|three|four|five|six|seven|eight|nine)`;
const STREET_TYPE = String.raw`(?:street|st|avenue|ave|road|rd|lane|ln|drive|boulevard|blvd|court|ct|pl|circle|cir|terrace|crescent|close|parkway|pkwy|highway|hwy|mews|gardens|grove|square|way|run|trail|loop|pike)`;
const STREET_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${HOUSE_NUMBER}[\s,]+((?:[\p{L}'.-]+\s+){1,3})${STREET_TYPE}(?![\p{L}])`,
  'giu',
);
const NOT_A_STREET_NAME = new Set(
  (
    'year years yr yrs month months week weeks day days hour hours hr hrs minute minutes min mins second ' +
    'seconds mile miles km k block blocks stop stops door doors house houses street streets road roads lane ' +
    'way floor floors night nights time times drink drinks pint pints bottle bottles quid dollars pounds ' +
    'bucks percent kid kids people person star stars more other different separate whole long short lap laps ' +
    'each the a an this that one all am pm morning evening fun good bad long home'
  ).split(' '),
);

// Spanish, Portuguese and French addresses name the street's type first: 'calle Mayor 14', 'c/ Goya, 22',
// '12 rue de la Paix', 'rua Augusta 120'.
const STREET_FIRST = String.raw`(?:calle|c\/|avenida|avda\.?|plaza|paseo|ronda|camino|carretera|travesia|rua|rue|boulevard|bd)`;
const TYPE_FIRST_ADDRESS = new RegExp(
  String.raw`(?<![\p{L}])${STREET_FIRST}\s+((?:\p{L}[\p{L}'.-]*\s+){0,3}\p{L}[\p{L}'.-]*),?\s+(?:n[ºo°.]?\s?|numero\s|no\.?\s?|#\s?)?(\d{1,4})[a-z]?(?![\p{N}/:.,]\d|\s*(?:anos|years|veces|times|minutos|minutes|horas|hours|dias|days|pm|am|h)(?![\p{L}]))|(?<![\p{L}\p{N}])\d{1,4},?\s+(?:rue|avenue|calle|avenida|rua)\s+(?:(?:de|du|des|la|le|da|do)\s+)*\p{L}[\p{L}'-]+`,
  'giu',
);
// Words that end a street's name and start the sentence again: 'rue de Rivoli in 2019', 'calle Mayor con 2'.
const NOT_IN_A_STREET_NAME = new Set(
  'in on at for and or with since from to en por con y o desde hasta para hace durante a e the'.split(' '),
);

function containsTypeFirstAddress(text: string): boolean {
  for (const match of text.matchAll(TYPE_FIRST_ADDRESS)) {
    const [, name, number] = match;
    if (name === undefined) return true;
    if (/^(?:19|20)\d{2}$/.test(number ?? '')) continue;
    if (
      name
        .toLowerCase()
        .split(/\s+/)
        .some((word) => NOT_IN_A_STREET_NAME.has(word))
    )
      continue;
    return true;
  }
  return false;
}

function containsStreetAddress(text: string): boolean {
  if (containsTypeFirstAddress(text)) return true;
  for (const match of text.matchAll(STREET_ADDRESS)) {
    const words = (match[1] ?? '').toLowerCase().trim().split(/\s+/);
    if (!words.some((word) => COMMON_WORDS.has(word) || NOT_A_STREET_NAME.has(word))) return true;
  }
  return false;
}

/** The kinds of contact detail found in the reading (empty when it is clean). */
export function findContactDetails(text: TextReading): ContactDetailKind[] {
  const found = new Set<ContactDetailKind>();
  for (const reading of text.numbers) {
    // linkify reads the whole text; only a dot between two letters, 'www', a scheme or an '@' makes a link.
    const links = LINK_LIKE.test(reading) ? findLinks(reading) : [];
    const emails = links.some((link) => link.type === 'email') || EMAIL.test(reading);
    const spelledEmail =
      EMAIL_NAMED.test(reading) ||
      CAPITALS_EMAIL.test(reading) ||
      SPELLED_EMAILS.some((pattern) => pattern.test(reading));
    if (emails || spelledEmail) found.add('email');
    if (containsPhoneNumber(reading)) found.add('phone');
    if (!emails && links.some(isLink)) found.add('url');
    if (!emails && !spelledEmail && (SPELLED_LINK.test(reading) || SHORT_LINK.test(reading))) {
      found.add('url');
    }
    if (HANDLE.test(reading) || platformHandle(reading)) found.add('handle');
    if (containsStreetAddress(reading)) found.add('address');
  }
  return [...found];
}
