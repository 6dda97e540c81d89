/** A rating the screening classifier flagged is held as 'screening-classifier:<what it found>'. */
const CLASSIFIER_HOLD_PREFIX = 'screening-classifier:';

/** The held reason of a classifier hold: 'screening-classifier:' and what the provider found. */
export function classifierHoldReason(categories: readonly string[]): string {
  return `${CLASSIFIER_HOLD_PREFIX}${categories.join(',')}`;
}

/** A classifier hold as the moderation queue labels it, or null for any other held reason. */
export function classifierHoldLabel(heldReason: string): string | null {
  if (!heldReason.startsWith(CLASSIFIER_HOLD_PREFIX)) return null;
  const categories = heldReason.slice(CLASSIFIER_HOLD_PREFIX.length).split(',').filter(Boolean);
  const found = categories.length > 0 ? `: ${categories.join(', ')}` : '';
  return `Held by the screening classifier${found}`;
}
