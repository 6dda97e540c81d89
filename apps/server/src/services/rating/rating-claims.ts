import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAX_TAB_RATING_CLAIMS } from '@exrated/content/rating-claims';
import type { RatingAuthor } from '@exrated/db/queries';
import type { DeviceSession } from '@exrated/db/schema';

const TAG_LENGTH = 36;
/** A rating id and its tag, both written as UUIDs are; anything else is not a claim this server gave. */
const CLAIM_FORMAT = /^[0-9a-f-]{36}\.[0-9a-f-]{36}$/;
/** Longer than the most claims a tab sends, their separators and some spacing: a longer header is cut here. */
const MAX_CLAIMS_HEADER_LENGTH = MAX_TAB_RATING_CLAIMS * (2 * TAG_LENGTH + 4);

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
 * keeps it and sends it with its requests, so a proof claims, and the tab is shown, only the ratings of the
 * visit, never those an earlier person left in a shared browser (docs/security.md#sessions).
 */
export function claimOf(secret: string, ratingId: string): string {
  return `${ratingId}.${tagOf(secret, ratingId)}`;
}

/**
 * The well-formed claims of the tab's header, at most as many as a tab keeps. A malformed one is dropped, never
 * refused: a damaged store must not keep a visitor from the site.
 */
export function claimsOfHeader(value: string | string[] | undefined): string[] {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return claimsOf(joined.slice(0, MAX_CLAIMS_HEADER_LENGTH).split(','));
}

/** The well-formed ones of `claims`, at most as many as a tab keeps. */
export function claimsOf(claims: readonly string[]): string[] {
  const wellFormed = claims.map((claim) => claim.trim()).filter((claim) => CLAIM_FORMAT.test(claim));
  return [...new Set(wellFormed)].slice(0, MAX_TAB_RATING_CLAIMS);
}

/** The rating ids of the claims that are genuine; a forged, altered or malformed one is ignored. */
export function claimedRatingIds(secret: string, claims: readonly string[]): string[] {
  const ids = new Set<string>();
  // `claimsOf` leaves only claims of the format, ASCII with a tag of TAG_LENGTH: both buffers have that many
  // bytes, as timingSafeEqual needs (it throws on buffers of different lengths).
  for (const claim of claimsOf(claims)) {
    const [ratingId = '', tag = ''] = claim.split('.');
    if (timingSafeEqual(Buffer.from(tag), Buffer.from(tagOf(secret, ratingId)))) ids.add(ratingId);
  }
  return [...ids];
}

/**
 * The author of the session's own ratings, as every read of them sees it: the proven phone, or before a proof
 * the ratings the tab holds genuine claims of (docs/security.md#sessions).
 */
export function ratingAuthorOf(ctx: {
  config: { sessionSecret: string };
  session: DeviceSession;
  ratingClaims: readonly string[];
}): RatingAuthor {
  const { id, phoneNumber, phoneProvenAt } = ctx.session;
  if (phoneNumber && phoneProvenAt) return { deviceSessionId: id, provenPhone: phoneNumber };
  return {
    deviceSessionId: id,
    provenPhone: null,
    claimedRatingIds: claimedRatingIds(ctx.config.sessionSecret, ctx.ratingClaims),
  };
}
