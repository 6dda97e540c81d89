import { createHmac } from 'node:crypto';

/**
 * What a rated person sees of when a rating reached them (docs/anonymity.md): a coarse period of its release
 * time, never a moment. 'Posted this week' (since Monday, UTC), 'Posted this month', then 'Posted in March'
 * (with the year when it is not this one). Within one period the order is keyed on a server secret, so it
 * follows neither the order of rating nor the order of release.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PostedPeriod {
  label: string;
  /** The period's first moment: a later period reads first. */
  startsAt: number;
}

function startOfUtcWeek(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // getUTCDay: Sunday is 0; weeks start on Monday.
  return midnight - ((now.getUTCDay() + 6) % 7) * DAY_MS;
}

export function postedPeriod(releaseAt: Date, now: Date): PostedPeriod {
  return periodsAt(now).of(releaseAt);
}

/**
 * The periods as of `now`: its week and month are worked out once, for a whole list of ratings.
 */
function periodsAt(now: Date) {
  const week = startOfUtcWeek(now);
  const month = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const thisYear = now.getUTCFullYear();
  return {
    of(releaseAt: Date): PostedPeriod {
      const time = releaseAt.getTime();
      if (time >= week) return { label: 'Posted this week', startsAt: week };
      if (time >= month) return { label: 'Posted this month', startsAt: month };
      const year = releaseAt.getUTCFullYear();
      const name = MONTHS[releaseAt.getUTCMonth()] ?? '';
      return {
        label: `Posted in ${name}${year === thisYear ? '' : ` ${year}`}`,
        startsAt: Date.UTC(year, releaseAt.getUTCMonth(), 1),
      };
    },
  };
}

/** The key of a rating's place within its period: an HMAC of its id, stable, and unknowable without the key. */
export function orderKey(secret: string, ratingId: string): string {
  return createHmac('sha256', secret).update(`received-order:${ratingId}`).digest('hex');
}

/**
 * The order keys of the ratings read lately. A key never changes for one secret, and the same person reads
 * the same ratings again and again: the HMACs were most of the list's own CPU in a profile of
 * profile.ratingsReceived. Bounded; the oldest entries go first and are simply computed again. A key held
 * here is only ever used to sort, never sent, as one computed afresh.
 */
class OrderKeys {
  private secret: string | null = null;
  private readonly keys = new Map<string, string>();

  constructor(private readonly capacity: number) {}

  of(secret: string, ratingId: string): string {
    if (secret !== this.secret) {
      this.keys.clear();
      this.secret = secret;
    }
    let key = this.keys.get(ratingId);
    if (key !== undefined) return key;
    key = orderKey(secret, ratingId);
    this.keys.set(ratingId, key);
    if (this.keys.size > this.capacity) {
      // A Map iterates in insertion order: its first key is the oldest.
      const oldest = this.keys.keys().next();
      if (!oldest.done) this.keys.delete(oldest.value);
    }
    return key;
  }
}

const orderKeys = new OrderKeys(4096);

/**
 * Ratings as the rated person reads them: each with its period's label, later periods first, within a period
 * in the keyed order. The release time itself stays on the server.
 */
export function inPostedOrder<T extends { id: string; releaseAt: Date }>(
  ratings: readonly T[],
  secret: string,
  now: Date,
): Array<{ rating: T; posted: string }> {
  const periods = periodsAt(now);
  return ratings
    .map((rating) => {
      const period = periods.of(rating.releaseAt);
      return {
        rating,
        posted: period.label,
        startsAt: period.startsAt,
        key: orderKeys.of(secret, rating.id),
      };
    })
    .sort((a, b) => b.startsAt - a.startsAt || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ rating, posted }) => ({ rating, posted }));
}
