import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import { claimedProfiles } from '../schema';

export async function findClaimedProfileByPhone(db: Executor, phoneNumber: string) {
  const [row] = await db
    .select()
    .from(claimedProfiles)
    .where(eq(claimedProfiles.phoneNumber, phoneNumber))
    .limit(1);
  return row ?? null;
}

/** Log out of a proven phone (docs/product.md#log-out). Returns whether a row was deleted. */
export async function deleteClaimedProfileByPhone(db: Executor, phoneNumber: string) {
  const rows = await db
    .delete(claimedProfiles)
    .where(eq(claimedProfiles.phoneNumber, phoneNumber))
    .returning({ id: claimedProfiles.id });
  return rows.length > 0;
}

/**
 * docs/product.md#notification-link: a person reached through a notification link gets a verified profile
 * (with the rated entry's name) when the phone has none; an existing row is left untouched. Returns whether
 * one was created.
 */
export async function createProfileFromNotificationLink(
  db: Executor,
  params: { phoneNumber: string; name: string; verifiedAt: Date },
) {
  const rows = await db
    .insert(claimedProfiles)
    .values({ ...params, isVerified: true })
    .onConflictDoNothing({ target: claimedProfiles.phoneNumber })
    .returning({ id: claimedProfiles.id });
  return rows.length > 0;
}

/**
 * Sets the display name of a proven phone's profile (null clears it). The phone is proven for the calling
 * session, so when a log out on another device deleted the row it is recreated, verified, rather than the
 * save failing with nothing the person could do about it.
 */
export async function setClaimedProfileName(
  db: Executor,
  params: { phoneNumber: string; name: string | null; verifiedAt: Date },
) {
  const [row] = await db
    .insert(claimedProfiles)
    .values({
      phoneNumber: params.phoneNumber,
      name: params.name,
      isVerified: true,
      verifiedAt: params.verifiedAt,
    })
    .onConflictDoUpdate({ target: claimedProfiles.phoneNumber, set: { name: sql`excluded.name` } })
    .returning({ name: claimedProfiles.name });
  if (!row) throw new Error('claimed profile name upsert returned no row');
  return row;
}
