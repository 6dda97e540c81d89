import { z } from 'zod';
import { positiveInt } from './env-values';

const countryList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean),
  )
  .pipe(
    z.array(z.string().regex(/^[A-Z]{2}$/, 'must be a comma-separated list of ISO country codes')).min(1),
  );

const nonNegativeMinutes = (fallback: number) =>
  z.coerce.number({ message: 'must be a number of minutes' }).min(0, 'must be 0 or more').default(fallback);

/** The recipient's night, in minutes after their local midnight: no rating text from start until end. */
export interface QuietHours {
  startMinute: number;
  endMinute: number;
}

/**
 * `RELEASE_QUIET_HOURS`: 'HH:MM-HH:MM' in the recipient's time zone (no rating texts from the first to the
 * second), or 'off'.
 */
const quietHours = z.string().transform((value, ctx): QuietHours | null => {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === 'off') return null;
  const match = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/.exec(trimmed);
  const minutes = match?.slice(1).map(Number);
  const [startHour = 99, startMinute = 99, endHour = 99, endMinute = 99] = minutes ?? [];
  if (!match || startHour > 23 || endHour > 23 || startMinute > 59 || endMinute > 59) {
    ctx.addIssue({ code: 'custom', message: "must be 'HH:MM-HH:MM' (e.g. 21:00-08:00) or 'off'" });
    return z.NEVER;
  }
  const quiet = { startMinute: startHour * 60 + startMinute, endMinute: endHour * 60 + endMinute };
  if (quiet.startMinute === quiet.endMinute) {
    ctx.addIssue({ code: 'custom', message: "must not start and end at the same time (use 'off')" });
    return z.NEVER;
  }
  return quiet;
});

/** Which countries get texts, how the outbox retries rating texts, and when a rating reaches its subject. */
export const textsEnvShape = {
  ALLOWED_SMS_COUNTRIES: countryList.default(['US', 'GB', 'CA', 'AU']),
  NOTIFICATION_MAX_ATTEMPTS: positiveInt(6),
  NOTIFICATION_RETRY_BASE_SECONDS: positiveInt(30),
  DISPATCHER_INTERVAL_MS: positiveInt(5000),
  // Longer than the longest run that is still working: 25 texts each cut off after 30 s
  // (services/notifications/).
  DISPATCHER_STUCK_AFTER_MS: positiveInt(15 * 60 * 1000),
  // Rater anonymity (docs/anonymity.md): a rating reaches its subject after a random delay of at least the
  // minimum, spread uniformly over the next `spread` minutes, outside the recipient's quiet hours.
  RELEASE_DELAY_MIN_MINUTES: nonNegativeMinutes(60),
  RELEASE_DELAY_SPREAD_MINUTES: nonNegativeMinutes(12 * 60),
  RELEASE_QUIET_HOURS: quietHours.default({ startMinute: 21 * 60, endMinute: 8 * 60 }),
};

type TextsEnv = z.infer<z.ZodObject<typeof textsEnvShape>>;

/** When a rating reaches the person it is about (docs/anonymity.md). */
export interface ReleaseSettings {
  delayMinMinutes: number;
  delaySpreadMinutes: number;
  /** Null: texts go out at any hour (local development and tests). */
  quietHours: QuietHours | null;
}

export interface TextsSettings {
  allowedSmsCountries: string[];
  notifications: {
    maxAttempts: number;
    retryBaseSeconds: number;
    dispatchIntervalMs: number;
    /** A dispatcher run older than this counts as stuck and makes the instance unready. */
    stuckAfterMs: number;
  };
  release: ReleaseSettings;
}

export function textsSettings(e: TextsEnv): TextsSettings {
  return {
    allowedSmsCountries: e.ALLOWED_SMS_COUNTRIES,
    notifications: {
      maxAttempts: e.NOTIFICATION_MAX_ATTEMPTS,
      retryBaseSeconds: e.NOTIFICATION_RETRY_BASE_SECONDS,
      dispatchIntervalMs: e.DISPATCHER_INTERVAL_MS,
      stuckAfterMs: e.DISPATCHER_STUCK_AFTER_MS,
    },
    release: {
      delayMinMinutes: e.RELEASE_DELAY_MIN_MINUTES,
      delaySpreadMinutes: e.RELEASE_DELAY_SPREAD_MINUTES,
      quietHours: e.RELEASE_QUIET_HOURS,
    },
  };
}
