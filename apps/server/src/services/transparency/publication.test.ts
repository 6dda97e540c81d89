import { describe, expect, it } from 'vitest';
import {
  MINIMUM_COUNT,
  PUBLISHED_MONTHS,
  publishCount,
  publishedPeriods,
  publishedRange,
  publishMedianSeconds,
  publishParts,
  SETTLE_MS,
} from './publication';

describe('publishedPeriods', () => {
  it('covers the closed months before the month under way, newest first', () => {
    const periods = publishedPeriods(new Date('2026-12-15T10:00:00Z'));
    expect(periods).toHaveLength(PUBLISHED_MONTHS);
    expect(periods[0]).toEqual({
      month: '2026-11',
      start: new Date('2026-11-01T00:00:00Z'),
      end: new Date('2026-12-01T00:00:00Z'),
      publishedAt: new Date('2026-12-01T01:00:00Z'),
    });
    expect(periods.at(-1)?.month).toBe('2025-12');
    for (const [index, period] of periods.entries()) {
      const older = periods[index + 1];
      if (older) expect(older.end).toEqual(period.start);
    }
    expect(publishedRange(new Date('2026-12-15T10:00:00Z'))).toEqual({
      since: new Date('2025-12-01T00:00:00Z'),
      until: new Date('2026-12-01T00:00:00Z'),
    });
  });

  it('publishes a month only once it has settled after its end', () => {
    const end = new Date('2027-01-01T00:00:00Z').getTime();
    expect(publishedPeriods(new Date(end + SETTLE_MS - 1))[0]?.month).toBe('2026-11');
    expect(publishedPeriods(new Date(end + SETTLE_MS))[0]?.month).toBe('2026-12');
  });
});

describe('publishCount', () => {
  it('publishes a count from the minimum and withholds every count under it, zero included', () => {
    expect(MINIMUM_COUNT).toBe(10);
    expect(publishCount(10)).toBe(10);
    expect(publishCount(250)).toBe(250);
    for (const count of [0, 1, 9]) expect(publishCount(count)).toBeNull();
  });
});

describe('publishParts', () => {
  it('publishes every part when each counts the minimum', () => {
    expect(publishParts({ keep: 10, hide: 12, delete: 30 })).toEqual({ keep: 10, hide: 12, delete: 30 });
  });

  it('withholds parts under the minimum and the smallest shown ones until the withheld add up to it', () => {
    // 3 alone would be the total (41) minus 26 and 12; with the 12 it is one figure of 15 withheld.
    expect(publishParts({ keep: 26, hide: 12, delete: 3 })).toEqual({ keep: 26, hide: null, delete: null });
  });

  it('withholds zeroes beside one part, since the total would show them', () => {
    expect(publishParts({ keep: 40, hide: 0, delete: 0 })).toEqual({ keep: null, hide: null, delete: null });
  });

  it('stops withholding as soon as the withheld parts reach the minimum', () => {
    expect(publishParts({ a: 4, b: 6, c: 11, d: 20 })).toEqual({ a: null, b: null, c: 11, d: 20 });
  });

  it('withholds all parts of a total under the minimum', () => {
    expect(publishParts({ keep: 5, hide: 3 })).toEqual({ keep: null, hide: null });
  });
});

describe('publishMedianSeconds', () => {
  it('hides the median of fewer decisions than the minimum, even of one', () => {
    expect(publishMedianSeconds(11_820, 1)).toBeNull();
    expect(publishMedianSeconds(11_820, 9)).toBeNull();
    expect(publishMedianSeconds(null, 0)).toBeNull();
  });

  it('publishes the median of the minimum or more, in whole minutes', () => {
    expect(publishMedianSeconds(3_300, 10)).toBe(3_300);
    expect(publishMedianSeconds(3_359.5, 40)).toBe(3_300);
  });
});
