/**
 * The named screening rules (DESIGN.md section 5), one list for the server and the browser. A refused text
 * goes back to its writer with a message naming the field and the rule, so they can edit it; a held one is
 * saved but neither shown, counted nor texted until an administrator approves it.
 */
export type ScreeningOutcome = 'refuse' | 'hold';

export type ScreeningRuleName =
  | 'direction-controls'
  | 'full-name'
  | 'contact-details'
  | 'slurs'
  | 'sexual-terms'
  | 'threats'
  | 'doxxing';

export interface ScreeningRule {
  name: ScreeningRuleName;
  outcome: ScreeningOutcome;
  /** The end of the sentence '{field} must not contain …' that tells people what the rule forbids. */
  forbids: string;
}

export const SCREENING_RULES: Record<ScreeningRuleName, ScreeningRule> = {
  'direction-controls': {
    name: 'direction-controls',
    outcome: 'refuse',
    forbids: 'direction control characters (such as a right-to-left override)',
  },
  'full-name': {
    name: 'full-name',
    outcome: 'refuse',
    forbids: 'full names: a first name and at most one initial',
  },
  'contact-details': {
    name: 'contact-details',
    outcome: 'refuse',
    forbids: 'contact details (phone numbers, emails, links or @handles)',
  },
  slurs: { name: 'slurs', outcome: 'refuse', forbids: 'slurs or hate speech' },
  'sexual-terms': { name: 'sexual-terms', outcome: 'refuse', forbids: 'graphic sexual terms' },
  threats: { name: 'threats', outcome: 'hold', forbids: 'threats' },
  doxxing: {
    name: 'doxxing',
    outcome: 'hold',
    forbids: 'where someone lives or works, or their social accounts',
  },
};

/** The message for people: '{field} must not contain {what the rule forbids}.' */
export function screeningMessage(fieldLabel: string, rule: ScreeningRuleName): string {
  return `${fieldLabel} must not contain ${SCREENING_RULES[rule].forbids}.`;
}
