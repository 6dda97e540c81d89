import { describe, expect, it } from 'vitest';
import { normalizeText } from './normalize';
import { readText, wordsRunTogether } from './reading';

// What the rules see of a text as typed: every reading, lower-case, and the readings for numbers.
function lower(typed: string): string[] {
  return readText(normalizeText(typed)).lower;
}

function digitsOf(typed: string): string[] {
  return readText(normalizeText(typed)).numbers.map((reading) => reading.replace(/\D/g, ''));
}

describe('readText: ASCII lookalikes inside a word', () => {
  it.each([
    ['I will kiII you', 'i will kill you'],
    ['she is a sIut', 'she is a slut'],
    ['i will k!ll you', 'i will kill you'],
    ['i will k|ll you', 'i will kill you'],
    ['i will ki|| you', 'i will kill you'],
    ['i will ki11 you', 'i will kill you'],
    ['he is a niqqer', 'he is a nigger'],
    ['a b!tch', 'a bitch'],
  ])('reads %j as %j', (typed, read) => {
    expect(lower(typed)).toContain(read);
  });

  it.each([
    ['I gave it 8/10 and paid $40', 'i gave it 8/10 and paid $40'],
    ['I think I liked Iraq', 'i think i liked iraq'],
    ['Wow! Great!', 'wow! great!'],
  ])('leaves %j alone: the pronoun, scores, amounts, a word’s capital and its end', (typed, read) => {
    for (const reading of lower(typed)) expect(reading).toBe(read);
  });
});

describe('readText: letter-like symbols', () => {
  it.each([
    ['🅺🅸🅻🅻 yourself', 'negative squared'],
    ['🅚🅘🅛🅛 yourself', 'negative circled'],
    ['🇰🇮🇱🇱 yourself', 'regional indicators'],
    ['ⓚⓘⓛⓛ yourself', 'enclosed (NFKC)'],
    ['🄺🄸🄻🄻 yourself', 'squared (NFKC)'],
    ['ᴋɪʟʟ ʏᴏᴜʀsᴇʟꜰ', 'small capitals'],
    ['𝐤𝐢𝐥𝐥 𝐲𝐨𝐮𝐫𝐬𝐞𝐥𝐟', 'mathematical bold (NFKC)'],
    ['𝓴𝓲𝓵𝓵 𝔂𝓸𝓾𝓻𝓼𝓮𝓵𝓯', 'mathematical script (NFKC)'],
    ['ｋｉｌｌ ｙｏｕｒｓｅｌｆ', 'fullwidth (NFKC)'],
    ['ɟlǝsɹnoʎ llᴉʞ', 'upside down'],
    ['ʞill yourself', 'a turned letter the right way up'],
  ])('reads %j (%s) as “kill yourself”', (typed) => {
    expect(lower(typed)).toContain('kill yourself');
  });
});

describe('readText: held-down letters', () => {
  it.each([
    ['i will kiiiiillll you', 'i will kill you'],
    ['go diiiiie', 'go die'],
    ['i will hurrrrrt you', 'i will hurt you'],
  ])('reads %j as %j', (typed, read) => {
    expect(lower(typed)).toContain(read);
  });
});

describe('readText: a word split by one separator', () => {
  it.each([
    ['i will ki ll you', 'i will kill you'],
    ['what a nig ger', 'what a nigger'],
    ['i will ki-ll you', 'i will kill you'],
    ['she is a sl.ut', 'she is a slut'],
  ])('re-joins %j as %j', (typed, read) => {
    expect(lower(typed)).toContain(read);
  });

  it('reads a run dotted letter by letter without its last dot: “k.i.l.l. you”', () => {
    expect(lower('i will k.i.l.l. you')).toContain('i will kill you');
  });

  it('leaves two ordinary words apart: “the pen is mightier”', () => {
    expect(lower('the pen is mightier')).toEqual(['the pen is mightier']);
  });
});

describe('readText: texting spellings', () => {
  it.each([
    ['I kno where u live', 'i know where you live'],
    ['ik wer u liv', 'i know where you live'],
    ['ima be waitin 4 u at nite', 'ima be waiting for you at night'],
    ['dey comin wit em 2moro', 'they coming with them tomorrow'],
    ['ull see, tryna hide thru it', "you'll see, trying to hide through it"],
    ['hookin up w a 14 yr old', 'hooking up w a 14 yr old'],
    ['watch yr back', 'watch your back'],
  ])('reads %j as %j', (typed, read) => {
    expect(lower(typed)).toContain(read);
  });
});

describe('readText: numbers', () => {
  it.each([
    ['two-oh-two fifty five fifty five oh one four seven', '20255550147'],
    ['forty two', '42'],
    ['nineteen eighty four', '1984'],
    ['five hundred', '500'],
    ['seven oh seven, double oh nine', '707009'],
  ])('reads the spelled number %j as %s', (typed, digits) => {
    expect(digitsOf(typed)).toContain(digits);
  });

  it('reads digits and spelled digits mixed: “2o2 5five5 o147”', () => {
    const numbers = readText(normalizeText('2o2 5five5 o147')).numbers;
    expect(numbers.some((reading) => reading.includes('555'))).toBe(true);
  });

  it('leaves a single spelled digit and a year range as they are', () => {
    expect(digitsOf('Together 2015-2019, three moves')).toEqual(['20152019']);
    expect(digitsOf('two years three months')).toEqual(['']);
  });

  it.each([
    'alexphotos。com',
    'alexphotos｡com',
    'alexphotos．com',
    'alexphotos․com',
    'alexphotos﹒com',
    'alexphotos·com',
  ])('reads every dot-like character as a dot: %j', (typed) => {
    expect(readText(normalizeText(typed)).numbers).toContain('alexphotos.com');
  });
});

describe('the reading of letters, digits and words', () => {
  it.each([
    ['1 w1ll f1nd y0u', 'i will find you'],
    ['ʞıll ʎonɹsǝlɟ', 'kill yourself'],
    ['dyĸe', 'dyke'],
  ])('reads %j as %j', (text, expected) => {
    expect(readText(text).lower).toContain(expected);
  });

  it('reads dingbat digits and Spanish digits as digits', () => {
    expect(readText('❼❼❽').numbers).toContain('778');
    expect(readText('seis cinco cuatro').numbers.some((reading) => /6\s+5\s+4/.test(reading))).toBe(true);
  });

  it('keeps a lone 1 outside leetspeak, and a one-letter word outside a split word', () => {
    expect(readText('gave him 1 star, 1 will do').lower).not.toContain('gave him i star, i will do');
    expect(readText('negro y su familia').lower.some((reading) => reading.includes('negroy'))).toBe(false);
  });
});

describe('readText: lookalikes mixed in one word, words run together, gaps between spaced-out words', () => {
  it.each([
    ['gonna k1|| you', 'gonna kill you'],
    ['go k!ll y0urse|f', 'go kill yourself'],
    ['i will k!II you', 'i will kill you'],
    ['k¡ll urself', 'kill urself'],
    ['i  w i l l  k i l l  y o u', 'i will kill you'],
  ])('reads %j as %j', (typed, read) => {
    expect(lower(typed)).toContain(read);
  });

  it('reads the groups of a spaced-out address apart, for the numbers too', () => {
    expect(readText(normalizeText('4 2 0 0  c e d a r  c t')).numbers).toContain('4200 cedar ct');
  });

  it('reads a spaced-out scheme and dots closed', () => {
    expect(readText(normalizeText('h t t p s : / / derek-lane . site')).numbers).toContain(
      'https://derek-lane.site',
    );
  });

  it('reads the words of a name run together apart, but not after a surname prefix', () => {
    expect(wordsRunTogether('TrannyHunter88')).toBe('Tranny Hunter88');
    expect(wordsRunTogether('VanDyke')).toBeNull();
    expect(wordsRunTogether('McDonald')).toBeNull();
  });
});
