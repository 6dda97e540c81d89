import confusables from 'unhomoglyph/data.json';

/**
 * Letters as a reader takes them: lookalikes of other scripts folded to Latin (TR39), marks dropped, every
 * script's digits as ASCII digits, letter-like symbols and full stops of other scripts read as what they
 * look like (docs/screening.md, 'The reading').
 */

// The TR39 prototypes (Unicode's confusables.txt, through unhomoglyph). Only characters outside ASCII are
// folded: the table also maps 'm' to 'rn', '1' to 'l' and '0' to 'O', which a reader does not do.
const PROTOTYPES = confusables as Record<string, string>;
const NON_ASCII = /[\u0080-\u{10FFFF}]/gu;
export const HAS_NON_ASCII = /[\u0080-\u{10FFFF}]/u;
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
export const TURNED_LETTERS = 'ɐaɔcǝeɟfƃgᵷgɥhᴉiɾjʞkןlɯmɹrʇtʌvʍwʎy';
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
// Digits NFKC leaves alone: the dingbat circled digits (❶, ➀, ➊), the double circled ones (⓵) and the
// ideographic numerals (〇一二三…), which a reader reads as digits.
const DIGIT_RUNS: ReadonlyArray<[start: number, first: number]> = [
  [0x2776, 1],
  [0x2780, 1],
  [0x278a, 1],
  [0x24f5, 1],
];
for (const [start, first] of DIGIT_RUNS) {
  for (let offset = 0; offset < 9; offset++) {
    LETTER_LIKE.set(String.fromCodePoint(start + offset), String(first + offset));
  }
}
for (const zero of '⓿🄋🄌') LETTER_LIKE.set(zero, '0');
// Latin letters TR39 leaves as they are though a reader takes them for another: the kra ('dyĸe'), and the
// inverted exclamation mark for an 'i' ('k¡ll').
LETTER_LIKE.set('ĸ', 'k');
LETTER_LIKE.set('¡', 'i');
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
