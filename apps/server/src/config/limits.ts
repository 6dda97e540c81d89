import type { z } from 'zod';
import { positiveInt } from './env-values';

/** Every cap on how often something may happen (docs/security.md#limits), each with its default. */
export const limitsEnvShape = {
  LIMIT_VERIFICATION_TEXTS_PER_PHONE_PER_DAY: positiveInt(10),
  LIMIT_VERIFICATION_TEXTS_PER_DAY: positiveInt(5000),
  LIMIT_VERIFICATION_TEXTS_PER_COUNTRY_PER_HOUR: positiveInt(300),
  LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR: positiveInt(20),
  LIMIT_VERIFICATION_CHECKS_PER_IP_PER_HOUR: positiveInt(30),
  LIMIT_PHONE_SAVES_PER_IP_PER_HOUR: positiveInt(20),
  LIMIT_RATINGS_PER_DEVICE_PER_HOUR: positiveInt(10),
  LIMIT_RATINGS_PER_IP_PER_HOUR: positiveInt(30),
  LIMIT_SAME_PHONE_RATING_DAYS: positiveInt(30),
  LIMIT_RATINGS_PER_NUMBER_PER_DAY: positiveInt(3),
  LIMIT_HELD_RATINGS_PER_PHONE_PER_DAY: positiveInt(3),
  LIMIT_HELD_RATINGS_PER_IP_PER_DAY: positiveInt(10),
  LIMIT_APPEALS_PER_PHONE_PER_DAY: positiveInt(3),
  LIMIT_APPEALS_PER_IP_PER_DAY: positiveInt(10),
  LIMIT_RATING_TEXTS_PER_RECIPIENT_PER_DAY: positiveInt(3),
  LIMIT_RATING_TEXTS_PER_DAY: positiveInt(2000),
  LIMIT_SMS_REPLIES_PER_DAY: positiveInt(500),
  LIMIT_ADMIN_LOGINS_PER_IP_PER_15_MIN: positiveInt(10),
  LIMIT_ADMIN_LOGINS_PER_IPV6_48_PER_15_MIN: positiveInt(30),
  LIMIT_STAFF_LOGINS_PER_ACCOUNT_PER_5_MIN: positiveInt(20),
  LIMIT_TELEMETRY_PER_IP_PER_MINUTE: positiveInt(60),
  LIMIT_NOTICES_PER_IP_PER_HOUR: positiveInt(10),
  LIMIT_ACCOUNT_CHANGES_PER_PHONE_PER_HOUR: positiveInt(30),
  LIMIT_EXPORTS_PER_PHONE_PER_DAY: positiveInt(5),
  LIMIT_CALLS_PER_IP_PER_MINUTE: positiveInt(60),
  LIMIT_DEVICE_SESSIONS_PER_IP_PER_HOUR: positiveInt(300),
};

type LimitsEnv = z.infer<z.ZodObject<typeof limitsEnvShape>>;

/** Per-IP limits count an IPv4 address, or an IPv6 /64 prefix (services/limits/network-key.ts). */
export interface Limits {
  /** Code texts one number gets per day, whoever asks (docs/security.md#codes). */
  verificationTextsPerPhonePerDay: number;
  /** Code texts per day in all. */
  verificationTextsPerDay: number;
  /** Code texts to one country per hour; past it, that country's code texts pause (SMS pumping alarm). */
  verificationTextsPerCountryPerHour: number;
  verificationSendsPerIpPerHour: number;
  verificationChecksPerIpPerHour: number;
  /** profile.savePhone calls per IP per hour (each may create a profile row). */
  phoneSavesPerIpPerHour: number;
  ratingsPerDevicePerHour: number;
  ratingsPerIpPerHour: number;
  samePhoneRatingDays: number;
  /**
   * Standing ratings one number gets per day; the ones beyond wait for moderation (docs/security.md#limits).
   */
  ratingsPerNumberPerDay: number;
  /**
   * Ratings whose own text screening holds, per proven phone and per network per day: the moderation items
   * one author can create (docs/trust-and-safety.md#the-queue-under-a-flood).
   */
  heldRatingsPerPhonePerDay: number;
  heldRatingsPerIpPerDay: number;
  /** Appeals per proven phone and per network per day: the other moderation items an author can create. */
  appealsPerPhonePerDay: number;
  appealsPerIpPerDay: number;
  ratingTextsPerRecipientPerDay: number;
  ratingTextsPerDay: number;
  /** Automatic replies (the answer to HELP) per day in all; one number gets at most one a day. */
  smsRepliesPerDay: number;
  adminLoginsPerIpPer15Min: number;
  /** The same attempts per IPv6 /48 (every /64 in it together), besides each /64's own cap. */
  adminLoginsPerIpv6SitePer15Min: number;
  /** Staff password checks per account per 5 minutes from browsers and networks it never logged in from. */
  staffLoginsPerAccountPer5Min: number;
  telemetryPerIpPerMinute: number;
  /** Notices (reports of content) filed from one IP address per hour, whichever form they come from. */
  noticesPerIpPerHour: number;
  /** Changes of a proven number's settings and account (switches, name, deletion) per phone per hour. */
  accountChangesPerPhonePerHour: number;
  /** 'Download my data' per proven phone per day (each export reads everything about the number). */
  exportsPerPhonePerDay: number;
  /** Calls per IP per minute of each procedure that has no cap of its own (services/limits). */
  callsPerIpPerMinute: number;
  /**
   * New device sessions (browsers without a cookie) per IP per hour: each is a row, so past it a network gets
   * no more rows until the hour ends; a shared NAT's visitors keep their cookies and never meet it.
   */
  deviceSessionsPerIpPerHour: number;
}

export function limitsSettings(e: LimitsEnv): Limits {
  return {
    verificationTextsPerPhonePerDay: e.LIMIT_VERIFICATION_TEXTS_PER_PHONE_PER_DAY,
    verificationTextsPerDay: e.LIMIT_VERIFICATION_TEXTS_PER_DAY,
    verificationTextsPerCountryPerHour: e.LIMIT_VERIFICATION_TEXTS_PER_COUNTRY_PER_HOUR,
    verificationSendsPerIpPerHour: e.LIMIT_VERIFICATION_SENDS_PER_IP_PER_HOUR,
    verificationChecksPerIpPerHour: e.LIMIT_VERIFICATION_CHECKS_PER_IP_PER_HOUR,
    phoneSavesPerIpPerHour: e.LIMIT_PHONE_SAVES_PER_IP_PER_HOUR,
    ratingsPerDevicePerHour: e.LIMIT_RATINGS_PER_DEVICE_PER_HOUR,
    ratingsPerIpPerHour: e.LIMIT_RATINGS_PER_IP_PER_HOUR,
    samePhoneRatingDays: e.LIMIT_SAME_PHONE_RATING_DAYS,
    ratingsPerNumberPerDay: e.LIMIT_RATINGS_PER_NUMBER_PER_DAY,
    heldRatingsPerPhonePerDay: e.LIMIT_HELD_RATINGS_PER_PHONE_PER_DAY,
    heldRatingsPerIpPerDay: e.LIMIT_HELD_RATINGS_PER_IP_PER_DAY,
    appealsPerPhonePerDay: e.LIMIT_APPEALS_PER_PHONE_PER_DAY,
    appealsPerIpPerDay: e.LIMIT_APPEALS_PER_IP_PER_DAY,
    ratingTextsPerRecipientPerDay: e.LIMIT_RATING_TEXTS_PER_RECIPIENT_PER_DAY,
    ratingTextsPerDay: e.LIMIT_RATING_TEXTS_PER_DAY,
    smsRepliesPerDay: e.LIMIT_SMS_REPLIES_PER_DAY,
    adminLoginsPerIpPer15Min: e.LIMIT_ADMIN_LOGINS_PER_IP_PER_15_MIN,
    adminLoginsPerIpv6SitePer15Min: e.LIMIT_ADMIN_LOGINS_PER_IPV6_48_PER_15_MIN,
    staffLoginsPerAccountPer5Min: e.LIMIT_STAFF_LOGINS_PER_ACCOUNT_PER_5_MIN,
    telemetryPerIpPerMinute: e.LIMIT_TELEMETRY_PER_IP_PER_MINUTE,
    noticesPerIpPerHour: e.LIMIT_NOTICES_PER_IP_PER_HOUR,
    accountChangesPerPhonePerHour: e.LIMIT_ACCOUNT_CHANGES_PER_PHONE_PER_HOUR,
    exportsPerPhonePerDay: e.LIMIT_EXPORTS_PER_PHONE_PER_DAY,
    callsPerIpPerMinute: e.LIMIT_CALLS_PER_IP_PER_MINUTE,
    deviceSessionsPerIpPerHour: e.LIMIT_DEVICE_SESSIONS_PER_IP_PER_HOUR,
  };
}
