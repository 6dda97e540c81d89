import { DISPLAY_NAME_TOO_LONG, displayNameField } from '@exrated/content/fields';
import { DISPLAY_NAME_LABEL } from '@exrated/content/rating-fields';
import type { Database } from '@exrated/db';
import { setClaimedProfileName } from '@exrated/db/queries';
import { z } from 'zod';
import { refuseScreenedName } from '../content/screened-fields';

/**
 * `profile.updateName` input: normalized (direction controls refused); empty clears the name; at most 40
 * characters; screened like every user text (the terms, docs/product.md#legal-pages), since a public name
 * must not become a way to reach someone, a slur or a threat.
 */
export const updateNameInput = z.strictObject({
  name: z
    .string({ message: 'Please enter a display name' })
    // A coarse bound before any work on the text: nobody types a 1,000-character name.
    .max(1000, DISPLAY_NAME_TOO_LONG)
    .pipe(displayNameField)
    .pipe(z.string().superRefine(refuseScreenedName(DISPLAY_NAME_LABEL)))
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
