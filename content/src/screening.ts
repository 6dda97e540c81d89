import { findContactDetails } from './detectors/contact-details';
import { findOffensiveTerm } from './detectors/offensive-terms';
import { containsDoxxing, containsThreat } from './detectors/threats-and-doxxing';
import { mentionsFullName } from './name';
import { normalizeName, normalizeText } from './normalize';
import { RATED_NAME_LABEL, RATING_TEXT_FIELDS, type RatingTextField } from './rating-fields';
import { SCREENING_RULES, type ScreeningRuleName, screeningMessage } from './rules';

/** What screening found in one text: the first rule it breaks, refusals before holds. */
export interface ScreeningFinding {
  rule: ScreeningRuleName;
  outcome: 'refuse' | 'hold';
}

function finding(rule: ScreeningRuleName): ScreeningFinding {
  return { rule, outcome: SCREENING_RULES[rule].outcome };
}

/**
 * Screens one normalized text against every rule that needs no other field. Refusing rules run first: a text
 * the writer must edit anyway is not held.
 */
export function screenText(text: string): ScreeningFinding | null {
  if (text === '') return null;
  if (findContactDetails(text).length > 0) return finding('contact-details');
  const offensive = findOffensiveTerm(text);
  if (offensive === 'slur') return finding('slurs');
  if (offensive === 'sexual') return finding('sexual-terms');
  if (containsThreat(text)) return finding('threats');
  if (containsDoxxing(text)) return finding('doxxing');
  return null;
}

/**
 * Screens a name (the rated name, a display name): names are not moderated, so a rule that would hold a text
 * refuses a name instead. Returns the message to show, or null.
 */
export function nameScreeningMessage(fieldLabel: string, name: string): string | null {
  const found = screenText(name);
  return found ? screeningMessage(fieldLabel, found.rule) : null;
}

export type RatingScreeningField = 'name' | RatingTextField;

export interface ScreenedRating {
  name: string;
  testimonial: string | null;
  gratitude: string | null;
  selfReflection: string | null;
  feedback: string | null;
}

export type ScreeningVerdict =
  | { outcome: 'accept' }
  | { outcome: 'refuse'; field: RatingScreeningField; rule: ScreeningRuleName; message: string }
  | { outcome: 'hold'; field: RatingTextField; rule: ScreeningRuleName; message: string };

const TEXT_FIELDS = Object.keys(RATING_TEXT_FIELDS) as RatingTextField[];

/** Texts that name the rated person in full (the one rule that needs another field: the rated name). */
export function fullNameRefusals(input: ScreenedRating): Array<{ field: RatingTextField; message: string }> {
  return TEXT_FIELDS.filter((field) => {
    const text = input[field];
    return text ? mentionsFullName(input.name, text) : false;
  }).map((field) => ({ field, message: screeningMessage(RATING_TEXT_FIELDS[field], 'full-name') }));
}

function screenRatingText(ratedName: string, text: string): ScreeningFinding | null {
  return mentionsFullName(ratedName, text) ? finding('full-name') : screenText(text);
}

/**
 * Screens a whole normalized rating input: the first refusal (the name first, then the texts in form order),
 * else the first hold, else accept. `rating.submit`'s input schema already refuses what this refuses; the
 * submission calls it for the hold.
 */
export function screenRatingInput(input: ScreenedRating): ScreeningVerdict {
  const nameFinding = screenText(input.name);
  if (nameFinding) {
    const message = screeningMessage(RATED_NAME_LABEL, nameFinding.rule);
    return { outcome: 'refuse', field: 'name', rule: nameFinding.rule, message };
  }
  let hold: ScreeningVerdict | null = null;
  for (const field of TEXT_FIELDS) {
    const text = input[field];
    const found = text ? screenRatingText(input.name, text) : null;
    if (!found) continue;
    const message = screeningMessage(RATING_TEXT_FIELDS[field], found.rule);
    if (found.outcome === 'refuse') return { outcome: 'refuse', field, rule: found.rule, message };
    hold ??= { outcome: 'hold', field, rule: found.rule, message };
  }
  return hold ?? { outcome: 'accept' };
}

/**
 * A rating text as typed, refused as the server would refuse it, or null: the rate form's check before submit.
 * What the server would hold is not the writer's to fix, so the form says nothing about it.
 */
export function ratingTextRefusal(field: RatingTextField, ratedName: string, typed: string): string | null {
  const found = screenRatingText(normalizeName(ratedName), normalizeText(typed));
  return found?.outcome === 'refuse' ? screeningMessage(RATING_TEXT_FIELDS[field], found.rule) : null;
}
