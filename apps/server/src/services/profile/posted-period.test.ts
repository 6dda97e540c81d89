import { describe, expect, it } from 'vitest';
import { inPostedOrder, orderKey, postedPeriod } from './posted-period';

// A Friday: the week began on Monday 23 November (UTC).
const now = new Date('2026-11-27T12:00:00Z');

describe('postedPeriod', () => {
  it.each([
    ['2026-11-27T11:59:00Z', 'Posted this week'],
    ['2026-11-23T00:00:00Z', 'Posted this week'],
    ['2026-11-22T23:59:00Z', 'Posted this month'],
    ['2026-11-01T00:00:00Z', 'Posted this month'],
    ['2026-10-31T23:59:00Z', 'Posted in October'],
    ['2026-03-14T09:00:00Z', 'Posted in March'],
    ['2025-12-31T09:00:00Z', 'Posted in December 2025'],
  ])('%s reads %s', (releaseAt, label) => {
    expect(postedPeriod(new Date(releaseAt), now).label).toBe(label);
  });

  it('calls a week that began last month this week', () => {
    expect(postedPeriod(new Date('2026-11-30T08:00:00Z'), new Date('2026-12-02T12:00:00Z')).label).toBe(
      'Posted this week',
    );
  });
});

describe('inPostedOrder', () => {
  it('puts later periods first, and within one the keyed order, not the order of release', () => {
    const secret = 'test-secret';
    const week = ['a', 'b', 'c', 'd', 'e'].map((id, index) => ({
      id,
      releaseAt: new Date(now.getTime() - (index + 1) * 60_000),
    }));
    const march = { id: 'm', releaseAt: new Date('2026-03-14T09:00:00Z') };
    const ordered = inPostedOrder([march, ...week], secret, now).map(({ rating }) => rating.id);
    const keyed = [...week].sort((x, y) => (orderKey(secret, x.id) < orderKey(secret, y.id) ? -1 : 1));
    expect(ordered).toEqual([...keyed.map((rating) => rating.id), 'm']);
    // The same ratings released in another order within the week: the same list.
    const reversed = week.map((rating, index) => ({
      ...rating,
      releaseAt: week[4 - index]?.releaseAt ?? now,
    }));
    expect(inPostedOrder([...reversed, march], secret, now).map(({ rating }) => rating.id)).toEqual(ordered);
  });
});
