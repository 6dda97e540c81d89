import { normalizedName } from '@exrated/content/fields';
import { DISPLAY_NAME_LABEL, DISPLAY_NAME_MAX_LENGTH } from '@exrated/content/rating-fields';
import type { Database } from '@exrated/db';
import { setClaimedProfileName } from '@exrated/db/queries';
import { z } from 'zod';
import { refuseScreenedName } from '../content/screened-fields';

const TOO_LONG = `${DISPLAY_NAME_LABEL} must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`;

// Invisible control characters (newlines, escapes) have no place in a name shown on one line.
const CONTROL_CHARACTERS = /\p{Cc}/u;

/**
 * `profile.updateName` input: normalized (direction controls refused); empty clears the name; at most 40
 * characters; screened like every user text (the terms, docs/product.md#legal-pages), since a public name
 * must not become a way to reach someone, a slur or a threat.
 */
export const updateNameInput = z.strictObject({
  name: z
    .string({ message: 'Please enter a display name' })
    // A coarse bound before any work on the text: nobody types a 1,000-character name.
    .max(1000, TOO_LONG)
    .refine((name) => !CONTROL_CHARACTERS.test(name.trim()), {
      message: `${DISPLAY_NAME_LABEL} must be a single line of text`,
      abort: true,
    })
    .pipe(normalizedName(DISPLAY_NAME_LABEL))
    .pipe(
      z
        .string()
        .refine((name) => [...name].length <= DISPLAY_NAME_MAX_LENGTH, { message: TOO_LONG, abort: true })
        .superRefine(refuseScreenedName(DISPLAY_NAME_LABEL)),
    )
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
