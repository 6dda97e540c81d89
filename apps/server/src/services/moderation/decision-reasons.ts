import type { DecisionOutcome, DecisionReason } from '@exrated/db/schema';
import { classifierHoldLabel } from '../screening/classifier-hold';
import { DAILY_CEILING_HOLD } from './author-holds';
import { REPEAT_OFFENDER_HOLD } from './repeat-offenders';

/**
 * The statement of reasons as people read it (DSA article 17): one label per ground of the fixed list, shown
 * to administrators when they decide, to the reporter on the status page, to the author on /profile and in
 * the transparency report.
 */
export const DECISION_REASON_LABELS: Record<DecisionReason, string> = {
  within_terms: 'It does not break our terms',
  insufficient_information: 'Not enough information to act on',
  threats: 'Threats of violence or harm',
  harassment: 'Harassment or bullying',
  hate_speech: 'Hate speech',
  sexual_content: 'Explicit sexual content',
  private_information: 'Private information about someone',
  full_name_or_contact_details: 'A full name or contact details',
  not_about_this_person: 'Not about the person it was sent to',
  false_statement: 'Clearly false statements of fact',
  spam_or_manipulation: 'Spam or manipulation of ratings',
};

export const DECISION_OUTCOME_LABELS: Record<DecisionOutcome, string> = {
  keep: 'Kept: the rating stays as it is',
  hide: 'Hidden: the rating is no longer shown or counted',
  delete: 'Deleted: the rating was removed',
};

export const DECISION_REASON_OPTIONS = (Object.keys(DECISION_REASON_LABELS) as DecisionReason[]).map(
  (value) => ({ value, label: DECISION_REASON_LABELS[value] }),
);

/**
 * Why a rating is held for review, for people: 'daily_ceiling', 'repeat_offender', 'screening:<rule name>' or
 * 'screening-classifier:<what it found>'.
 */
export function heldRuleLabel(heldReason: string): string {
  if (heldReason === DAILY_CEILING_HOLD) return 'More ratings of this number in one day than we allow';
  if (heldReason === REPEAT_OFFENDER_HOLD) return 'Held for review before it is shown';
  if (heldReason.startsWith('screening:')) return `Held by the screening rule '${heldReason.slice(10)}'`;
  return classifierHoldLabel(heldReason) ?? heldReason;
}

/** A decision as the people it concerns see it: outcome, ground and the administrator's note. */
export function statementOfReasons(decision: {
  outcome: DecisionOutcome;
  reason: DecisionReason;
  note: string;
  decidedAt: Date | string;
}) {
  return {
    outcome: decision.outcome,
    outcomeLabel: DECISION_OUTCOME_LABELS[decision.outcome],
    reason: decision.reason,
    reasonLabel: DECISION_REASON_LABELS[decision.reason],
    note: decision.note,
    decidedAt: new Date(decision.decidedAt),
  };
}
