import type { TextReading } from './text-reading';

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

// Contractions that are another word without their apostrophe keep it: 'we're' is not 'were', 'we'll' not
// 'well', 'he'll' not 'hell', 'she'll' not 'shell', 'we'd' not 'wed'.
const APOSTROPHE_NEEDED = /\b(we|he|she)'\?(?=re\b|ll\b|d\b)/g;

export function phrases(sources: readonly string[], perExpression = PATTERNS_PER_EXPRESSION): Phrases {
  const prose = sources.map((source) =>
    replaceGaps(source.replace(/'\??/g, "'?").replace(APOSTROPHE_NEEDED, "$1'"), String.raw`[\s,]+`),
  );
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
