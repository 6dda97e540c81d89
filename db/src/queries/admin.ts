import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  like,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../database';
import { claimedProfiles, type ErrorSeverity, errorLogs, logs, profileCounts, ratings } from '../schema';
import { preparedPerExecutor } from './prepared';
import { scoresOfRating } from './received-ratings';

/** `%` and `_` typed by an administrator are matched literally, not as wildcards. */
export function escapeLikePattern(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function containing(term: string): string {
  return `%${escapeLikePattern(term)}%`;
}

/** A page of rows and the number of rows matching the same filter, read side by side. */
async function pageWithTotal<Row>(page: PromiseLike<Row[]>, total: PromiseLike<Array<{ value: number }>>) {
  const [rows, totals] = await Promise.all([page, total]);
  return { rows, total: totals[0]?.value ?? 0 };
}

/**
 * A page read in one statement whose rows each carry the total. Past the last page no row carries it, so it is
 * counted on its own.
 */
async function pageCarryingTotal<Row>(
  rows: Array<{ row: Row; total: number }>,
  countAlone: () => PromiseLike<Array<{ value: number }>>,
) {
  const first = rows[0];
  if (first) return { rows: rows.map((entry) => entry.row), total: first.total };
  const [counted] = await countAlone();
  return { rows: [] as Row[], total: counted?.value ?? 0 };
}

/** Log actions of the verification flow (DESIGN.md section 3): verification_code_* and verification_*. */
const VERIFICATION_ACTION_PATTERN = 'verification\\_%';

/** The dashboard's four counts, in one round trip. */
export async function countAdminTotals(db: Executor) {
  const [row] = await db
    .select({
      profiles: sql<number>`(select ${profileCounts.total} from ${profileCounts})`.mapWith(Number),
      verifiedProfiles: sql<number>`(select ${profileCounts.verified} from ${profileCounts})`.mapWith(Number),
      ratings: sql<number>`(select count(*) from ${ratings})`.mapWith(Number),
      logEntries: sql<number>`(select count(*) from ${logs})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row ?? { profiles: 0, verifiedProfiles: 0, ratings: 0, logEntries: 0 };
}

/**
 * Texts sent since `since`, by kind ('verification' codes, 'rating' texts) and the recipient's country, as
 * the send entries of the audit log record them (the SMS-pumping view of the dashboard).
 */
export async function countTextsSentSince(db: Executor, params: { since: Date }) {
  const kind = sql<
    'verification' | 'rating'
  >`case when ${logs.action} = 'sms_notification_sent' then 'rating' else 'verification' end`;
  const country = sql<string | null>`${logs.details}->>'country'`;
  return db
    .select({ kind, country, count: count() })
    .from(logs)
    .where(
      and(
        gte(logs.createdAt, params.since),
        inArray(logs.action, ['verification_code_sent', 'verification_code_resent', 'sms_notification_sent']),
      ),
    )
    .groupBy(kind, country)
    .orderBy(kind, desc(count()));
}

/** Ratings per UTC day since `since`; days without ratings are absent (the caller zero-fills). */
export async function countRatingsPerDay(db: Executor, params: { since: Date }) {
  const day = sql<string>`to_char(${ratings.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, count: count() })
    .from(ratings)
    .where(gte(ratings.createdAt, params.since))
    .groupBy(day);
}

/** Completed phone verifications (the verification_complete log entries) per UTC day since `since`. */
export async function countVerificationsPerDay(db: Executor, params: { since: Date }) {
  const day = sql<string>`to_char(${logs.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, count: count() })
    .from(logs)
    .where(and(eq(logs.action, 'verification_complete'), gte(logs.createdAt, params.since)))
    .groupBy(day);
}

export type ProfileFilter = 'all' | 'verified' | 'unverified';

function profileConditions(params: { search?: string; filter: ProfileFilter }): SQL | undefined {
  const conditions: SQL[] = [];
  const search = params.search?.trim();
  if (search) {
    const matches: SQL[] = [
      ilike(claimedProfiles.name, containing(search)),
      ilike(claimedProfiles.phoneNumber, containing(search)),
    ];
    // '(555) 123-4567' finds '+15551234567': numbers are stored in E.164, people type them formatted.
    const digits = search.replace(/\D/g, '');
    if (digits.length >= 3 && digits !== search)
      matches.push(like(claimedProfiles.phoneNumber, `%${digits}%`));
    const match = or(...matches);
    if (match) conditions.push(match);
  }
  if (params.filter === 'verified') conditions.push(eq(claimedProfiles.isVerified, true));
  if (params.filter === 'unverified') conditions.push(eq(claimedProfiles.isVerified, false));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

// Written out with table names: inside a select, Drizzle renders columns unqualified, which would make the
// correlated condition compare a ratings column with itself.
const ratingsGivenCount =
  sql<number>`(select count(*) from ratings r where r.created_by_phone = ${sql.raw('"claimed_profiles"."phone_number"')})`.mapWith(
    Number,
  );
const ratingsReceivedCount =
  sql<number>`(select count(*) from ratings r where r.phone_number = ${sql.raw('"claimed_profiles"."phone_number"')})`.mapWith(
    Number,
  );

/** A claimed profile's columns plus how many ratings it gave and received. */
const profileWithRatingCounts = {
  id: claimedProfiles.id,
  phoneNumber: claimedProfiles.phoneNumber,
  name: claimedProfiles.name,
  isVerified: claimedProfiles.isVerified,
  verifiedAt: claimedProfiles.verifiedAt,
  createdAt: claimedProfiles.createdAt,
  ratingsGiven: ratingsGivenCount,
  ratingsReceived: ratingsReceivedCount,
};

/**
 * One page of claimed profiles, newest first, each with its ratings given (by created_by_phone) and received
 * (by phone_number) counted by correlated subqueries in the same statement — never a query per row.
 */
export async function listAdminProfiles(
  db: Executor,
  params: { search?: string; filter: ProfileFilter; limit: number; offset: number },
) {
  if (!params.search?.trim()) return listAllAdminProfiles(db, params);
  const where = profileConditions(params);
  return pageWithTotal(
    db
      .select(profileWithRatingCounts)
      .from(claimedProfiles)
      .where(where)
      .orderBy(desc(claimedProfiles.createdAt), desc(claimedProfiles.id))
      .limit(params.limit)
      .offset(params.offset),
    db.select({ value: count() }).from(claimedProfiles).where(where),
  );
}

/** The profile_counts row's figure for each filter. */
const keptProfileCount: Record<ProfileFilter, SQL<number>> = {
  all: sql<number>`${profileCounts.total}`.mapWith(Number),
  verified: sql<number>`${profileCounts.verified}`.mapWith(Number),
  unverified: sql<number>`${profileCounts.total} - ${profileCounts.verified}`.mapWith(Number),
};

/**
 * The list without a search, the admin area's most read page: the page and the kept total (an uncorrelated
 * subquery, read once per statement) in one statement. Built with values or placeholders; the bench's bare
 * baseline runs the same text.
 */
export function adminProfilesPageQuery(
  db: Executor,
  filter: ProfileFilter,
  page: { limit: number | Placeholder; offset: number | Placeholder },
) {
  return db
    .select({
      row: profileWithRatingCounts,
      total: sql<number>`(select ${keptProfileCount[filter]} from ${profileCounts})`.mapWith(Number),
    })
    .from(claimedProfiles)
    .where(profileConditions({ filter }))
    .orderBy(desc(claimedProfiles.createdAt), desc(claimedProfiles.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** One prepared statement per filter: one round trip with no query building. */
const allProfilesPage = preparedPerExecutor((db) => {
  const page = (filter: ProfileFilter) =>
    adminProfilesPageQuery(db, filter, {
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
    }).prepare(`admin_profiles_${filter}`);
  return { all: page('all'), verified: page('verified'), unverified: page('unverified') };
});

async function listAllAdminProfiles(
  db: Executor,
  params: { filter: ProfileFilter; limit: number; offset: number },
) {
  return pageCarryingTotal(
    await allProfilesPage(db)[params.filter].execute({ limit: params.limit, offset: params.offset }),
    () => db.select({ value: keptProfileCount[params.filter] }).from(profileCounts),
  );
}

/** One claimed profile with its rating counts (the detail page's cards), or null. */
export async function findAdminProfileByPhone(db: Executor, phoneNumber: string) {
  const [row] = await db
    .select(profileWithRatingCounts)
    .from(claimedProfiles)
    .where(eq(claimedProfiles.phoneNumber, phoneNumber))
    .limit(1);
  return row ?? null;
}

/** Ratings given by (`side` = 'given') or about (`side` = 'received') a phone, with their scores, newest first. */
export async function listRatingsWithScoresByPhone(
  db: Executor,
  params: { phoneNumber: string; side: 'given' | 'received'; limit: number },
) {
  const column = params.side === 'given' ? ratings.createdByPhone : ratings.phoneNumber;
  return db
    .select({
      id: ratings.id,
      name: ratings.name,
      relationshipType: ratings.relationshipType,
      phoneNumber: ratings.phoneNumber,
      createdByPhone: ratings.createdByPhone,
      testimonial: ratings.testimonial,
      gratitude: ratings.gratitude,
      selfReflection: ratings.selfReflection,
      feedback: ratings.feedback,
      hiddenAt: ratings.hiddenAt,
      createdAt: ratings.createdAt,
      scores: scoresOfRating(),
    })
    .from(ratings)
    .where(eq(column, params.phoneNumber))
    .orderBy(desc(ratings.createdAt), desc(ratings.id))
    .limit(params.limit);
}

/** A phone's activity entries, newest first; `verificationOnly` keeps the verification_* actions. */
export async function listLogsByPhone(
  db: Executor,
  params: { phoneNumber: string; verificationOnly?: boolean; limit: number },
) {
  return db
    .select()
    .from(logs)
    .where(
      and(
        eq(logs.phoneNumber, params.phoneNumber),
        params.verificationOnly ? like(logs.action, VERIFICATION_ACTION_PATTERN) : undefined,
      ),
    )
    .orderBy(desc(logs.createdAt), desc(logs.id))
    .limit(params.limit);
}

export async function listErrorLogsByPhone(db: Executor, params: { phoneNumber: string; limit: number }) {
  return db
    .select()
    .from(errorLogs)
    .where(eq(errorLogs.phoneNumber, params.phoneNumber))
    .orderBy(desc(errorLogs.createdAt), desc(errorLogs.id))
    .limit(params.limit);
}

/** The activity log list: search by phone, action, IP or user id; filter by action or verification actions. */
export async function searchLogs(
  db: Executor,
  params: { search?: string; action?: string; verificationOnly: boolean; limit: number },
) {
  const search = params.search?.trim();
  const pattern = search ? containing(search) : null;
  return db
    .select()
    .from(logs)
    .where(
      and(
        pattern
          ? or(
              ilike(logs.phoneNumber, pattern),
              ilike(logs.action, pattern),
              ilike(logs.ipAddress, pattern),
              ilike(logs.userId, pattern),
            )
          : undefined,
        params.action ? eq(logs.action, params.action) : undefined,
        params.verificationOnly ? like(logs.action, VERIFICATION_ACTION_PATTERN) : undefined,
      ),
    )
    .orderBy(desc(logs.createdAt), desc(logs.id))
    .limit(params.limit);
}

/** Every action name present in the activity log, for the action filter. */
export async function listLogActions(db: Executor) {
  const rows = await db.selectDistinct({ action: logs.action }).from(logs).orderBy(logs.action).limit(500);
  return rows.map((row) => row.action);
}

/** One page of error entries, newest first, with the total matching the same filters. */
export async function searchErrorLogs(
  db: Executor,
  params: { search?: string; phone?: string; severity?: ErrorSeverity; limit: number; offset: number },
) {
  const search = params.search?.trim();
  const phone = params.phone?.trim();
  const where = and(
    search
      ? or(
          ilike(errorLogs.errorMessage, containing(search)),
          ilike(errorLogs.componentName, containing(search)),
        )
      : undefined,
    phone ? ilike(errorLogs.phoneNumber, containing(phone)) : undefined,
    params.severity ? eq(errorLogs.severity, params.severity) : undefined,
  );
  const total = () => db.select({ value: count() }).from(errorLogs).where(where);
  const newestFirst = <Query extends PgSelect>(query: Query) =>
    query
      .where(where)
      .orderBy(desc(errorLogs.createdAt), desc(errorLogs.id))
      .limit(params.limit)
      .offset(params.offset);
  const columns = getTableColumns(errorLogs);
  // Without a substring the page walks an index and stops after `limit` rows, so the total is its own count.
  if (!search && !phone) {
    return pageWithTotal(newestFirst(db.select(columns).from(errorLogs).$dynamic()), total());
  }
  // A substring search visits every match through the trigram indexes anyway: the page and its total come
  // from that one visit instead of two statements doing the same work (half the database time per request).
  return pageCarryingTotal(
    await newestFirst(
      db
        .select({ row: columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(errorLogs)
        .$dynamic(),
    ),
    total,
  );
}

/** What the spec's SQL tool shows whatever is typed: the first rows of claimed_profiles. */
export async function listFirstClaimedProfiles(db: Executor, limit: number) {
  return db
    .select()
    .from(claimedProfiles)
    .orderBy(claimedProfiles.createdAt, claimedProfiles.id)
    .limit(limit);
}
