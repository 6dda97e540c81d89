/**
 * Numbers spelled out, in words or mixed with digits ('seven oh seven', 'two-oh-two fifty five', '2o2 5five5'),
 * read as digits for the contact rule.
 */

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
  // Spanish.
  cero: '0',
  uno: '1',
  dos: '2',
  tres: '3',
  cuatro: '4',
  cinco: '5',
  seis: '6',
  siete: '7',
  ocho: '8',
  nueve: '9',
  diez: '10',
  doce: '12',
  trece: '13',
  catorce: '14',
  quince: '15',
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
  veinte: '2',
  treinta: '3',
  cuarenta: '4',
  cincuenta: '5',
  sesenta: '6',
  setenta: '7',
  ochenta: '8',
  noventa: '9',
};
const UNITS = 'one|two|three|four|five|six|seven|eight|nine|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve';
const TEENS =
  'ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|diez|doce|trece|catorce|quince';
const TENS_WORD =
  'twenty|thirty|forty|fourty|fifty|sixty|seventy|eighty|ninety|veinte|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa';
// 'forty two', 'fifty-five', 'sesenta y cinco': one number of two digits.
const TENS_AND_UNIT = String.raw`(?:${TENS_WORD})(?:(?:[\s-]+|\s+y\s+)(?:${UNITS}))?`;
const NUMBER_WORD = String.raw`(?:${TENS_AND_UNIT}|${TEENS}|zero|cero|oh|o|nought|${UNITS}|hundred|\d)`;
const REPEATED = String.raw`(?:(?:double|triple)[\s,.-]*)?`;
// Numbers spelled out, or digits, in a row: 'seven oh seven', 'two-oh-two fifty five fifty five', 'forty two'.
// 'oh' and 'o' count only inside such a row ('oh well' stays words).
const NUMBER_WORD_RUN = new RegExp(
  String.raw`(?<![\p{L}])${REPEATED}${NUMBER_WORD}(?:(?:(?<=hundred)[\s,]+and[\s,]+|[\s,.\-–—]*)${REPEATED}${NUMBER_WORD}(?![\p{L}]))*(?![\p{L}])`,
  'giu',
);
const ONE_NUMBER_WORD = new RegExp(
  String.raw`(?<![\p{L}])(double|triple)?[\s,.-]*(${NUMBER_WORD})(?![\p{L}])`,
  'giu',
);
const SPELLED_DIGIT = new RegExp(String.raw`(?<![\p{L}])(?:zero|cero|${UNITS})(?![\p{L}])`, 'giu');
const SPELLED_NUMBER = new RegExp(
  String.raw`(?<![\p{L}])(?:zero|cero|${UNITS}|${TENS_WORD}|${TEENS}|hundred)(?![\p{L}])`,
  'iu',
);
// A word for a digit between digits ('07 seven 00'): a year range followed by a count ('2015-2019, three
// moves') is none.
const INTERLEAVED = new RegExp(String.raw`\d[^\p{L}]*?${SPELLED_NUMBER.source}[^\p{L}]*\d`, 'iu');
const SPELLED_NUMBERS = new RegExp(SPELLED_NUMBER.source, 'giu');
// A number long enough to call: digits mixed with a word for one ('07 seven 00 nine hundred 123') are one.
const PHONE_LENGTH = 7;
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
  const [tens = '', unit] = lower.split(/[\s-]+(?:y\s+)?/);
  const tensDigit = TENS[tens];
  if (tensDigit !== undefined) return tensDigit + (unit ? (DIGIT_WORDS[unit] ?? '') : '0');
  return DIGIT_WORDS[lower] ?? word;
}

export function spelledNumbers(text: string): string {
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
    const digits = run
      .replace(ONE_NUMBER_WORD, (_match, repeat: string | undefined, word: string) => {
        const value = numberValue(word);
        const times = repeat?.toLowerCase() === 'triple' ? 3 : repeat ? 2 : 1;
        return ` ${value.repeat(times)}`;
      })
      // 'five hundred' is 500, not '5 00'.
      .replace(/(?<=\d) 00(?!\d)/g, '00');
    const words = run.match(SPELLED_NUMBERS)?.length ?? 0;
    const long = (INTERLEAVED.test(run) || words >= 2) && digits.replace(/\D/g, '').length >= PHONE_LENGTH;
    if (spelled < 3 && !long && !(SPELLED_TENS_OR_TEEN.test(run) && !/\d/.test(run))) return run;
    return digits;
  });
}
