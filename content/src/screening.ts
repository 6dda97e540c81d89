import { findContactDetails } from './detectors/contact-details';
import { findDoxxing } from './detectors/doxxing';
import {
  findRatedFullName,
  findRelatedFullName,
  findThirdPersonFullName,
  isFullName,
  isGivenName,
  statesSurname,
} from './detectors/full-names';
import { findHateSpeech, findMinorSexualContent } from './detectors/hate-and-minors';
import { findOffensiveTerm } from './detectors/offensive-terms';
import { findSelfHarmEncouragement } from './detectors/self-harm';
import { findThreat } from './detectors/threats';
import { NAME_INSULTS } from './listed-words';
import { normalizeName, normalizeText } from './normalize';
import { RATED_NAME_LABEL, RATING_TEXT_FIELDS, type RatingTextField } from './rating-fields';
import { foldText, readText, type TextReading, wordsRunTogether } from './reading';
import { combinedScreeningMessage, SCREENING_RULES, type ScreeningRuleName, screeningMessage } from './rules';

/**
 * What screening found: the rule, what it does, whether its holds are urgent, and the words it matched (for
 * the moderator who reads a held item).
 */
export interface ScreeningFinding {
  rule: ScreeningRuleName;
  outcome: 'refuse' | 'hold';
  urgent: boolean;
  words: string;
}

function finding(rule: ScreeningRuleName, words: string): ScreeningFinding {
  const { outcome, urgent } = SCREENING_RULES[rule];
  return { rule, outcome, urgent, words };
}

/** What screening needs besides the text: the rated person's name, for their full name. */
export interface ScreeningContext {
  ratedName?: string;
}

/**
 * Screens one reading. Sexual content involving a minor is held before anything is refused (a refusal would
 * only teach the writer to reword it); then refusing rules, so that a text the writer must edit anyway is
 * not held; then the other holds.
 */
function screenReading(reading: TextReading, context: ScreeningContext): ScreeningFinding | null {
  const minor = findMinorSexualContent(reading);
  if (minor) return finding('minor-sexual-content', minor);
  if (findContactDetails(reading).length > 0) {
    return finding('contact-details', reading.folded);
  }
  const offensive = findOffensiveTerm(reading);
  if (offensive?.kind === 'slur') return finding('slurs', offensive.words);
  if (offensive?.kind === 'sexual') return finding('sexual-terms', offensive.words);
  const fullName = context.ratedName ? findRatedFullName(context.ratedName, reading.folded) : null;
  if (fullName) return finding('full-name', fullName);
  if (statesSurname(reading.folded)) return finding('full-name', reading.folded);
  const related = findRelatedFullName(reading.folded);
  if (related) return finding('full-name', related);
  const threat = findThreat(reading);
  if (threat) return finding('threats', threat);
  const selfHarm = findSelfHarmEncouragement(reading);
  if (selfHarm) return finding('self-harm', selfHarm);
  const hate = findHateSpeech(reading);
  if (hate) return finding('hate-speech', hate);
  const doxxing = findDoxxing(reading);
  if (doxxing) return finding('doxxing', doxxing);
  const thirdParty = findThirdPersonFullName(reading.folded);
  if (
    thirdParty &&
    !(context.ratedName && thirdParty.startsWith(`${foldText(context.ratedName).split(' ')[0]} `))
  ) {
    return finding('third-party-full-name', thirdParty);
  }
  return null;
}

/** Screens one normalized text on its own (a notice, one field of a rating). */
export function screenText(text: string, context: ScreeningContext = {}): ScreeningFinding | null {
  return text === '' ? null : screenReading(readText(text), context);
}

// An insult as a name ('Twat', 'Biiitch', 'Вitch'), read as a person reads it; a given name ('Dick') is none.
const INSULT = new RegExp(`(?<![a-z])(?:${NAME_INSULTS.join('|')})(?:s|es|y)?(?![a-z])`, 'g');

function isInsult(name: string): boolean {
  return readText(name).lower.some((reading) =>
    [...reading.matchAll(INSULT)].some((match) => !isGivenName(match[0])),
  );
}

/**
 * Screens a name (the rated name, a display name): names are not moderated, so a rule that would hold a text
 * refuses a name instead. A given name is a name, whatever else it spells ('Dick', 'Fanny'): only slurs and
 * contact details are looked for in one. A display name may not be a full name either.
 */
export function nameScreeningMessage(fieldLabel: string, name: string): string | null {
  const found = screenName(fieldLabel, name);
  return found ? screeningMessage(fieldLabel, found.rule) : null;
}

function screenName(fieldLabel: string, name: string): ScreeningFinding | null {
  if (fieldLabel !== RATED_NAME_LABEL && isFullName(name)) return finding('full-name', name);
  const apart = wordsRunTogether(name);
  if (isInsult(name) || (apart !== null && isInsult(apart))) return finding('insults', name);
  // Read apart, each word is read as a word, not as part of a proper noun: only a slur is looked for then.
  const slurApart = apart === null ? null : screenText(apart.toLowerCase());
  const found = screenText(name) ?? (slurApart?.rule === 'slurs' ? slurApart : null);
  if (!found) return null;
  const firstWord = name.split(' ')[0] ?? '';
  if (found.rule !== 'slurs' && found.rule !== 'contact-details' && isGivenName(firstWord)) return null;
  return found;
}

export type RatingScreeningField = 'name' | RatingTextField;

export interface ScreenedRating {
  name: string;
  testimonial: string | null;
  gratitude: string | null;
  selfReflection: string | null;
  feedback: string | null;
}

/** A rating's screening: the fields involved (one, or several read together), the rule and its message. */
export type ScreeningVerdict =
  | { outcome: 'accept' }
  | {
      outcome: 'refuse' | 'hold';
      fields: RatingScreeningField[];
      rule: ScreeningRuleName;
      urgent: boolean;
      words: string;
      message: string;
    };

type ScreeningFlag = Exclude<ScreeningVerdict, { outcome: 'accept' }>;

const TEXT_FIELDS = Object.keys(RATING_TEXT_FIELDS) as RatingTextField[];
const FIELD_LABELS: Record<RatingScreeningField, string> = { name: RATED_NAME_LABEL, ...RATING_TEXT_FIELDS };
// How much of each side of a field boundary is read when two fields are read together: enough for a phone
// number, an email, an address or a sentence split in two.
const BOUNDARY_CHARACTERS = 50;
// Fields this short are also read all together, for what is split in three or more pieces.
const SHORT_FIELD = 120;

interface FieldText {
  field: RatingScreeningField;
  text: string;
}

// A boundary read goes on to the start (or the end) of the sentence it cuts when that is near, so that a
// word is read with the words that govern it ('I could kill him for that haircut' is not 'kill him').
const SENTENCE_REACH = 60;

function tail(text: string): string {
  if (text.length <= BOUNDARY_CHARACTERS) return text;
  const reach = text.slice(-(BOUNDARY_CHARACTERS + SENTENCE_REACH), -BOUNDARY_CHARACTERS);
  const sentenceStart = reach.search(/[.!?\n]\s*[^.!?\n]*$/);
  const cut = text.slice(-BOUNDARY_CHARACTERS);
  if (sentenceStart >= 0) return `${reach.slice(sentenceStart + 1).trimStart()}${cut}`;
  return cut.slice(cut.search(/\s/) + 1);
}

function head(text: string): string {
  if (text.length <= BOUNDARY_CHARACTERS) return text;
  const reach = text.slice(BOUNDARY_CHARACTERS, BOUNDARY_CHARACTERS + SENTENCE_REACH);
  const sentenceEnd = reach.search(/[.!?\n]/);
  if (sentenceEnd >= 0) return text.slice(0, BOUNDARY_CHARACTERS + sentenceEnd + 1);
  const cut = text.slice(0, BOUNDARY_CHARACTERS);
  return cut.slice(0, cut.search(/\s\S*$/) + 1 || cut.length);
}

function verdictOf(fields: RatingScreeningField[], found: ScreeningFinding): ScreeningFlag {
  return {
    outcome: found.outcome,
    fields,
    rule: found.rule,
    urgent: found.urgent,
    words: found.words,
    message: combinedScreeningMessage(
      fields.map((field) => FIELD_LABELS[field]),
      found.rule,
    ),
  };
}

// Of two findings, the one screening acts on: an urgent hold, then a refusal, then the first.
function stronger(current: ScreeningFlag | null, next: ScreeningFlag): ScreeningFlag {
  if (!current) return next;
  if (next.urgent && !current.urgent) return next;
  if (!current.urgent && next.outcome === 'refuse' && current.outcome === 'hold') return next;
  return current;
}

// Two fields read without a space between them, where a word or a number may have been cut in two ('nig' and
// 'ger', '07700' and '900123'): only numbers, emails and slurs ('Tom' and 'ok.so he left' make no link).
function screenJoined(first: string, second: string): ScreeningFinding | null {
  if (!/[\p{L}\p{N}@.]$/u.test(first) || !/^[\p{L}\p{N}@.]/u.test(second)) return null;
  const reading = readText(`${tail(first)}${head(second)}`);
  const kinds = findContactDetails(reading).filter((kind) => kind === 'phone' || kind === 'email');
  if (kinds.length > 0) return finding('contact-details', reading.folded);
  return findOffensiveTerm(reading)?.kind === 'slur' ? finding('slurs', reading.folded) : null;
}

// The orders in which a person reads the fields one after another: the form's, and the rated person's page,
// where the testimonial comes first.
const READING_ORDERS: readonly RatingScreeningField[][] = [
  ['name', 'gratitude', 'selfReflection', 'feedback', 'testimonial'],
  ['name', 'testimonial', 'gratitude', 'selfReflection', 'feedback'],
];

// Texts split across fields: each two fields read one after the other (with a space, and, for the numbers
// and emails that a space would break, without one), then the short fields all together, in each order.
function screenAcrossFields(texts: FieldText[], context: ScreeningContext): ScreeningFlag | null {
  const byField = new Map(texts.map((each) => [each.field, each]));
  const orders = READING_ORDERS.map((order) =>
    order.flatMap((field) => {
      const each = byField.get(field);
      return each ? [each] : [];
    }),
  );
  const pairs = new Map<string, [FieldText, FieldText]>();
  for (const order of orders) {
    for (let index = 1; index < order.length; index++) {
      const first = order[index - 1];
      const second = order[index];
      if (first && second) pairs.set(`${first.field} ${second.field}`, [first, second]);
    }
  }
  let verdict: ScreeningFlag | null = null;
  for (const [first, second] of pairs.values()) {
    let spaced = screenText(`${tail(first.text)} ${head(second.text)}`, context);
    // The name and the start of a text read as a full name only when the text is no sentence of its own
    // ('Okafor'): 'Jack' and 'Selfish, cold, never said sorry' are not a name.
    if (spaced?.rule === 'full-name' && first.field === 'name' && second.text.split(/\s+/).length > 3) {
      spaced = null;
    }
    const found = spaced ?? screenJoined(first.text, second.text);
    if (found) verdict = stronger(verdict, verdictOf([first.field, second.field], found));
  }
  if (verdict) return verdict;
  for (const order of orders) {
    const short = order.filter((each) => each.field !== 'name' && each.text.length <= SHORT_FIELD);
    if (short.length < 3) continue;
    const found = screenText(short.map((each) => each.text).join(' '), context);
    if (found) {
      return verdictOf(
        short.map((each) => each.field),
        found,
      );
    }
  }
  return null;
}

/**
 * Screens a whole normalized rating input, every field alone and then all read together: the name, then
 * the texts in form order; an urgent hold first, then the first refusal, else the first hold, else accept.
 * `rating.submit`'s input schema already refuses what this refuses; the submission calls it for the hold.
 */
export function screenRatingInput(input: ScreenedRating): ScreeningVerdict {
  const nameFound = screenName(RATED_NAME_LABEL, input.name);
  if (nameFound) {
    return {
      ...verdictOf(['name'], { ...nameFound, outcome: 'refuse' }),
      message: screeningMessage(RATED_NAME_LABEL, nameFound.rule),
    };
  }
  const context = { ratedName: input.name };
  let verdict: ScreeningFlag | null = null;
  const texts: FieldText[] = [{ field: 'name', text: input.name }];
  for (const field of TEXT_FIELDS) {
    const text = input[field];
    if (!text) continue;
    texts.push({ field, text });
    const found = screenText(text, context);
    if (found) verdict = stronger(verdict, verdictOf([field], found));
  }
  if (verdict) return verdict;
  return screenAcrossFields(texts, context) ?? { outcome: 'accept' };
}

/**
 * What the input schema refuses beyond each field alone: the rated person's full name in a text, and what
 * is refused only when fields are read together. Each refusal is reported on the first field involved.
 * `verdict` is the input's screenRatingInput, when the caller has it already.
 */
export function crossFieldRefusals(
  input: ScreenedRating,
  verdict: ScreeningVerdict = screenRatingInput(input),
): Array<{ field: RatingScreeningField; message: string }> {
  if (verdict.outcome !== 'refuse') return [];
  // The name and each text alone are refused by their own fields; the rated name in full needs two.
  if (verdict.fields.length === 1 && verdict.rule !== 'full-name') return [];
  return [{ field: verdict.fields[0] ?? 'name', message: verdict.message }];
}

/**
 * A rating text as typed, refused as the server would refuse it, or null: the rate form's check before submit.
 * What the server would hold is not the writer's to fix, so the form says nothing about it.
 */
export function ratingTextRefusal(field: RatingTextField, ratedName: string, typed: string): string | null {
  const found = screenText(normalizeText(typed), { ratedName: normalizeName(ratedName) });
  return found?.outcome === 'refuse' ? screeningMessage(RATING_TEXT_FIELDS[field], found.rule) : null;
}
