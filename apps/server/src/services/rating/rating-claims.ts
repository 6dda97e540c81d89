import { createHmac, timingSafeEqual } from 'node:crypto';

/** The most claims one proof presents: a visit rates a handful of people before it proves a phone. */
export const MAX_CLAIMS_PER_PROOF = 20;
const TAG_LENGTH = 36;

/**
 * 128 bits of the HMAC, written as a UUID is: every place that reads answers with their random ids numbered
 * (the differential harness, the adapters' conformance) reads a claim as two ids.
 */
function tagOf(secret: string, ratingId: string): string {
  const hex = createHmac('sha256', secret).update(`rating-claim:${ratingId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * What `rating.submit` hands the browser tab that gave a rating before any phone stood behind it: the tab
 * keeps it and presents it when it proves a phone, so a proof claims only the ratings of the visit that made
 * it, never those an earlier person left in a shared browser (docs/security.md#sessions).
 */
export function claimOf(secret: string, ratingId: string): string {
  return `${ratingId}.${tagOf(secret, ratingId)}`;
}

/** The rating ids of the claims that are genuine; a forged or altered one is ignored. */
export function claimedRatingIds(secret: string, claims: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const claim of claims) {
    const [ratingId, tag] = claim.split('.');
    if (!ratingId || !tag) continue;
    // Compared as bytes: a tag of 36 characters that are not all ASCII is longer, and timingSafeEqual
    // throws on buffers of different lengths.
    const given = Buffer.from(tag);
    if (given.length !== TAG_LENGTH) continue;
    if (timingSafeEqual(given, Buffer.from(tagOf(secret, ratingId)))) ids.add(ratingId);
  }
  return [...ids];
}
