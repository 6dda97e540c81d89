/**
 * The ways a normalized text is read by the detectors. Spacing a word out ('k i k e', 'f.a.g',
 * '5 5 5 - 1 2 3 4') is the one trick normalization cannot undo, so a second reading joins runs of single
 * characters back into words.
 */

// Three or more single letters or digits (or the leetspeak symbols '@' and '$'), each apart from the next
// by separators only: 'n i g', 'k.i.k.e', 's-l-u-t'. Ordinary prose has no such runs.
const SPACED_OUT = /(?<![\p{L}\p{N}])[\p{L}\p{N}@$](?:[\s.\-_*/\\|]+[\p{L}\p{N}@$](?![\p{L}\p{N}])){2,}/gu;
const SEPARATORS = /[\s.\-_*/\\|]+/g;

/** The text with every spaced-out run joined into one word ('she is a k i k e' -> 'she is a kike'). */
export function joinSpacedOutRuns(text: string): string {
  return text.replace(SPACED_OUT, (run) => run.replace(SEPARATORS, ''));
}

/** The spaced-out runs of `text`, each joined into one word. */
export function spacedOutRuns(text: string): string[] {
  return [...text.matchAll(SPACED_OUT)].map((match) => match[0].replace(SEPARATORS, ''));
}

/** The readings every detector looks at: the text itself and, when it differs, the joined one. */
export function readings(text: string): string[] {
  const joined = joinSpacedOutRuns(text);
  return joined === text ? [text] : [text, joined];
}
