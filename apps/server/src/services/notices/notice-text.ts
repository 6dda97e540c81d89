import { TRPCError } from '@trpc/server';
import { contactDetailsViolation } from '../content-rules';

// Zero-width and bidirectional control characters: invisible, they let a text read differently from what
// the rules see (DESIGN.md section 4).
const INVISIBLE_CONTROLS = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** A notice or appeal text as the rules and the moderators see it: NFKC, no invisible controls, trimmed. */
export function normalizeNoticeText(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE_CONTROLS, '').trim();
}

/**
 * The one place a notice or appeal text is screened before it is stored (DESIGN.md section 5: every user
 * text is screened, notice texts included). Today it applies the contact-details rule of the terms; the
 * screening module replaces the body of this function when it lands, and every caller is already here.
 * Throws BAD_REQUEST naming the field and the rule.
 */
export function screenNoticeText(fieldName: string, text: string): void {
  const violation = contactDetailsViolation(fieldName, text);
  if (violation) throw new TRPCError({ code: 'BAD_REQUEST', message: violation });
}
