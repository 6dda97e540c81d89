/**
 * What every text and name field becomes before any rule runs (docs/trust-and-safety.md#screening),
 * so the rules see what a reader sees: full-width digits, '＠' and ligatures fold to their plain
 * forms (NFKC), and characters that take no room on the screen are removed, because they only ever serve to
 * hide a phone number or a slur from a filter.
 */

// Zero-width and other invisible characters: soft hyphen, combining grapheme joiner, Hangul fillers,
// Khmer and Mongolian invisible vowels and separators, zero-width space and non-joiner, word joiner and
// invisible operators, deprecated format characters, the byte-order mark, and the tag characters that can
// smuggle hidden text. The zero-width joiner is handled apart: it also joins emoji into one picture.
const INVISIBLE =
  /\u034F|\u17B4|\u17B5|\u180B|\u180C|\u180D|\u180F|[\u00AD\u115F\u1160\u180E\u200B\u200C\u2060-\u2064\u206A-\u206F\u3164\uFEFF\uFFA0\u{E0000}-\u{E007F}]/gu;
// A zero-width joiner outside an emoji sequence (the couple and family emoji keep theirs).
const STRAY_JOINER = /(?<!\p{Extended_Pictographic}\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})/gu;
// Bidirectional controls: embeddings, overrides, isolates, the implicit marks and the Arabic letter mark. An
// override shows '3410 555 202' for the stored '202 555 0143' and makes a name read differently from what it
// is; no field here needs them, since the browser lays out every script by itself.
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
// Line and paragraph separators and NEL break lines like a newline does.
const LINE_SEPARATORS = /\r\n|[\r\u0085\u2028\u2029]/g;

/** Whether `value` holds a bidirectional control character (names refuse them; texts drop them). */
export function containsDirectionControls(value: string): boolean {
  return new RegExp(DIRECTION_CONTROLS.source, 'u').test(value);
}

/**
 * A text as it is checked and stored: NFKC, line breaks as '\n', no invisible or direction control
 * characters, trimmed. Texts drop direction controls rather than refusing them: the text then reads in the
 * order it is stored and checked, and a writer who pasted one by accident is not stopped for it.
 */
export function normalizeText(value: string): string {
  return value
    .normalize('NFKC')
    .replace(LINE_SEPARATORS, '\n')
    .replace(INVISIBLE, '')
    .replace(STRAY_JOINER, '')
    .replace(DIRECTION_CONTROLS, '')
    .trim();
}

/** A name as it is checked and stored: a normalized text on one line with single spaces. */
export function normalizeName(value: string): string {
  return normalizeText(value).replace(/\s+/g, ' ');
}
