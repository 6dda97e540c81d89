import { and, count, desc, eq, ilike, like, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import { claimedProfiles, profileCounts, ratings } from '../schema';
import { containing, pageCarryingTotal, pageWithTotal } from './admin-lists';
import { preparedPerExecutor } from './prepared';
import { scoresOfRating } from './received-ratings';
import { withDecodersResolvedOnce } from './row-decoding';

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

/** The kept figure for each filter: a sum over profile_counts' rows. */
const keptProfileCount: Record<ProfileFilter, SQL<number>> = {
  all: sql<number>`sum(${profileCounts.total})`.mapWith(Number),
  verified: sql<number>`sum(${profileCounts.verified})`.mapWith(Number),
  unverified: sql<number>`sum(${profileCounts.total} - ${profileCounts.verified})`.mapWith(Number),
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
    withDecodersResolvedOnce(
      adminProfilesPageQuery(db, filter, {
        limit: sql.placeholder('limit'),
        offset: sql.placeholder('offset'),
      }).prepare(`admin_profiles_${filter}`),
    );
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

/** What the SQL tool (docs/product.md#admin) shows whatever is typed: the first rows of claimed_profiles. */
export async function listFirstClaimedProfiles(db: Executor, limit: number) {
  return db
    .select()
    .from(claimedProfiles)
    .orderBy(claimedProfiles.createdAt, claimedProfiles.id)
    .limit(limit);
}
