import { TURNED_LETTERS } from './letters';

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

export function isUpsideDown(text: string): boolean {
  return (text.match(TURNED)?.length ?? 0) >= 2;
}

/** Turned letters written left to right ('ʞıll ʎonɹsǝlɟ'): each letter turned back, in the order written. */
export function turnedInPlace(text: string): string {
  return [...text].map((character) => UPSIDE_DOWN[character] ?? character).join('');
}

export function turnedBack(text: string): string {
  return [...text]
    .reverse()
    .map((character) => UPSIDE_DOWN[character] ?? character)
    .join('');
}
