import { nameScreeningMessage, normalizeText, screeningMessage, screenText } from '@exrated/content';
import { z } from 'zod';

/**
 * The zod fields every user text and name goes through (docs/trust-and-safety.md#screening): normalized
 * before any rule runs, then screened with the rule list shared with the browser
 * (@exrated/content). A refusal is an input error naming the field and the rule.
 */

/** Adds the screening refusal of a normalized name; names are not moderated, so a hold refuses too. */
export function refuseScreenedName(label: string) {
  return (value: string, ctx: z.RefinementCtx) => {
    const message = nameScreeningMessage(label, value);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}

/**
 * An optional text: normalized (direction controls dropped), at most `maxLength` characters as stored, then
 * screened; empty becomes null. A text the rules would hold passes here: the caller holds it.
 */
export function screenedText(label: string, maxLength: number, options: { singleLine?: boolean } = {}) {
  const tooLong = `${label} must be at most ${maxLength.toLocaleString('en-US')} characters`;
  return (
    z
      .string()
      // A bound on the text as sent, before any work on it: invisible characters that normalization removes
      // may take a text past its limit as sent, but not past four times it.
      .max(maxLength * 4, { message: tooLong, abort: true })
      .transform(normalizeText)
      .pipe(
        z
          .string()
          // One message per field: a text that is too long is not also screened.
          .max(maxLength, { message: tooLong, abort: true })
          .refine((value) => !options.singleLine || !value.includes('\n'), {
            message: `${label} must fit on one line`,
            abort: true,
          })
          .superRefine((value, ctx) => {
            const found = screenText(value);
            if (found?.outcome === 'refuse') {
              ctx.addIssue({ code: 'custom', message: screeningMessage(label, found.rule) });
            }
          }),
      )
      .nullish()
      .transform((value) => (value ? value : null))
  );
}
