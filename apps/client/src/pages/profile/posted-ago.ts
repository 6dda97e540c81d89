import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/**
 * 'Posted 3 days ago' for a review card. Spec section 8: a date that cannot be formatted reads 'recently'.
 * A date slightly ahead of this device's clock (server and phone clocks differ) reads as just now rather than
 * 'in a few seconds'.
 */
export function postedAgo(createdAt: Date | string | null | undefined, now: Date = new Date()): string {
  if (createdAt === null || createdAt === undefined) return 'Posted recently';
  const posted = dayjs(createdAt);
  if (!posted.isValid()) return 'Posted recently';
  const reference = dayjs(now);
  return `Posted ${(posted.isAfter(reference) ? reference : posted).from(reference)}`;
}
