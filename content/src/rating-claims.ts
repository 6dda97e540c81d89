/**
 * docs/security.md#sessions: a tab holds the claims `rating.submit` gave it for its ratings before a phone
 * stood behind them, and sends them with every request in this header (comma-separated), so the server shows
 * and proves only the tab's own. At most this many: a visit rates a handful of people before it proves a
 * phone. Read by the client and the server from here.
 */
export const RATING_CLAIMS_HEADER = 'x-rating-claims';
export const MAX_TAB_RATING_CLAIMS = 20;
