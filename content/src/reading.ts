import confusables from 'unhomoglyph/data.json';
import {
  ADDED_SEXUAL_TERMS,
  ADDED_SLURS,
  COMMON_WORDS,
  DATASET_SEXUAL_TERMS,
  DATASET_SLURS,
  HARM_WORDS,
} from './listed-words';

/**
 * What a person reads in a normalized text, for the rules to match on: the text as stored and shown stays as
 * typed. A reader folds lookalike letters ('kіll' with a Cyrillic і), ignores marks ('p̶a̶y̶'), reads any
 * script's digits ('٠٧٧٠٠'), spelled-out digits ('seven oh seven') and letters spaced apart ('a s l u t',
 * 'k~i~l~l'); so does the reading. See docs/screening.md.
 */
export interface TextReading {
  /** Lookalikes folded to Latin letters, marks dropped, every digit ASCII, apostrophes straight; case kept. */
  folded: string;
  /** Lower-case readings: the folded text, with spaced-out runs joined, with digits inside words as letters. */
  lower: string[];
  /** Each spaced-out run joined into one lower-case string without separators ('iwillfindyou'). */
  runs: string[];
  /** Readings for numbers: the folded and joined texts with spelled-out digits as digits. */
  numbers: string[];
}

// The TR39 prototypes (Unicode's confusables.txt, through unhomoglyph). Only characters outside ASCII are
// folded: the table also maps 'm' to 'rn', '1' to 'l' and '0' to 'O', which a reader does not do.
const PROTOTYPES = confusables as Record<string, string>;
const NON_ASCII = /[\u0080-\u{10FFFF}]/gu;
const HAS_NON_ASCII = /[\u0080-\u{10FFFF}]/u;
const MARKS = /\p{M}+/gu;
const DECIMAL_DIGIT = /\p{Nd}/u;
const DIGITS = /\p{Nd}/gu;
const CURLY_APOSTROPHES = /[’‘ʼ`´]/g;

// A stroke without a dot that TR39 takes for 'i' (the Cyrillic palochka 'ӏ', the dotless 'ı') is read as 'l'
// just as often: the folded text is also read with every such stroke as 'l'.
const UNDOTTED_STROKE = /^\P{Soft_Dotted}$/u;

function strokeAsL(character: string): string {
  return PROTOTYPES[character] === 'i' && UNDOTTED_STROKE.test(character) ? 'l' : prototypeOf(character);
}

function prototypeOf(character: string): string {
  const prototype = PROTOTYPES[character];
  if (prototype === undefined) return character;
  // An upper-case lookalike of 'I' has the prototype 'l' (as 'I' itself has): a reader sees an 'I'.
  if (prototype === 'l' && character !== character.toLowerCase()) return 'I';
  if (!HAS_NON_ASCII.test(prototype.normalize('NFD').replace(MARKS, ''))) return prototype;
  // A small letter whose prototype is no Latin letter ('κ' -> 'ĸ', 'τ' -> 'ᴛ') reads as its capital does.
  const capital = PROTOTYPES[character.toUpperCase()];
  return capital && /^[A-Za-z]+$/.test(capital) ? capital.toLowerCase() : prototype;
}

const digitValues = new Map<string, string>();

// Unicode keeps every script's decimal digits in runs of ten from zero to nine, so a digit's value is its
// distance from the start of its run, modulo ten (the mathematical digits are five runs back to back).
function digitValue(digit: string): string {
  const known = digitValues.get(digit);
  if (known !== undefined) return known;
  const codePoint = digit.codePointAt(0) ?? 0;
  let start = codePoint;
  while (start > 0 && DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  const value = String((codePoint - start) % 10);
  digitValues.set(digit, value);
  return value;
}

// Letters drawn with symbols that neither NFKC nor TR39 take for letters: small capitals, turned letters
// (written the right way up), and the letters of the enclosed-alphanumerics block that NFKC leaves alone.
const SMALL_CAPITALS = 'ᴀaʙbᴄcᴅdᴇeꜰfɢgʜhɪiᴊjᴋkʟlᴍmɴnᴏoᴘpǫqʀrꜱsᴛtᴜuᴠvᴡwʏyᴢz';
const TURNED_LETTERS = 'ɐaɔcǝeɟfƃgᵷgɥhᴉiɾjʞkןlɯmɹrʇtʌvʍwʎy';
const LETTER_LIKE = new Map<string, string>();
for (const table of [SMALL_CAPITALS, TURNED_LETTERS]) {
  for (let index = 0; index < table.length; index += 2) {
    LETTER_LIKE.set(table[index] ?? '', table[index + 1] ?? '');
  }
}
// Runs of 26 letter-like symbols from A to Z: regional indicators (🇰🇮🇱🇱), negative circled (🅚🅘🅛🅛)
// and negative squared (🅺🅸🅻🅻) capitals.
const LETTER_RUNS: ReadonlyArray<[start: number, a: string]> = [
  [0x1f1e6, 'a'],
  [0x1f150, 'A'],
  [0x1f170, 'A'],
];
for (const [start, a] of LETTER_RUNS) {
  for (let offset = 0; offset < 26; offset++) {
    LETTER_LIKE.set(String.fromCodePoint(start + offset), String.fromCharCode(a.charCodeAt(0) + offset));
  }
}
// Every full stop of another script or size reads as a dot ('alexphotos。com').
for (const dot of '。｡．․﹒︒۔।⸼') LETTER_LIKE.set(dot, '.');

function letterOf(character: string, strokesAsL: boolean): string {
  return LETTER_LIKE.get(character) ?? (strokesAsL ? strokeAsL(character) : prototypeOf(character));
}

/** The folded reading of a normalized text (see TextReading.folded). */
export function foldText(text: string, strokesAsL = false): string {
  if (!HAS_NON_ASCII.test(text)) return text;
  return text
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(DIGITS, (digit) => (digit < '0' || digit > '9' ? digitValue(digit) : digit))
    .replace(NON_ASCII, (character) => letterOf(character, strokesAsL))
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(CURLY_APOSTROPHES, "'");
}

// Separators people put between the letters of a word to hide it: anything that is neither a letter nor a
// digit ('k i l l', 'k~i~l~l', 's·p·i·c', 'n | i | g'), '@' and '$' being letters in leetspeak.
const SINGLE = String.raw`[\p{L}\p{N}@$]`;
const SEPARATOR = String.raw`[^\p{L}\p{N}@$]+`;
// Three or more single characters, each apart from the next by separators only.
const SPACED_OUT = new RegExp(
  String.raw`(?<![\p{L}\p{N}@$])${SINGLE}(?:${SEPARATOR}${SINGLE}(?![\p{L}\p{N}@$])){2,}`,
  'gu',
);
const SEPARATORS = new RegExp(SEPARATOR, 'gu');
// Symbols that stand between the words of a sentence to hide it ('i|will|hurt|you', 'm•a•k•e'), read as
// spaces. '.', '_' and '-' are left alone (they belong inside handles, emails and names), and so is '*',
// which stands for a letter ('f*ggot').
const WORD_SYMBOLS = /(?<=\p{L})[|~•·+/\\^=]+(?=\p{L})/gu;

// 'a s l u t' is read both as 'aslut' and as 'a slut', 'he's a p a k i' as 'he's a paki': one or two
// one-letter words may start the run.
function joinRuns(text: string, leadingWords: number): string {
  return text.replace(SPACED_OUT, (run) => {
    const characters = run.split(SEPARATORS);
    if (characters.length - leadingWords < 3) return run.replace(SEPARATORS, '');
    return [...characters.slice(0, leadingWords), characters.slice(leadingWords).join('')].join(' ');
  });
}

// A web address spaced out around its dots ('www . sarahs blog . co . uk'), read with the dots closed.
const SPACED_ADDRESS =
  /(?:[\p{L}\p{N}-]+\s*\.\s*)+(?:com|co|uk|net|org|io|me|info|biz|us|ca|au|de|fr|ly|tv|app)(?![\p{L}])/giu;

// The same runs with the punctuation of addresses and handles kept ('j e s s @ g m a i l . c o m',
// 'i g : m a r k . s'): a separator holding '.', ':' or '/' stands for it.
function joinRunsKeepingPunctuation(text: string): string {
  return text.replace(SPACED_OUT, (run) =>
    run.replace(SEPARATORS, (separator) => /[.:/]/.exec(separator)?.[0] ?? ''),
  );
}

function closeSpacedAddresses(text: string): string {
  return text.replace(SPACED_ADDRESS, (address) =>
    /\s/.test(address) ? address.replace(/\s*\.\s*/g, '.') : address,
  );
}

// Leetspeak inside a word ('k1ll', 'f4gg0t', 'pu$$y'): digits and symbols next to letters read as letters.
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '6': 'g',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
};
const LEET_IN_WORD = /(?<=\p{L}[0-9@$]*)[0-9@$]|[0-9@$](?=[0-9@$]*\p{L})/gu;

const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  o: '0',
  nought: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
};
const TENS: Record<string, string> = {
  twenty: '2',
  thirty: '3',
  forty: '4',
  fourty: '4',
  fifty: '5',
  sixty: '6',
  seventy: '7',
  eighty: '8',
  ninety: '9',
};
const UNITS = 'one|two|three|four|five|six|seven|eight|nine';
const TEENS = 'ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen';
const TENS_WORD = 'twenty|thirty|forty|fourty|fifty|sixty|seventy|eighty|ninety';
// 'forty two', 'fifty-five': one number of two digits.
const TENS_AND_UNIT = String.raw`(?:${TENS_WORD})(?:[\s-]+(?:${UNITS}))?`;
const NUMBER_WORD = String.raw`(?:${TENS_AND_UNIT}|${TEENS}|zero|oh|o|nought|${UNITS}|hundred|\d)`;
const REPEATED = String.raw`(?:(?:double|triple)[\s,.-]*)?`;
// Numbers spelled out, or digits, in a row: 'seven oh seven', 'two-oh-two fifty five fifty five', 'forty two'.
// 'oh' and 'o' count only inside such a row ('oh well' stays words).
const NUMBER_WORD_RUN = new RegExp(
  String.raw`(?<![\p{L}])${REPEATED}${NUMBER_WORD}(?:[\s,.\-–—]*${REPEATED}${NUMBER_WORD}(?![\p{L}]))*(?![\p{L}])`,
  'giu',
);
const ONE_NUMBER_WORD = new RegExp(
  String.raw`(?<![\p{L}])(double|triple)?[\s,.-]*(${NUMBER_WORD})(?![\p{L}])`,
  'giu',
);
const SPELLED_DIGIT = new RegExp(String.raw`(?<![\p{L}])(?:zero|${UNITS})(?![\p{L}])`, 'giu');
const SPELLED_TENS_OR_TEEN = new RegExp(
  String.raw`(?<![\p{L}])(?:${TENS_WORD}|${TEENS}|hundred)(?![\p{L}])`,
  'iu',
);
const SPELLED_UNIT = String.raw`(?:zero|oh|o|${UNITS})`;
// A digit spelled out inside a run of digits ('2o2 5five5 o147'): the word stands for its digit.
const GLUED_DIGIT_WORD = new RegExp(
  String.raw`(?<=\d)${SPELLED_UNIT}(?=\d|[^\p{L}]|$)|(?<=\d|[^\p{L}]|^)${SPELLED_UNIT}(?=\d)`,
  'giu',
);

function numberValue(word: string): string {
  const lower = word.toLowerCase();
  if (lower === 'hundred') return '00';
  const [tens = '', unit] = lower.split(/[\s-]+/);
  const tensDigit = TENS[tens];
  if (tensDigit !== undefined) return tensDigit + (unit ? (DIGIT_WORDS[unit] ?? '') : '0');
  return DIGIT_WORDS[lower] ?? word;
}

function spelledNumbers(text: string): string {
  let glued = text;
  // Each pass reads one more word of a run glued together ('5fivefive5').
  for (let pass = 0; pass < 3; pass++) {
    const next = glued.replace(GLUED_DIGIT_WORD, (word) => DIGIT_WORDS[word.toLowerCase()] ?? word);
    if (next === glued) break;
    glued = next;
  }
  return glued.replace(NUMBER_WORD_RUN, (run) => {
    // A row of three spelled-out digits at least, or a number with tens or a teen and no digits:
    // 'Together 2015-2019, three moves' is no number.
    const spelled = run.match(SPELLED_DIGIT)?.length ?? 0;
    if (spelled < 3 && !(SPELLED_TENS_OR_TEEN.test(run) && !/\d/.test(run))) return run;
    const digits = run.replace(ONE_NUMBER_WORD, (_match, repeat: string | undefined, word: string) => {
      const value = numberValue(word);
      const times = repeat?.toLowerCase() === 'triple' ? 3 : repeat ? 2 : 1;
      return ` ${value.repeat(times)}`;
    });
    // 'five hundred' is 500, not '5 00'.
    return digits.replace(/(?<=\d) 00(?!\d)/g, '00');
  });
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

const HAS_SPACED_OUT = new RegExp(SPACED_OUT.source, 'u');
const HAS_LEET = /\p{L}[0-9@$]|[0-9@$]\p{L}/u;
// A dot, star or underscore dropped into a word to break it up ('sl.ut', 'wh*re'), read without it.
const HAS_INSIDE_WORD = /\p{L}[.*_]\p{L}/u;
const INSIDE_WORD = /(?<=\p{L})[.*_](?=\p{L})/gu;
const HAS_SPELLED_DIGIT =
  /zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|ninety|hundred|\do|o\d/i;
const HAS_SPACED_DOT = /\s\.|\.\s/;

function leetAsLetters(text: string): string {
  return HAS_LEET.test(text) ? text.replace(LEET_IN_WORD, (symbol) => LEET[symbol] ?? symbol) : text;
}

// ASCII characters that stand for a letter inside a word: 'I', '1', '|' and '!' for 'i' or for 'l' ('kiII',
// 'k!ll', 'ki||', 'sIut'), read once as 'i' and once as 'l'; 'q' before a letter other than 'u' for 'g' ('niqqer'). Only
// inside a word that has a small letter, and never the first letter of one ('I', 'It', '8/10', '$40'), nor a
// '!' that ends one.
const LOOKALIKE_WORD = /[\p{L}\d|!$@]*\p{Ll}[\p{L}\d|!$@]*/gu;
const LOOKALIKE =
  /(?<=[\p{L}\d|!$@])[I1|]|(?<=[\p{L}\d|!$@])!(?=[\p{L}\d|!$@])|(?<![\p{L}\d|!$@])[1|!](?=\p{Ll})/gu;
const HAS_LOOKALIKE = /\p{Ll}[I1|]|\p{L}!\p{L}|(?<![\p{L}\d|!$@])[1|!]\p{Ll}|q[a-tv-z]/u;
const Q_FOR_G = /q(?=[a-tv-z])/gu;

function lookalikesAs(folded: string, letter: 'i' | 'l'): string {
  return folded
    .replace(LOOKALIKE_WORD, (word) => word.replace(LOOKALIKE, letter))
    .toLowerCase()
    .replace(Q_FOR_G, 'g');
}

// A letter held down ('kiiiill', 'diiiie', 'hurrrrt') reads as the word: three or more of a letter are read
// as two ('kill') and as one ('die').
const HAS_REPEAT = /(\p{L})\1\1/u;
const REPEAT = /(\p{L})\1{2,}/gu;

// A word split by one separator ('ki ll', 'nig ger', 'k-ill') is re-joined when the join is a listed word
// (with its endings) and its two halves are not two ordinary words ('the pen is').
const JOINABLE = new Set<string>(
  [...DATASET_SLURS, ...ADDED_SLURS, ...DATASET_SEXUAL_TERMS, ...ADDED_SEXUAL_TERMS, ...HARM_WORDS].filter(
    (word) => !word.includes(' '),
  ),
);
const JOIN_ENDINGS = /(?:s|es|ed|er|ers|ing|y)$/;
const SPLIT_WORD = /(?<![\p{L}])(\p{L}+)[\s.\-_*|/~·•+,](?=(\p{L}+)(?![\p{L}]))/gu;

function isListedJoin(first: string, second: string): boolean {
  if (COMMON_WORDS.has(first) && COMMON_WORDS.has(second)) return false;
  const joined = `${first}${second}`;
  return JOINABLE.has(joined) || JOINABLE.has(joined.replace(JOIN_ENDINGS, ''));
}

function joinSplitWords(text: string): string {
  return text.replace(SPLIT_WORD, (split, first: string, second: string) =>
    isListedJoin(first, second) ? first : split,
  );
}

// Texting spellings read as the words they stand for ('i kno where u live', 'ur gna regret it').
const TEXTING: Record<string, string> = {
  u: 'you',
  ya: 'you',
  yu: 'you',
  ur: 'your',
  yr: 'your',
  r: 'are',
  kno: 'know',
  knw: 'know',
  noe: 'know',
  ik: 'i know',
  wer: 'where',
  whr: 'where',
  wher: 'where',
  wen: 'when',
  liv: 'live',
  livs: 'lives',
  wrk: 'work',
  wrks: 'works',
  c: 'see',
  b: 'be',
  gna: 'gonna',
  gunna: 'gonna',
  gon: 'gonna',
  wil: 'will',
  shud: 'should',
  cud: 'could',
  wud: 'would',
  dat: 'that',
  dis: 'this',
  ded: 'dead',
  kil: 'kill',
  hrt: 'hurt',
  tmrw: 'tomorrow',
  tonite: 'tonight',
  '2nite': 'tonight',
  sum1: 'someone',
  cuz: 'because',
  coz: 'because',
  til: 'until',
  comin: 'coming',
  goin: 'going',
  wat: 'what',
  wut: 'what',
  bk: 'back',
  urself: 'yourself',
};
const TEXTING_WORD = new RegExp(
  String.raw`(?<![\p{L}\p{N}'])(?:${Object.keys(TEXTING).join('|')})(?![\p{L}\p{N}'])`,
  'gu',
);
const HAS_TEXTING = new RegExp(TEXTING_WORD.source, 'u');

// Lookalikes, then held-down letters, split words and texting spellings: the text as a person reads it.
function asAPersonReads(lower: string, repeatAs: '$1' | '$1$1'): string {
  const collapsed = HAS_REPEAT.test(lower) ? lower.replace(REPEAT, repeatAs) : lower;
  const joined = joinSplitWords(collapsed);
  return HAS_TEXTING.test(joined) ? joined.replace(TEXTING_WORD, (word) => TEXTING[word] ?? word) : joined;
}

// Upside-down text ('noʎ llᴉʞ'): turned letters, written right to left. Read turned back, with the letters
// that turn into each other (b and q, d and p, n and u) swapped.
const UPSIDE_DOWN: Record<string, string> = {
  ...Object.fromEntries(
    [...TURNED_LETTERS.matchAll(/(.)(.)/gu)].map(([, turned = '', letter = '']) => [turned, letter]),
  ),
  ı: 'i',
  b: 'q',
  q: 'b',
  d: 'p',
  p: 'd',
  n: 'u',
  u: 'n',
  '6': '9',
  '9': '6',
  '¿': '?',
  '¡': '!',
  ',': "'",
  "'": ',',
};
const TURNED = new RegExp(`[${TURNED_LETTERS.replace(/(.)./gu, '$1')}]`, 'gu');

function isUpsideDown(text: string): boolean {
  return (text.match(TURNED)?.length ?? 0) >= 2;
}

function turnedBack(text: string): string {
  return [...text]
    .reverse()
    .map((character) => UPSIDE_DOWN[character] ?? character)
    .join('');
}

// Dots that separate letters in a spelled-out word ('s·p·i·c') may also stand for the dot of an address.
const DOT_LIKE = /[·•∙⋅・]/gu;
const HAS_DOT_LIKE = /[·•∙⋅・]/u;

/** Every reading of a normalized text the detectors match on. Most texts need one; the others are made only
 * when the text has what they undo. */
export function readText(text: string): TextReading {
  const reading = readUpright(text);
  if (!isUpsideDown(text)) return reading;
  const turned = readUpright(turnedBack(text));
  return {
    folded: `${reading.folded}\n${turned.folded}`,
    lower: unique([...reading.lower, ...turned.lower]),
    runs: unique([...reading.runs, ...turned.runs]),
    numbers: unique([...reading.numbers, ...turned.numbers]),
  };
}

function readUpright(text: string): TextReading {
  const folded = foldText(text);
  const spaced = folded.replace(WORD_SYMBOLS, ' ');
  const lowerFolded = folded.toLowerCase();
  const hasRuns = HAS_SPACED_OUT.test(spaced);
  const joined = hasRuns ? joinRuns(spaced, 0) : spaced;
  const runs = hasRuns
    ? [...spaced.matchAll(SPACED_OUT)].map((match) => match[0].replace(SEPARATORS, '').toLowerCase())
    : [];
  const leet = leetAsLetters(lowerFolded);
  const lower = [
    lowerFolded,
    spaced.toLowerCase(),
    joined.toLowerCase(),
    leet,
    leetAsLetters(spaced.toLowerCase()),
  ];
  if (hasRuns) {
    lower.push(joinRuns(spaced, 1).toLowerCase(), joinRuns(spaced, 2).toLowerCase());
    lower.push(joinRunsKeepingPunctuation(spaced).toLowerCase());
  }
  if (HAS_INSIDE_WORD.test(leet)) lower.push(leet.replace(INSIDE_WORD, ''));
  if (HAS_NON_ASCII.test(text)) lower.push(foldText(text, true).toLowerCase());
  const people = [leet];
  if (HAS_LOOKALIKE.test(folded)) {
    people.push(leetAsLetters(lookalikesAs(folded, 'i')), leetAsLetters(lookalikesAs(folded, 'l')));
  }
  const repeats = HAS_REPEAT.test(leet);
  for (const each of people) {
    lower.push(asAPersonReads(each, '$1$1'));
    if (repeats) lower.push(asAPersonReads(each, '$1'));
  }
  const numbers = [folded, joined];
  if (HAS_SPELLED_DIGIT.test(folded)) numbers.push(spelledNumbers(folded), spelledNumbers(joined));
  if (HAS_SPACED_DOT.test(joined)) numbers.push(closeSpacedAddresses(joined));
  if (hasRuns) numbers.push(joinRunsKeepingPunctuation(spaced));
  if (HAS_DOT_LIKE.test(folded)) numbers.push(folded.replace(DOT_LIKE, '.'));
  return {
    folded,
    lower: unique(lower),
    runs: unique([...runs, ...runs.map(leetAsLetters)]),
    numbers: unique(numbers),
  };
}

/**
 * Patterns over words, each written with one space between words: on prose they match with any run of
 * spaces or commas there and whole words only; on a spaced-out run joined into one string ('iwillfindyou')
 * they match with nothing there. Apostrophes are optional in both. All of a detector's patterns make one
 * expression, so a text is read once per detector rather than once per pattern.
 */
export interface Phrases {
  prose: RegExp[];
  joined: RegExp[];
}

// Replaces each space outside a character class ('[^.!?\n]', '[, ]') with `gap`.
function replaceGaps(source: string, gap: string): string {
  let result = '';
  let inClass = false;
  for (let index = 0; index < source.length; index++) {
    const character = source[index] ?? '';
    if (character === '\\') {
      result += source.slice(index, index + 2);
      index += 1;
      continue;
    }
    if (character === '[') inClass = true;
    if (character === ']') inClass = false;
    if (character === ' ' && !inClass && source[index + 1] === '?') {
      // An optional space ('ig: ?@?alex'): no gap, or any.
      result += gap === '' ? '' : `${gap.replace(/\+$/, '')}*`;
      index += 1;
      continue;
    }
    result += character === ' ' && !inClass ? gap : character;
  }
  return result;
}

// Patterns per expression: V8 compiles an expression of a few dozen alternatives to machine code, but runs
// a much larger one in its slower interpreter.
const PATTERNS_PER_EXPRESSION = 16;

function chunks(sources: readonly string[], perExpression: number): string[][] {
  const result: string[][] = [];
  for (let index = 0; index < sources.length; index += perExpression) {
    result.push(sources.slice(index, index + perExpression));
  }
  return result;
}

export function phrases(sources: readonly string[], perExpression = PATTERNS_PER_EXPRESSION): Phrases {
  const prose = sources.map((source) => replaceGaps(source.replace(/'\??/g, "'?"), String.raw`[\s,]+`));
  const joined = sources.map((source) => replaceGaps(source, '').replace(/'\??/g, ''));
  return {
    prose: chunks(prose, perExpression).map(
      (group) => new RegExp(String.raw`(?<![\p{L}\p{N}])(?:(?:${group.join(')|(?:')}))(?![\p{L}])`, 'u'),
    ),
    joined: chunks(joined, perExpression).map((group) => new RegExp(`(?:${group.join(')|(?:')})`, 'u')),
  };
}

/** The first match of the patterns in the reading's lower-case texts or joined runs, or null. */
export function findPhrase(reading: TextReading, patterns: Phrases): string | null {
  for (const text of reading.lower) {
    for (const expression of patterns.prose) {
      const match = expression.exec(text);
      if (match) return match[0];
    }
  }
  for (const run of reading.runs) {
    for (const expression of patterns.joined) {
      const match = expression.exec(run);
      if (match) return match[0];
    }
  }
  return null;
}
