import confusables from 'unhomoglyph/data.json';

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

/** The folded reading of a normalized text (see TextReading.folded). */
export function foldText(text: string, strokesAsL = false): string {
  if (!HAS_NON_ASCII.test(text)) return text;
  return text
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(DIGITS, (digit) => (digit < '0' || digit > '9' ? digitValue(digit) : digit))
    .replace(NON_ASCII, strokesAsL ? strokeAsL : prototypeOf)
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
};
const DIGIT_WORD = String.raw`(?:zero|oh|o|nought|one|two|three|four|five|six|seven|eight|nine|\d)`;
const REPEATED = String.raw`(?:(?:double|triple)[\s,.-]*)?`;
// Three or more digits, spelled out or not, in a row: 'seven oh seven', 'four one five, five five five'.
// 'oh' and 'o' count only inside such a row ('oh well' stays words).
const DIGIT_WORD_RUN = new RegExp(
  String.raw`(?<![\p{L}])${REPEATED}${DIGIT_WORD}(?:[\s,.\-–—]*${REPEATED}${DIGIT_WORD}(?![\p{L}])){2,}`,
  'giu',
);
const ONE_DIGIT_WORD = new RegExp(
  String.raw`(?<![\p{L}])(double|triple)?[\s,.-]*(${DIGIT_WORD})(?![\p{L}])`,
  'giu',
);
const SPELLED_DIGIT = /(?<![\p{L}])(?:zero|one|two|three|four|five|six|seven|eight|nine)(?![\p{L}])/giu;

function spelledDigits(text: string): string {
  return text.replace(DIGIT_WORD_RUN, (run) => {
    // A row with three spelled-out digits at least: 'Together 2015-2019, three moves' is no number.
    if ((run.match(SPELLED_DIGIT)?.length ?? 0) < 3) return run;
    return run.replace(ONE_DIGIT_WORD, (_match, repeat: string | undefined, word: string) => {
      const digit = DIGIT_WORDS[word.toLowerCase()] ?? word;
      const times = repeat?.toLowerCase() === 'triple' ? 3 : repeat ? 2 : 1;
      return ` ${digit.repeat(times)}`;
    });
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
const HAS_SPELLED_DIGIT = /(?:zero|one|two|three|four|five|six|seven|eight|nine)/i;
const HAS_SPACED_DOT = /\s\.|\.\s/;

function leetAsLetters(text: string): string {
  return HAS_LEET.test(text) ? text.replace(LEET_IN_WORD, (symbol) => LEET[symbol] ?? symbol) : text;
}

/** Every reading of a normalized text the detectors match on. Most texts need one; the others are made only
 * when the text has what they undo. */
export function readText(text: string): TextReading {
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
  const numbers = [folded, joined];
  if (HAS_SPELLED_DIGIT.test(folded)) numbers.push(spelledDigits(folded), spelledDigits(joined));
  if (HAS_SPACED_DOT.test(joined)) numbers.push(closeSpacedAddresses(joined));
  if (hasRuns) numbers.push(joinRunsKeepingPunctuation(spaced));
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

function chunks(sources: readonly string[]): string[][] {
  const result: string[][] = [];
  for (let index = 0; index < sources.length; index += PATTERNS_PER_EXPRESSION) {
    result.push(sources.slice(index, index + PATTERNS_PER_EXPRESSION));
  }
  return result;
}

export function phrases(sources: readonly string[]): Phrases {
  const prose = sources.map((source) => replaceGaps(source.replace(/'\??/g, "'?"), String.raw`[\s,]+`));
  const joined = sources.map((source) => replaceGaps(source, '').replace(/'\??/g, ''));
  return {
    prose: chunks(prose).map(
      (group) => new RegExp(String.raw`(?<![\p{L}\p{N}])(?:(?:${group.join(')|(?:')}))(?![\p{L}])`, 'u'),
    ),
    joined: chunks(joined).map((group) => new RegExp(`(?:${group.join(')|(?:')})`, 'u')),
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
