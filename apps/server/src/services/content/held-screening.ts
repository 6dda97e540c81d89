import {
  type RatingScreeningField,
  SCREENING_RULES,
  type ScreenedRating,
  type ScreeningRuleName,
  screenRatingInput,
} from '@exrated/content';

/** A rating held by screening stores 'screening:<rule>' as its held reason (docs/screening.md). */
const SCREENING_PREFIX = 'screening:';

export function screeningHoldReason(rule: ScreeningRuleName): string {
  return `${SCREENING_PREFIX}${rule}`;
}

function heldRule(heldReason: string | null): ScreeningRuleName | null {
  if (!heldReason?.startsWith(SCREENING_PREFIX)) return null;
  const rule = heldReason.slice(SCREENING_PREFIX.length);
  return rule in SCREENING_RULES ? (rule as ScreeningRuleName) : null;
}

/** Whether a held reason is screening's (the rating's own text), not a limit's or the author's record. */
export function isScreeningHold(heldReason: string | null): boolean {
  return heldRule(heldReason) !== null;
}

/** Whether a held reason names an urgent rule (sexual content involving a minor): such items go first. */
export function isUrgentHold(heldReason: string | null): boolean {
  const rule = heldRule(heldReason);
  return rule ? SCREENING_RULES[rule].urgent : false;
}

/** What a moderator sees of a screening hold: the rule, whether it is urgent, the fields and words matched. */
export interface HeldScreening {
  rule: ScreeningRuleName;
  urgent: boolean;
  fields: RatingScreeningField[];
  words: string;
}

/**
 * The screening behind a held rating. The stored texts are the normalized texts screening read, and
 * screening is a pure function of them, so the matched words are read again from the rating rather than
 * stored twice; if the rules have changed since, the rule stored with the hold still stands.
 */
export function heldScreening(heldReason: string | null, rating: ScreenedRating): HeldScreening | null {
  const rule = heldRule(heldReason);
  if (!rule) return null;
  const verdict = screenRatingInput(rating);
  const matched = verdict.outcome !== 'accept' && verdict.rule === rule;
  return {
    rule,
    urgent: SCREENING_RULES[rule].urgent,
    fields: matched ? verdict.fields : [],
    words: matched ? verdict.words : '',
  };
}

/** The queue's label of a screening hold: the rule's label, 'urgent' when it is, and the words matched. */
export function heldScreeningLabel(ruleLabel: string, screening: HeldScreening | null): string {
  if (!screening) return ruleLabel;
  const urgent = screening.urgent ? ' (urgent)' : '';
  return screening.words ? `${ruleLabel}${urgent}: “${screening.words}”` : `${ruleLabel}${urgent}`;
}
