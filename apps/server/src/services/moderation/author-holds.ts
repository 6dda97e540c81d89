import { REPEAT_OFFENDER_HOLD } from './repeat-offenders';

/** The held reason of a rating over its number's daily ceiling (docs/security.md#limits). */
export const DAILY_CEILING_HOLD = 'daily_ceiling';

/**
 * What the author may know of a hold on their rating (docs/anonymity.md#non-interference): a hold that comes
 * from their own text (a screening rule) or their own record (a repeat offender, read as a plain review) is
 * shown to them; a hold that protects the number (the daily ceiling) is not, since whether it applies depends
 * on what others did to that number: its author sees the rating as any standing one, and the moderator's
 * decision when there is one. Null when the author is told of no hold.
 */
export function holdShownToAuthor(heldReason: string | null): string | null {
  if (heldReason === null || heldReason === DAILY_CEILING_HOLD) return null;
  return heldReason === REPEAT_OFFENDER_HOLD ? 'review' : heldReason;
}
