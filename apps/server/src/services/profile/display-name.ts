import type { Database } from '@exrated/db';
import { setClaimedProfileName } from '@exrated/db/queries';
import { z } from 'zod';
import { contactDetailsViolation } from '../content-rules';

/** The longest public display name, in characters as people count them (code points, not UTF-16 units). */
export const DISPLAY_NAME_MAX_LENGTH = 40;

// Invisible control characters (newlines, escapes) have no place in a name shown on one line.
const CONTROL_CHARACTERS = /\p{Cc}/u;

/**
 * `profile.updateName` input: trimmed; empty clears the name; at most 40 characters; no contact details
 * (terms, section 3), since a public name must not become a way to reach someone.
 */
export const updateNameInput = z.strictObject({
  name: z
    .string({ message: 'Please enter a display name' })
    // A coarse bound before any work on the text: nobody types a 1,000-character name.
    .max(1000, `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`)
    .transform((name) => name.trim())
    .superRefine((name, ctx) => {
      if ([...name].length > DISPLAY_NAME_MAX_LENGTH) {
        ctx.addIssue({
          code: 'custom',
          message: `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
        });
        return;
      }
      if (CONTROL_CHARACTERS.test(name)) {
        ctx.addIssue({ code: 'custom', message: 'Display name must be a single line of text' });
        return;
      }
      const violation = contactDetailsViolation('Display name', name);
      if (violation) ctx.addIssue({ code: 'custom', message: violation });
    })
    .transform((name) => (name === '' ? null : name)),
});

/** Saves the display name of the viewer's proven phone; the phone comes from the session, never the input. */
export async function updateDisplayName(
  db: Database,
  params: { viewerPhone: string; provenAt: Date; name: string | null },
) {
  const row = await setClaimedProfileName(db, {
    phoneNumber: params.viewerPhone,
    name: params.name,
    verifiedAt: params.provenAt,
  });
  return { name: row.name };
}
