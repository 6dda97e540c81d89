import { and, asc, type Column, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { retryOnConflict } from '../conflict-retry';
import type { Executor } from '../database';
import {
  claimedProfiles,
  deviceSessions,
  doNotRateLifts,
  doNotRateNumbers,
  erasedAccountRecords,
  errorLogs,
  logs,
  moderationDecisions,
  notices,
  ratingAppeals,
  ratings,
  smsOptOuts,
} from '../schema';
import { isRemovalOfAuthor } from './author-records';
import { ratingForReview, selectFilingsWithDecision } from './moderation';
import { authoredBy } from './rating-authors';
import { withholdWaitingRatings } from './ratings';

/**
 * 'Do not rate me' on or off (docs/data-rights.md), under the lock `stand_rating` takes on the number, so a
 * rating coming to stand either stands before the switch or sees it. An earlier 'on' keeps its date. Off
 * records the lift only when it ends an 'on': ratings that come to stand from then reach the number no earlier
 * than `liftNotBefore` (stand_rating). A switch-off that follows no switch-on changes nothing, and a lift is
 * never moved by one: its owner picks the moment, and a lift from it would date the ratings that stood before
 * it (docs/anonymity.md#non-interference).
 */
export async function setDoNotRate(
  db: Executor,
  params: { phone: string; now: Date } & ({ doNotRate: true } | { doNotRate: false; liftNotBefore: Date }),
) {
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
      const ended = await tx
        .delete(doNotRateNumbers)
        .where(eq(doNotRateNumbers.phoneNumber, params.phone))
        .returning({ phoneNumber: doNotRateNumbers.phoneNumber });
      if (ended.length === 0) return;
      await tx
        .insert(doNotRateLifts)
        .values({ phoneNumber: params.phone, notBefore: params.liftNotBefore })
        .onConflictDoUpdate({ target: doNotRateLifts.phoneNumber, set: { notBefore: params.liftNotBefore } });
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

/**
 * The export's profile part: the claimed profile row of the number and its switches. Not when the row was
 * made: anyone who types a number makes its row, so that date would tell the owner when a stranger first
 * typed it (docs/anonymity.md#non-interference); when the owner proved it is theirs.
 */
export async function findExportProfile(db: Executor, phone: string) {
  const [profile] = await db
    .select({
      name: claimedProfiles.name,
      isVerified: claimedProfiles.isVerified,
      verifiedAt: claimedProfiles.verifiedAt,
    })
    .from(claimedProfiles)
    .where(eq(claimedProfiles.phoneNumber, phone))
    .limit(1);
  return profile ?? null;
}

/**
 * The ratings this person gave, with their texts and scores, as the export shows them. The rated number is
 * not selected: it is another person's phone (docs/data-rights.md).
 */
export async function listExportRatingsGiven(
  db: Executor,
  params: { deviceSessionId: string; provenPhone: string },
) {
  const { phoneNumber: _ratedPhone, ...content } = ratingForReview();
  return db.select(content).from(ratings).where(authoredBy(params)).orderBy(desc(ratings.createdAt));
}

/**
 * The sessions that proved the number, and this one (which did): a right is exercised over what the person
 * proved, so a session that only typed the number is someone else's and never part of the set.
 */
function provenSessionsOf(params: { phone: string; deviceSessionId: string }) {
  return or(
    and(eq(deviceSessions.phoneNumber, params.phone), isNotNull(deviceSessions.phoneProvenAt)),
    eq(deviceSessions.id, params.deviceSessionId),
  );
}

/** The sessions of the person (provenSessionsOf): dates and whether the phone was proven, never a token. */
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
    .where(provenSessionsOf(params))
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
  return selectFilingsWithDecision(db, notices, {
    reference: notices.reference,
    reason: notices.reason,
    source: notices.source,
    text: notices.text,
    contact: notices.contact,
  })
    .where(ofPerson(notices.reporterPhone, notices.reporterSessionId, params))
    .orderBy(asc(notices.createdAt));
}

/** Appeals this person filed, with any decision. */
export async function listExportAppeals(db: Executor, params: { phone: string; sessionIds: string[] }) {
  return selectFilingsWithDecision(db, ratingAppeals, {
    ratingId: ratingAppeals.ratingId,
    text: ratingAppeals.text,
  })
    .where(ofPerson(ratingAppeals.authorPhone, ratingAppeals.authorSessionId, params))
    .orderBy(asc(ratingAppeals.createdAt));
}

/**
 * The activity entries the person's own sessions wrote, oldest first, at most `limit`. Entries that name the
 * number but were written by other sessions (a stranger asking a code for it) are that stranger's activity.
 */
export async function listExportActivity(db: Executor, params: { sessionIds: string[]; limit: number }) {
  if (params.sessionIds.length === 0) return [];
  return db
    .select({
      action: logs.action,
      details: logs.details,
      ipAddress: logs.ipAddress,
      userAgent: logs.userAgent,
      createdAt: logs.createdAt,
    })
    .from(logs)
    .where(inArray(logs.userId, params.sessionIds))
    .orderBy(asc(logs.createdAt))
    .limit(params.limit);
}

// A phone number in E.164 form inside a stored text (log details, error messages), as the server writes them.
const E164_PATTERN = '\\+[0-9]{7,15}';

/** `column` (text) with every E.164 number in it replaced: the stored form of an anonymized entry. */
function withoutPhones(column: Column) {
  return sql`regexp_replace(${column}, ${E164_PATTERN}, '[removed]', 'g')`;
}

/** `column` (jsonb) with every E.164 number in its strings replaced; the JSON stays valid. */
function jsonWithoutPhones(column: Column) {
  return sql`regexp_replace(${column}::text, ${E164_PATTERN}, '[removed]', 'g')::jsonb`;
}

/**
 * 'Delete my account' (docs/data-rights.md), all or nothing: the ratings the person gave (their scores,
 * texts and notifications cascade), the profile, the sessions that proved the number and this one. Their
 * activity and error entries stay as counts without anything that points at a person: no session, phone,
 * address, browser, and no phone number inside their details or messages; entries other people's requests
 * wrote about the number lose the number. Notices and appeals they filed stay as moderation records without
 * their phone, session or contact. A session that only typed the number is someone else's and is left alone.
 * 'Do not rate me' and the texts opt-out stay: deleting an account must not reopen the number to ratings or
 * texts. Returns what went: counts for the audit entry, and the ended sessions' ids.
 */
/**
 * What deletion keeps of the person, under `authorKey` (a keyed hash of the phone): the numbers they rated
 * since `ratedSince` (the once-per-30-days window) and the moderators' removals of their ratings, which the
 * repeat-offender hold counts (docs/data-rights.md#deletion-keeps-what-protects-others).
 */
interface ErasedAccountKeep {
  authorKey: string;
  ratedSince: Date;
}

export async function deleteAccountData(
  db: Executor,
  params: { phone: string; deviceSessionId: string; keep: ErasedAccountKeep },
) {
  return retryOnConflict(() => deleteAccountRows(db, params));
}

function deleteAccountRows(
  db: Executor,
  params: { phone: string; deviceSessionId: string; keep: ErasedAccountKeep },
) {
  return db.transaction(async (tx) => {
    const author = { deviceSessionId: params.deviceSessionId, provenPhone: params.phone };
    const sessions = await tx
      .select({ id: deviceSessions.id })
      .from(deviceSessions)
      .where(provenSessionsOf(params));
    const sessionIds = sessions.map((session) => session.id);
    const person = { phone: params.phone, sessionIds };
    await keepWhatProtectsOthers(tx, author, params.keep);
    const deletedRatings = await tx.delete(ratings).where(authoredBy(author)).returning({ id: ratings.id });
    await tx
      .update(notices)
      .set({ reporterPhone: null, reporterSessionId: null, contact: null })
      .where(ofPerson(notices.reporterPhone, notices.reporterSessionId, person));
    await tx
      .update(ratingAppeals)
      .set({ authorPhone: null, authorSessionId: null })
      .where(ofPerson(ratingAppeals.authorPhone, ratingAppeals.authorSessionId, person));
    // The decisions on their ratings keep their reasons for the transparency report, but no longer name them:
    // the removals that count against the person were kept above, under the keyed hash.
    await tx
      .update(moderationDecisions)
      .set({ authorPhone: null })
      .where(eq(moderationDecisions.authorPhone, params.phone));
    await tx.delete(claimedProfiles).where(eq(claimedProfiles.phoneNumber, params.phone));
    await tx.delete(deviceSessions).where(inArray(deviceSessions.id, sessionIds));
    await tx
      .update(logs)
      .set({
        userId: null,
        phoneNumber: null,
        ipAddress: null,
        userAgent: null,
        details: sql`${jsonWithoutPhones(logs.details)}`,
      })
      .where(inArray(logs.userId, sessionIds));
    await tx
      .update(logs)
      .set({ phoneNumber: null, details: sql`${jsonWithoutPhones(logs.details)}` })
      .where(eq(logs.phoneNumber, params.phone));
    await tx
      .update(errorLogs)
      .set({
        userId: null,
        phoneNumber: null,
        ipAddress: null,
        userAgent: null,
        errorMessage: sql`${withoutPhones(errorLogs.errorMessage)}`,
        errorStack: sql`${withoutPhones(errorLogs.errorStack)}`,
        details: sql`${jsonWithoutPhones(errorLogs.details)}`,
      })
      .where(inArray(errorLogs.userId, sessionIds));
    await tx
      .update(errorLogs)
      .set({
        phoneNumber: null,
        errorMessage: sql`${withoutPhones(errorLogs.errorMessage)}`,
        details: sql`${jsonWithoutPhones(errorLogs.details)}`,
      })
      .where(eq(errorLogs.phoneNumber, params.phone));
    return { ratings: deletedRatings.length, sessions: sessionIds.length, sessionIds };
  });
}

/** The erased-account records of deleteAccountRows, written before the rows they come from are gone. */
async function keepWhatProtectsOthers(
  tx: Executor,
  author: { deviceSessionId: string; provenPhone: string },
  keep: ErasedAccountKeep,
) {
  await tx.insert(erasedAccountRecords).select(
    tx
      .select({
        authorKey: sql<string>`${keep.authorKey}::text`.as('author_key'),
        kind: sql<'rated_number'>`'rated_number'`.as('kind'),
        phoneNumber: ratings.phoneNumber,
        at: ratings.createdAt,
      })
      .from(ratings)
      .where(and(authoredBy(author), gt(ratings.createdAt, keep.ratedSince))),
  );
  const phone = sql`${author.provenPhone}::text`;
  await tx.execute(sql`insert into ${erasedAccountRecords} (author_key, kind, phone_number, at)
    select ${keep.authorKey}::text, 'removal', null, max(d.decided_at) from ${moderationDecisions} d
    where ${isRemovalOfAuthor(phone)}
    group by coalesce(d.rating_id, d.id)`);
}

/**
 * A number a session typed but never proved serves only that session's own flow (the code it asked for, the
 * header's unverified number): it is cleared from at most `limit` sessions idle since `idleSince`. Returns
 * how many.
 */
export async function clearUnprovenPhonesIdleSince(db: Executor, idleSince: Date, limit: number) {
  const idle = db
    .select({ id: deviceSessions.id })
    .from(deviceSessions)
    .where(
      and(
        isNull(deviceSessions.phoneProvenAt),
        isNotNull(deviceSessions.phoneNumber),
        lt(deviceSessions.lastSeenAt, idleSince),
      ),
    )
    .limit(limit);
  const cleared = await db
    .update(deviceSessions)
    .set({ phoneNumber: null })
    .where(inArray(deviceSessions.id, idle))
    .returning({ id: deviceSessions.id });
  return cleared.length;
}

/**
 * Retention of a deleted account's records (docs/data-rights.md#deletion-keeps-what-protects-others): rated numbers older than
 * `ratedBefore` and removals older than `removalsBefore`, at most `limit` rows. Returns how many.
 */
export async function deleteErasedAccountRecordsBefore(
  db: Executor,
  params: { ratedBefore: Date; removalsBefore: Date; limit: number },
) {
  const old = db
    .select({ ctid: sql`ctid` })
    .from(erasedAccountRecords)
    .where(
      or(
        and(eq(erasedAccountRecords.kind, 'rated_number'), lt(erasedAccountRecords.at, params.ratedBefore)),
        and(eq(erasedAccountRecords.kind, 'removal'), lt(erasedAccountRecords.at, params.removalsBefore)),
      ),
    )
    .limit(params.limit);
  const deleted = await db
    .delete(erasedAccountRecords)
    .where(sql`ctid in (${old})`)
    .returning({ at: erasedAccountRecords.at });
  return deleted.length;
}

/** Lifts of 'Do not rate me' whose `not_before` has passed: they no longer put any release off. */
export async function deletePassedDoNotRateLifts(db: Executor, now: Date) {
  const deleted = await db
    .delete(doNotRateLifts)
    .where(lt(doNotRateLifts.notBefore, now))
    .returning({ phoneNumber: doNotRateLifts.phoneNumber });
  return deleted.length;
}
