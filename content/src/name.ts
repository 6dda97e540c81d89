/**
 * The rated person's name (DESIGN.md section 4; terms, 'Content Guidelines'): a first name of 1–30 letters of
 * any script, with hyphens or apostrophes, optionally one initial with an optional period. 'Alex S.', 'Zoë',
 * 'José M' pass; 'Alexander Smith' does not: a full name makes the person findable.
 */
export const NAME_PATTERN = /^\p{L}[\p{L}\p{M}'’-]{0,29}(?: \p{L}\.?)?$/u;
export const NAME_MESSAGE = 'Use a first name and at most one initial, e.g. Alex S.';
export const NAME_REQUIRED_MESSAGE = 'Please enter their first name';

// A first name followed by a capitalised word of two or more letters ('Alex Smithers'), as opposed to an
// initial ('Alex S.') or a sentence going on ('Alex and I').
const SURNAME_AFTER = String.raw`[ \t]+\p{Lu}[\p{Ll}\p{M}'’-]+`;

function escapeForPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether `text` names the rated person in full: their first name (from the name field) followed by what
 * reads as a surname. The terms allow a first name and an initial only, in the texts as in the name.
 */
export function mentionsFullName(ratedName: string, text: string): boolean {
  const firstName = ratedName.split(' ')[0];
  if (!firstName || firstName.length < 2) return false;
  const pattern = new RegExp(
    String.raw`(?<![\p{L}\p{M}])${escapeForPattern(firstName)}${SURNAME_AFTER}`,
    'u',
  );
  return pattern.test(text);
}
