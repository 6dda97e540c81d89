import { RATINGS_TO_UNLOCK } from '@exrated/content/unlock';
import {
  countRatingsGiven,
  findExportProfile,
  findNumberSwitches,
  listExportActivity,
  listExportAppeals,
  listExportNotices,
  listExportRatingsGiven,
  listExportSessions,
} from '@exrated/db/queries';
import type { DeviceSession } from '@exrated/db/schema';
import type { Context } from '../../context';
import { holdShownToAuthor } from '../moderation/author-holds';
import { loadReceivedRatings } from '../profile/received-ratings';

type ProvenContext = Context & { session: DeviceSession; viewerPhone: string };

/** Activity entries in one export at most (a number's whole history, years of it, stays well below). */
export const EXPORT_ACTIVITY_LIMIT = 10_000;

// A phone number in E.164 form, as the server writes them into log details.
const E164 = /\+\d{7,15}/g;

/**
 * A log entry's details with every phone number but the owner's own replaced: an entry about the owner may
 * have been written in someone else's request (a code asked for their number, a visit of their link).
 */
export function withoutOtherPhones(value: unknown, ownPhone: string): unknown {
  if (typeof value === 'string')
    return value.replace(E164, (phone) => (phone === ownPhone ? phone : '[removed]'));
  if (Array.isArray(value)) return value.map((item) => withoutOtherPhones(item, ownPhone));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withoutOtherPhones(item, ownPhone)]),
    );
  }
  return value;
}

/**
 * `profile.exportData`, 'Download my data' (docs/data-rights.md): what ExRated holds about the person who
 * proved the number, as one JSON document: the claimed profile and switches, the sessions that proved the
 * number (and this one), the ratings they gave, the ratings received as /profile shows them (only once
 * unlocked), the notices and appeals they filed, and the activity entries of their own sessions. A session
 * that only typed the number is someone else's and contributes nothing; another person's phone inside a
 * detail is replaced.
 */
export async function exportAccountData(ctx: ProvenContext) {
  const phone = ctx.viewerPhone;
  const sessions = await listExportSessions(ctx.db, { phone, deviceSessionId: ctx.session.id });
  const sessionIds = sessions.map((session) => session.id);
  const [profile, switches, ratingsGiven, given, notices, appeals, activity] = await Promise.all([
    findExportProfile(ctx.db, phone),
    findNumberSwitches(ctx.db, phone),
    listExportRatingsGiven(ctx.db, { deviceSessionId: ctx.session.id, provenPhone: phone }),
    countRatingsGiven(ctx.db, { deviceSessionId: ctx.session.id, provenPhone: phone }),
    listExportNotices(ctx.db, { phone, sessionIds }),
    listExportAppeals(ctx.db, { phone, sessionIds }),
    listExportActivity(ctx.db, { sessionIds, limit: EXPORT_ACTIVITY_LIMIT }),
  ]);
  const unlocked = given >= RATINGS_TO_UNLOCK;
  // As /profile shows them: a coarse period each, no timestamp that could time a rater (docs/anonymity.md).
  const received = unlocked
    ? (await loadReceivedRatings(ctx.db, phone, { secret: ctx.config.sessionSecret, now: ctx.now() })).ratings
    : [];
  ctx.audit.log('data_exported');
  return {
    exportedAt: ctx.now(),
    phoneNumber: phone,
    profile,
    settings: { textsOptIn: !switches.optedOut, doNotRate: switches.doNotRate },
    // Only the holds the author is told of (docs/anonymity.md#non-interference).
    ratingsGiven: ratingsGiven.map((rating) => ({
      ...rating,
      heldReason: holdShownToAuthor(rating.heldReason),
    })),
    ratingsReceived: unlocked
      ? {
          unlocked: true,
          ratings: received.map(({ reportStatus: _reportStatus, id: _id, ...rating }) => rating),
        }
      : { unlocked: false, ratings: [] },
    notices,
    appeals,
    sessions,
    activity: activity.map((entry) => ({ ...entry, details: withoutOtherPhones(entry.details, phone) })),
  };
}
