/**
 * The named screening rules (docs/screening.md), one list for the server and the browser. A refused text
 * goes back to its writer with a message naming the field and the rule, so they can edit it; a held one is
 * saved but neither shown, counted nor texted until an administrator approves it. An urgent rule's holds
 * come first in the moderation queue.
 */
export type ScreeningOutcome = 'refuse' | 'hold';

export type ScreeningRuleName =
  | 'direction-controls'
  | 'full-name'
  | 'contact-details'
  | 'slurs'
  | 'insults'
  | 'sexual-terms'
  | 'threats'
  | 'self-harm'
  | 'doxxing'
  | 'hate-speech'
  | 'minor-sexual-content'
  | 'third-party-full-name';

export interface ScreeningRule {
  name: ScreeningRuleName;
  outcome: ScreeningOutcome;
  /** The end of the sentence '{field} must not contain …' that tells people what the rule forbids. */
  forbids: string;
  /** Held items of this rule go to the top of the moderation queue. */
  urgent: boolean;
}

export const SCREENING_RULES: Record<ScreeningRuleName, ScreeningRule> = {
  'direction-controls': {
    name: 'direction-controls',
    outcome: 'refuse',
    forbids: 'direction control characters (such as a right-to-left override)',
    urgent: false,
  },
  'full-name': {
    name: 'full-name',
    outcome: 'refuse',
    forbids: 'full names: a first name and at most one initial',
    urgent: false,
  },
  'contact-details': {
    name: 'contact-details',
    outcome: 'refuse',
    forbids: 'contact details (phone numbers, emails, links or @handles)',
    urgent: false,
  },
  slurs: { name: 'slurs', outcome: 'refuse', forbids: 'slurs or hate speech', urgent: false },
  insults: { name: 'insults', outcome: 'refuse', forbids: 'insults', urgent: false },
  'sexual-terms': { name: 'sexual-terms', outcome: 'refuse', forbids: 'graphic sexual terms', urgent: false },
  threats: { name: 'threats', outcome: 'hold', forbids: 'threats', urgent: false },
  'self-harm': {
    name: 'self-harm',
    outcome: 'hold',
    forbids: 'encouragement to self-harm or suicide',
    urgent: false,
  },
  doxxing: {
    name: 'doxxing',
    outcome: 'hold',
    forbids: 'where someone lives, works or can be found, their car or their social accounts',
    urgent: false,
  },
  'hate-speech': {
    name: 'hate-speech',
    outcome: 'hold',
    forbids: 'hate speech against a group of people',
    urgent: false,
  },
  'minor-sexual-content': {
    name: 'minor-sexual-content',
    outcome: 'hold',
    forbids: 'sexual content involving a minor',
    urgent: true,
  },
  'third-party-full-name': {
    name: 'third-party-full-name',
    outcome: 'hold',
    forbids: "other people's full names",
    urgent: false,
  },
};

/** The message for people: '{field} must not contain {what the rule forbids}.' */
export function screeningMessage(fieldLabel: string, rule: ScreeningRuleName): string {
  return `${fieldLabel} must not contain ${SCREENING_RULES[rule].forbids}.`;
}

/** The message for fields read together: '{field} and {field}, read together, must not contain …'. */
export function combinedScreeningMessage(fieldLabels: readonly string[], rule: ScreeningRuleName): string {
  if (fieldLabels.length === 1) return screeningMessage(fieldLabels[0] ?? '', rule);
  const named = `${fieldLabels.slice(0, -1).join(', ')} and ${fieldLabels.at(-1)}`;
  return `${named}, read together, must not contain ${SCREENING_RULES[rule].forbids}.`;
}
