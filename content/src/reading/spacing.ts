/**
 * Letters spaced apart and symbols between words ('a s l u t', 'k~i~l~l', 'i|will|hurt|you'), and web
 * addresses spaced out around their dots: read joined, as a reader joins them.
 */

// Separators people put between the letters of a word to hide it: anything that is neither a letter nor a
// digit ('k i l l', 'k~i~l~l', 's·p·i·c', 'n | i | g'), '@' and '$' being letters in leetspeak.
const SINGLE = String.raw`[\p{L}\p{N}@$]`;
const SEPARATOR = String.raw`[^\p{L}\p{N}@$]+`;
// Three or more single characters, each apart from the next by separators only.
export const SPACED_OUT = new RegExp(
  String.raw`(?<![\p{L}\p{N}@$])${SINGLE}(?:${SEPARATOR}${SINGLE}(?![\p{L}\p{N}@$])){2,}`,
  'gu',
);
export const SEPARATORS = new RegExp(SEPARATOR, 'gu');
// Symbols that stand between the words of a sentence to hide it ('i|will|hurt|you', 'm•a•k•e'), read as
// spaces. '.', '_' and '-' are left alone (they belong inside handles, emails and names), and so is '*',
// which stands for a letter ('f*ggot').
export const WORD_SYMBOLS = /(?<=\p{L})[|~•·+/\\^=]+(?=\p{L})/gu;

// 'a s l u t' is read both as 'aslut' and as 'a slut', 'he's a p a k i' as 'he's a paki': one or two
// one-letter words may start the run.
// A run dotted letter by letter ends with its own dot ('k.i.l.l. you'): that dot is the run's, not a full stop.
const SPACED_OUT_WITH_DOT = new RegExp(String.raw`${SPACED_OUT.source}(\.(?=\s\p{Ll}))?`, 'gu');

export function joinRuns(text: string, leadingWords: number): string {
  return text.replace(SPACED_OUT_WITH_DOT, (whole, dot?: string) => {
    const run = dot ? whole.slice(0, -1) : whole;
    const end = dot && !run.includes('.') ? dot : '';
    const characters = run.split(SEPARATORS);
    if (characters.length - leadingWords < 3) return `${run.replace(SEPARATORS, '')}${end}`;
    return `${[...characters.slice(0, leadingWords), characters.slice(leadingWords).join('')].join(' ')}${end}`;
  });
}

// Letters spaced apart with a wider gap between words ('k i l l  y o u', '4 2 0 0  c e d a r  c t'): the
// narrowest separator joins letters, any wider one parts words.
export function joinRunsAtGaps(text: string): string {
  return text.replace(SPACED_OUT, (run) => {
    const gaps = run.match(SEPARATORS) ?? [];
    const narrowest = Math.min(...gaps.map((gap) => gap.length));
    return run.replace(SEPARATORS, (gap) => (gap.length > narrowest ? ' ' : ''));
  });
}

/** The top-level labels of the links people write out or space apart ('alex dot com', 'derek . site'). */
export const TOP_LEVEL_DOMAINS =
  'com|co|uk|net|org|edu|gov|io|me|info|biz|us|ca|au|de|fr|mx|ly|tv|app|ee|gg|xyz|site|online';
// A web address spaced out around its dots ('www . sarahs blog . co . uk'), read with the dots closed.
const SPACED_ADDRESS = new RegExp(
  String.raw`(?:[\p{L}\p{N}-]+\s*\.\s*)+(?:${TOP_LEVEL_DOMAINS})(?![\p{L}])`,
  'giu',
);
// Its scheme spaced out ('h t t p s : / /'), read closed.
const SPACED_SCHEME = /\b(https?)\s*:\s*\/\s*\/\s*/giu;

// The same runs with the punctuation of addresses and handles kept ('j e s s @ g m a i l . c o m',
// 'i g : m a r k . s'): a separator holding '.', ':' or '/' stands for it.
export function joinRunsKeepingPunctuation(text: string): string {
  return text.replace(SPACED_OUT, (run) =>
    run.replace(SEPARATORS, (separator) => /[.:/]/.exec(separator)?.[0] ?? ''),
  );
}

export function closeSpacedAddresses(text: string): string {
  return text
    .replace(SPACED_SCHEME, '$1://')
    .replace(SPACED_ADDRESS, (address) => (/\s/.test(address) ? address.replace(/\s*\.\s*/g, '.') : address));
}
