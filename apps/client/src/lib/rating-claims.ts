import { MAX_TAB_RATING_CLAIMS } from '@exrated/content/rating-claims';

/**
 * The claims `rating.submit` gives a tab for ratings given before a phone was proven. They live in this tab's
 * session storage, which no other tab and no later visitor of the same browser reads; every request of the
 * tab carries them (lib/trpc.ts), so the server shows the tab only its own unproven ratings, and a proof
 * claims only the ratings of the visit that made it (docs/security.md#sessions).
 */
const STORAGE_KEY = 'exrated.rating-claims';

export function tabRatingClaims(): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((claim): claim is string => typeof claim === 'string') : [];
  } catch {
    return [];
  }
}

export function keepRatingClaim(claim: string) {
  try {
    sessionStorage.setItem(
      STORAGE_KEY,
      JSON.stringify([...tabRatingClaims(), claim].slice(-MAX_TAB_RATING_CLAIMS)),
    );
  } catch {
    // Storage refused (a private window's quota): the rating stays with the browser's anonymous session.
  }
}

export function forgetRatingClaims() {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
}
