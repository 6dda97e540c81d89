import { foldText, HAS_NON_ASCII } from './letters';
import { spelledNumbers } from './numbers';
import {
  closeSpacedAddresses,
  joinRuns,
  joinRunsAtGaps,
  joinRunsKeepingPunctuation,
  SEPARATORS,
  SPACED_OUT,
  WORD_SYMBOLS,
} from './spacing';
import type { TextReading } from './text-reading';
import { isUpsideDown, turnedBack, turnedInPlace } from './upside-down';
import { asAPersonReads, HAS_LOOKALIKE, HAS_REPEAT, leetAsLetters, lookalikesAs } from './words';

export { foldText } from './letters';
export { findPhrase, type Phrases, phrases } from './phrases';
export { TOP_LEVEL_DOMAINS } from './spacing';
export type { TextReading } from './text-reading';
export { disguisedWords } from './words';

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

const HAS_SPACED_OUT = new RegExp(SPACED_OUT.source, 'u');
// A dot, star or underscore dropped into a word to break it up ('sl.ut', 'wh*re'), read without it.
const HAS_INSIDE_WORD = /\p{L}[.*_]\p{L}/u;
const INSIDE_WORD = /(?<=\p{L})[.*_](?=\p{L})/gu;
const HAS_SPELLED_DIGIT =
  /zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|ninety|hundred|cero|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|\do|o\d/i;
const HAS_SPACED_DOT = /\s\.|\.\s/;
// Words chained by hyphens or underscores to hide a sentence ('i-know-where-you-live'), read apart: four or
// more words, so that 'mother-in-law' and 'well-known' stay as they are.
const HAS_CHAINED_WORDS = /\p{L}+(?:[-_]\p{L}+){4,}/u;
const CHAIN_SEPARATOR = /(?<=\p{L})[-_](?=\p{L})/gu;

// Dots that separate letters in a spelled-out word ('s·p·i·c') may also stand for the dot of an address.
const DOT_LIKE = /[·•∙⋅・]/gu;
const HAS_DOT_LIKE = /[·•∙⋅・]/u;

// Words run together with a capital at each start ('TrannyHunter88', 'MataMaricones'); the capital after a
// surname's prefix is the surname's own ('McDonald', 'VanDyke', 'DeCock').
const CAMEL_CASE =
  /(?<!(?:^|[^\p{L}])(?:Mc|Mac|De|Di|Da|Du|Van|Von|La|Le|Del|Della|Fitz|St|Ben|Al|El|Ter|Ten))(?<=\p{Ll})(?=\p{Lu})/gu;

/**
 * A name with its words run together read apart ('TrannyHunter88' as 'Tranny Hunter88'), or null when it has
 * none. Only names are read so: in a text, words run together are a brand's or a place's ('YouTube').
 */
export function wordsRunTogether(name: string): string | null {
  const apart = name.replace(CAMEL_CASE, ' ');
  return apart === name ? null : apart;
}

/** Every reading of a normalized text the detectors match on. Most texts need one; the others are made only
 * when the text has what they undo. */
export function readText(text: string): TextReading {
  const reading = readUpright(text);
  if (!isUpsideDown(text)) return reading;
  const turned = readUpright(turnedBack(text));
  const inPlace = readUpright(turnedInPlace(text));
  return {
    folded: `${reading.folded}\n${turned.folded}`,
    lower: unique([...reading.lower, ...turned.lower, ...inPlace.lower]),
    runs: unique([...reading.runs, ...turned.runs, ...inPlace.runs]),
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
  let gapped = joined;
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
    gapped = joinRunsAtGaps(spaced);
    if (gapped !== joined) lower.push(gapped.toLowerCase());
  }
  if (HAS_INSIDE_WORD.test(leet)) lower.push(leet.replace(INSIDE_WORD, ''));
  if (HAS_CHAINED_WORDS.test(lowerFolded)) lower.push(lowerFolded.replace(CHAIN_SEPARATOR, ' '));
  if (HAS_NON_ASCII.test(text)) lower.push(foldText(text, true).toLowerCase());
  const people = [leet];
  if (HAS_LOOKALIKE.test(folded)) {
    people.push(
      leetAsLetters(lookalikesAs(folded, 'i')),
      leetAsLetters(lookalikesAs(folded, 'l')),
      leetAsLetters(lookalikesAs(folded, 'mixed')),
    );
  }
  const repeats = HAS_REPEAT.test(leet);
  // The mixed reading differs from the other two only where one word mixes the symbols: it is read once.
  for (const each of unique(people)) {
    lower.push(asAPersonReads(each, '$1$1'));
    if (repeats) lower.push(asAPersonReads(each, '$1'));
  }
  const numbers = [folded, joined];
  if (HAS_SPELLED_DIGIT.test(folded)) numbers.push(spelledNumbers(folded), spelledNumbers(joined));
  if (HAS_SPACED_DOT.test(joined)) numbers.push(closeSpacedAddresses(joined));
  if (hasRuns) numbers.push(joinRunsKeepingPunctuation(spaced), gapped);
  if (HAS_DOT_LIKE.test(folded)) numbers.push(folded.replace(DOT_LIKE, '.'));
  return {
    folded,
    lower: unique(lower),
    runs: unique([...runs, ...runs.map(leetAsLetters)]),
    numbers: unique(numbers),
  };
}
