import { and, eq, inArray, isNull, or, type Placeholder, sql } from 'drizzle-orm';
import { ratings } from '../schema';

/** The ratings this device wrote that no phone claims yet: the ones its proof of a phone attributes. */
export function unclaimedOfDevice(deviceSessionId: string | Placeholder) {
  return and(eq(ratings.deviceSessionId, deviceSessionId), isNull(ratings.createdByPhone));
}

/**
 * Who a rating's author is to the reads of their own ratings: a proven phone, or, before any phone stands
 * behind the session, the ratings its tab claims (docs/security.md#sessions). The browser's other unproven
 * ratings are an earlier visitor's of a shared computer, or another tab's.
 */
export type RatingAuthor =
  | { deviceSessionId: string; provenPhone: string }
  | { deviceSessionId: string; provenPhone: null; claimedRatingIds: readonly string[] };

/**
 * The ratings this author gave: created by the proven phone, or by this device before any phone claimed them;
 * without a proven phone, only those of them the tab claims.
 */
export function authoredBy(author: RatingAuthor) {
  const byDevice = unclaimedOfDevice(author.deviceSessionId);
  if (author.provenPhone !== null) return or(eq(ratings.createdByPhone, author.provenPhone), byDevice);
  if (author.claimedRatingIds.length === 0) return sql`false`;
  return and(byDevice, inArray(ratings.id, [...author.claimedRatingIds]));
}
