// The link a reporter has is the one in the text: '{PUBLIC_URL}/r/{id}'. Its id is what names the rating.
const NOTIFICATION_LINK = /\/r\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/i;

/** The notification id of a pasted /r/{id} link (with or without the site's address), or null. */
export function notificationIdFromLink(link: string): string | null {
  return NOTIFICATION_LINK.exec(link.trim())?.[1]?.toLowerCase() ?? null;
}
