import {
  ADDED_SEXUAL_TERMS,
  ADDED_SLURS,
  COMMON_WORDS,
  DATASET_SEXUAL_TERMS,
  DATASET_SLURS,
  HARM_WORDS,
} from '../listed-words';

/**
 * What a reader undoes inside words: leetspeak ('k1ll'), ASCII lookalikes ('kiII', 'niqqer'), letters held
 * down ('kiiiill'), a word split once ('ki ll') and texting spellings ('i kno wer u liv').
 */

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
const HAS_LEET = /\p{L}[0-9@$]|[0-9@$]\p{L}/u;
const LEET_IN_WORD = /(?<=\p{L}[0-9@$]*)[0-9@$]|[0-9@$](?=[0-9@$]*\p{L})/gu;

// In a text written in leetspeak, a '1' standing alone before a word is the pronoun ('1 w1ll f1nd y0u').
const LONE_ONE =
  /(?<![\p{L}\p{N}.,:/$£€-])1(?= (?:will|wil|would|am|'m|m|know|kno|have|'ll|ll|swear|can|got|see|found|want|wanna|promise)(?![\p{L}]))/gu;

export function leetAsLetters(text: string): string {
  if (!HAS_LEET.test(text)) return text;
  return text.replace(LEET_IN_WORD, (symbol) => LEET[symbol] ?? symbol).replace(LONE_ONE, 'i');
}

// ASCII characters that stand for a letter inside a word: 'I', '1', '|' and '!' for 'i' or for 'l' ('kiII',
// 'k!ll', 'ki||', 'sIut'), read once as 'i' and once as 'l'; 'q' before a letter other than 'u' for 'g' ('niqqer'). Only
// inside a word that has a small letter, and never the first letter of one ('I', 'It', '8/10', '$40'), nor a
// '!' that ends one.
const LOOKALIKE_WORD = /[\p{L}\d|!$@]*\p{Ll}[\p{L}\d|!$@]*/gu;
const LOOKALIKE =
  /(?<=[\p{L}\d|!$@])[I1|]|(?<=[\p{L}\d|!$@])!(?=[\p{L}\d|!$@])|(?<![\p{L}\d|!$@])[1|!](?=\p{Ll})/gu;
export const HAS_LOOKALIKE = /\p{Ll}[I1|]|\p{L}!\p{L}|(?<![\p{L}\d|!$@])[1|!]\p{Ll}|q[a-tv-z]/u;
const Q_FOR_G = /q(?=[a-tv-z])/gu;

// Read each symbol as the letter it is most often drawn for: '1' and '!' for 'i', 'I' and '|' for 'l'. A word
// that mixes them ('k1||', 'k!II', 'y0urse|f') is read whole only this way.
const MOST_LIKE: Record<string, string> = { '1': 'i', '!': 'i', I: 'l', '|': 'l' };

export function lookalikesAs(folded: string, letter: 'i' | 'l' | 'mixed'): string {
  return folded
    .replace(LOOKALIKE_WORD, (word) =>
      word.replace(LOOKALIKE, (symbol) => (letter === 'mixed' ? (MOST_LIKE[symbol] ?? symbol) : letter)),
    )
    .toLowerCase()
    .replace(Q_FOR_G, 'g');
}

// A word written with digits or symbols among its letters ('n1gg3rdan', 'f@gg0tboy') is disguised on
// purpose: read as letters, whatever it holds was meant.
const DISGUISED_WORD = /[\p{L}\d@$|!]*(?:\p{L}[\d@$|!]|[\d@$|!]\p{L})[\p{L}\d@$|!]*/gu;

/** The words of a folded text written with digits or symbols among their letters, read as letters. */
export function disguisedWords(folded: string): string[] {
  return (folded.match(DISGUISED_WORD) ?? [])
    .filter((word) => /\p{L}.*\p{L}/u.test(word) && /[\d@$|!]/.test(word.slice(1, -1)))
    .map((word) => leetAsLetters(lookalikesAs(word, 'mixed')));
}

// A letter held down ('kiiiill', 'diiiie', 'hurrrrt') reads as the word: three or more of a letter are read
// as two ('kill') and as one ('die').
export const HAS_REPEAT = /(\p{L})\1\1/u;
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
  // A one-letter word after a word is a word of its own ('negro y su familia'), not the end of a split one.
  if (second.length < 2) return false;
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
  lyv: 'live',
  lyve: 'live',
  livin: 'living',
  livs: 'lives',
  wrk: 'work',
  wrks: 'works',
  werk: 'work',
  tha: 'the',
  werks: 'works',
  wurk: 'work',
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
  walkin: 'walking',
  sleepin: 'sleeping',
  watchin: 'watching',
  waitin: 'waiting',
  lookin: 'looking',
  drivin: 'driving',
  leavin: 'leaving',
  workin: 'working',
  hookin: 'hooking',
  talkin: 'talking',
  gettin: 'getting',
  sittin: 'sitting',
  followin: 'following',
  parkin: 'parking',
  hidin: 'hiding',
  runnin: 'running',
  wit: 'with',
  'w/': 'with',
  dey: 'they',
  dem: 'them',
  em: 'them',
  nite: 'night',
  '2day': 'today',
  '2morrow': 'tomorrow',
  '2moro': 'tomorrow',
  ppl: 'people',
  bc: 'because',
  cus: 'because',
  thru: 'through',
  tryna: 'trying to',
  bout: 'about',
  ull: "you'll",
  "u'll": "you'll",
  "u'd": "you'd",
  ud: "you'd",
  wat: 'what',
  wut: 'what',
  bk: 'back',
  urself: 'yourself',
  urslf: 'yourself',
  yrself: 'yourself',
  yourslf: 'yourself',
  n: 'and',
  '4 u': 'for you',
  '4 you': 'for you',
  '4 ya': 'for you',
  '4 him': 'for him',
  '4 her': 'for her',
  '4 them': 'for them',
};
const TEXTING_WORD = new RegExp(
  String.raw`(?<![\p{L}\p{N}'])(?:${Object.keys(TEXTING).join('|')})(?![\p{L}\p{N}'])`,
  'gu',
);
const HAS_TEXTING = new RegExp(TEXTING_WORD.source, 'u');
// 'yr' after a number is a year ('a 15 yr old'), not 'your'.
const AFTER_NUMBER = /\d[\s-]*$/u;

function texting(word: string, offset: number, text: string): string {
  if (word === 'yr' && AFTER_NUMBER.test(text.slice(Math.max(0, offset - 4), offset))) return word;
  return TEXTING[word] ?? word;
}

// Lookalikes, then held-down letters, split words and texting spellings: the text as a person reads it.
export function asAPersonReads(lower: string, repeatAs: '$1' | '$1$1'): string {
  const collapsed = HAS_REPEAT.test(lower) ? lower.replace(REPEAT, repeatAs) : lower;
  const joined = joinSplitWords(collapsed);
  return HAS_TEXTING.test(joined) ? joined.replace(TEXTING_WORD, texting) : joined;
}
