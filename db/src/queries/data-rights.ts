import { asc, type Column, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import {
  claimedProfiles,
  deviceSessions,
  doNotRateNumbers,
  errorLogs,
  logs,
  moderationDecisions,
  notices,
  ratingAppeals,
  ratings,
  smsOptOuts,
} from '../schema';
import { withholdWaitingRatings } from './ratings';
import { authoredBy, ratingForReview, statementColumns } from './moderation';

/**
 * Turns 'Do not rate me' (DESIGN.md section 5) on or off; returns the new state. An earlier 'on' keeps its
 * date. The switch takes the lock `submit_rating` takes on the number (migration 0011), so a submission in
 * flight either commits before the switch is on or sees it and writes nothing.
 */
export async function setDoNotRate(db: Executor, params: { phone: string; doNotRate: boolean; now: Date }) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rating:${params.phone}`}, 0))`);
    if (params.doNotRate) {
      await tx
        .insert(doNotRateNumbers)
        .values({ phoneNumber: params.phone, createdAt: params.now })
        .onConflictDoNothing();
      // Ratings that stand but have not reached the number yet never will (docs/anonymity.md).
      await withholdWaitingRatings(tx, { phone: params.phone, now: params.now });
    } else {
      await tx.delete(doNotRateNumbers).where(eq(doNotRateNumbers.phoneNumber, params.phone));
    }
  });
  return params.doNotRate;
}

/** The two per-number switches of /settings in one statement: opted out of texts, and 'Do not rate me'. */
export async function findNumberSwitches(db: Executor, phone: string) {
  const [row] = await db
    .select({
      optedOut: sql<boolean>`exists (select 1 from ${smsOptOuts} o where o.phone_number = ${phone})`,
      doNotRate: sql<boolean>`exists (select 1 from ${doNotRateNumbers} d where d.phone_number = ${phone})`,
    })
    .from(sql`(select 1) as one`);
  return { optedOut: row?.optedOut === true, doNotRate: row?.doNotRate === true };
}

/** The export's profile part: the claimed profile row of the number and its switches. */
export async function findExportProfile(db: Executor, phone: string) {
  const [profile] = await db
    .select({
      name: claimedProfiles.name,
      isVerified: claimedProfiles.isVerified,
      verifiedAt: claimedProfiles.verifiedAt,
      createdAt: claimedProfiles.createdAt,
    })
    .from(claimedProfiles)
    .where(eq(claimedProfiles.phoneNumber, phone))
    .limit(1);
  return profile ?? null;
}

/**
 * The ratings this person gave, with their texts and scores, as the export shows them. The rated number is
 * not selected: it is another person's phone (DESIGN.md section 5).
 */
export async function listExportRatingsGiven(
  db: Executor,
  params: { deviceSessionId: string; provenPhone: string },
) {
  const { phoneNumber: _ratedPhone, ...content } = ratingForReview();
  return db.select(content).from(ratings).where(authoredBy(params)).orderBy(desc(ratings.createdAt));
}

/** The device sessions of the number, and this one: dates and whether the phone was proven, never a token. */
export async function listExportSessions(db: Executor, params: { phone: string; deviceSessionId: string }) {
  return db
    .select({
      id: deviceSessions.id,
      phoneProvenAt: deviceSessions.phoneProvenAt,
      createdAt: deviceSessions.createdAt,
      lastSeenAt: deviceSessions.lastSeenAt,
      expiresAt: deviceSessions.expiresAt,
    })
    .from(deviceSessions)
    .where(or(eq(deviceSessions.phoneNumber, params.phone), eq(deviceSessions.id, params.deviceSessionId)))
    .orderBy(asc(deviceSessions.createdAt));
}

/** Rows of the number or of any of its sessions (the list may be empty: then the number's alone). */
function ofPerson(
  phoneColumn: Column,
  sessionColumn: Column,
  params: { phone: string; sessionIds: string[] },
) {
  return or(
    eq(phoneColumn, params.phone),
    params.sessionIds.length > 0 ? inArray(sessionColumn, params.sessionIds) : undefined,
  );
}

/** Notices this person filed (by their proven phone or one of their sessions), with any decision. */
export async function listExportNotices(db: Executor, params: { phone: string; sessionIds: string[] }) {
  return db
    .select({
      reference: notices.reference,
      reason: notices.reason,
      source: notices.source,
      text: notices.text,
      contact: notices.contact,
      status: notices.status,
      filedAt: notices.createdAt,
      decidedAt: notices.decidedAt,
      ...statementColumns(),
    })
    .from(notices)
    .leftJoin(moderationDecisions, eq(moderationDecisions.id, notices.decisionId))
    .where(ofPerson(notices.reporterPhone, notices.reporterSessionId, params))
    .orderBy(asc(notices.createdAt));
}

/** Appeals this person filed, with any decision. */
export async function listExportAppeals(db: Executor, params: { phone: string; sessionIds: string[] }) {
  return db
    .select({
      ratingId: ratingAppeals.ratingId,
      text: ratingAppeals.text,
      status: ratingAppeals.status,
      filedAt: ratingAppeals.createdAt,
      decidedAt: ratingAppeals.decidedAt,
      ...statementColumns(),
    })
    .from(ratingAppeals)
    .leftJoin(moderationDecisions, eq(moderationDecisions.id, ratingAppeals.decisionId))
    .where(ofPerson(ratingAppeals.authorPhone, ratingAppeals.authorSessionId, params))
    .orderBy(asc(ratingAppeals.createdAt));
}

/** The activity entries of the number or of its sessions, oldest first, at most `limit`. */
export async function listExportActivity(
  db: Executor,
  params: { phone: string; sessionIds: string[]; limit: number },
) {
  return db
    .select({
      action: logs.action,
      details: logs.details,
      userId: logs.userId,
      ipAddress: logs.ipAddress,
      userAgent: logs.userAgent,
      createdAt: logs.createdAt,
    })
    .from(logs)
    .where(ofPerson(logs.phoneNumber, logs.userId, params))
    .orderBy(asc(logs.createdAt))
    .limit(params.limit);
}

/**
 * 'Delete my account' (DESIGN.md section 5), all or nothing: the ratings the person gave (their scores,
 * texts and notifications cascade), the profile, every session of the number and this one, and the phone in
 * activity and error entries. Notices and appeals they filed stay as moderation records without their phone,
 * session or contact. 'Do not rate me' and the texts opt-out stay: deleting an account must not reopen the
 * number to ratings or texts. Returns what went: counts for the audit entry, and the ended sessions' ids.
 */
export async function deleteAccountData(db: Executor, params: { phone: string; deviceSessionId: string }) {
  return db.transaction(async (tx) => {
    const author = { deviceSessionId: params.deviceSessionId, provenPhone: params.phone };
    const sessions = await tx
      .select({ id: deviceSessions.id })
      .from(deviceSessions)
      .where(or(eq(deviceSessions.phoneNumber, params.phone), eq(deviceSessions.id, params.deviceSessionId)));
    const sessionIds = sessions.map((session) => session.id);
    const deletedRatings = await tx.delete(ratings).where(authoredBy(author)).returning({ id: ratings.id });
    await tx
      .update(notices)
      .set({ reporterPhone: null, reporterSessionId: null, contact: null })
      .where(ofPerson(notices.reporterPhone, notices.reporterSessionId, { phone: params.phone, sessionIds }));
    await tx
      .update(ratingAppeals)
      .set({ authorPhone: null, authorSessionId: null })
      .where(
        ofPerson(ratingAppeals.authorPhone, ratingAppeals.authorSessionId, {
          phone: params.phone,
          sessionIds,
        }),
      );
    await tx.delete(claimedProfiles).where(eq(claimedProfiles.phoneNumber, params.phone));
    await tx.delete(deviceSessions).where(inArray(deviceSessions.id, sessionIds));
    await tx.update(logs).set({ phoneNumber: null }).where(eq(logs.phoneNumber, params.phone));
    await tx.update(errorLogs).set({ phoneNumber: null }).where(eq(errorLogs.phoneNumber, params.phone));
    return { ratings: deletedRatings.length, sessions: sessionIds.length, sessionIds };
  });
}
