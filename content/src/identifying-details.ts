/**
 * Details a rated ex could tie to one person (docs/anonymity.md): a date, a place, an event, a number. The
 * ex knows who they dated and what happened; 'the night of your sister's wedding in Leeds' names its author
 * as surely as a signature. The rate form notes such details while the rater writes and the server counts
 * them; neither ever refuses a text for them: the rater decides what to keep.
 */

export const IDENTIFYING_DETAILS_NUDGE =
  'Details like dates, places and events can tell your ex who wrote this.';

export type IdentifyingDetailKind = 'date' | 'place' | 'event' | 'number';

export interface IdentifyingDetail {
  kind: IdentifyingDetailKind;
  /** The words that were found, as written. */
  text: string;
}

const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec';
const WEEKDAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';

// 'May' alone is a verb far more often than a month: it counts with a day number beside it.
const DATE_PATTERNS: readonly RegExp[] = [
  new RegExp(`\\b(?:${MONTHS.replace('may|', '')})\\b`, 'i'),
  /\b(?:\d{1,2}(?:st|nd|rd|th)?\s+may|may\s+\d{1,2}(?:st|nd|rd|th)?)\b/i,
  new RegExp(`\\b(?:last|next|that|on|every)?\\s*(?:${WEEKDAYS})s?\\b`, 'i'),
  /\b(?:yesterday|tonight|last night|last week(?:end)?|last month|last year|this morning)\b/i,
  /\b\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?\b/,
  /\b(?:19|20)\d{2}\b/,
  /\b(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b/i,
];

const EVENTS =
  "wedding|birthday|funeral|party|concert|festival|graduation|prom|christmas|thanksgiving|new year(?:'s)?|valentine(?:'s)?|anniversary|holiday|vacation|trip to|honeymoon|reunion|baby shower|hen do|stag do|bachelor(?:ette)? party|gig|match|game night";
const PLACES =
  'bar|pub|club|restaurant|cafe|café|hotel|airport|station|beach|gym|office|hospital|church|school|college|university|campus|park|mall|apartment|flat';

const EVENT_PATTERN = new RegExp(`\\b(?:${EVENTS})s?\\b`, 'i');
const PLACE_PATTERNS: readonly RegExp[] = [
  new RegExp(`\\b(?:${PLACES})\\b`, 'i'),
  // 'in Leeds', 'at Joe's': a capitalised name after a preposition of place.
  /\b(?:[Ii]n|[Aa]t|[Tt]o|[Ff]rom|[Nn]ear)\s+(?:the\s+)?\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)*/u,
];
// Numbers a sentence needs ('1 thing', 'a 10') are common; two digits or more are a count, an age, a time.
const NUMBER_PATTERN = /\b\d{2,}\b|\b\d{1,2}(?::\d{2})?\s*(?:am|pm)\b/i;

function firstMatch(text: string, pattern: RegExp): string | null {
  const match = pattern.exec(text);
  return match ? match[0].trim() : null;
}

/** The identifying details in one text, at most one of each kind, in the order date, place, event, number. */
export function findIdentifyingDetails(text: string | null | undefined): IdentifyingDetail[] {
  if (!text) return [];
  const found: IdentifyingDetail[] = [];
  const date = DATE_PATTERNS.map((pattern) => firstMatch(text, pattern)).find((match) => match);
  if (date) found.push({ kind: 'date', text: date });
  const place = PLACE_PATTERNS.map((pattern) => firstMatch(text, pattern)).find((match) => match);
  if (place) found.push({ kind: 'place', text: place });
  const event = firstMatch(text, EVENT_PATTERN);
  if (event) found.push({ kind: 'event', text: event });
  const number = date ? null : firstMatch(text, NUMBER_PATTERN);
  if (number) found.push({ kind: 'number', text: number });
  return found;
}

/** The kinds of identifying detail found across several texts (a rating's four). */
export function identifyingDetailKinds(
  texts: ReadonlyArray<string | null | undefined>,
): IdentifyingDetailKind[] {
  const kinds = new Set<IdentifyingDetailKind>();
  for (const text of texts) for (const detail of findIdentifyingDetails(text)) kinds.add(detail.kind);
  return [...kinds];
}
