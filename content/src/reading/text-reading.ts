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
