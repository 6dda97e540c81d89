import { and, asc, gte, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import {
  doNotRateNumbers,
  erasedAccountRecords,
  moderationDecisions,
  notices,
  ratingAppeals,
  ratings,
} from '../schema';
import { preparedPerExecutor } from './prepared';
import { unclaimedOfDevice } from './rating-authors';

// What moderation knows of a rating's author and of the rated number: the record a moderator weighs beside an
// item, and the removals the repeat-offender hold counts.

/**
 * How many of an author's ratings moderators hid or deleted (docs/trust-and-safety.md#repeat-offenders): each
 * rating once, however many decisions removed it, and not one an appeal then kept (shown again). The author is
 * the proven phone that stood behind the rating, the one thing a decision records of them: never a browser
 * session, which the next person at a shared computer inherits. `phone` is an SQL expression; null counts
 * nothing.
 */
function removalsOfAuthor(phone: SQL) {
  return sql<number>`(
    select count(distinct coalesce(d.rating_id, d.id)) from ${moderationDecisions} d
    where ${isRemovalOfAuthor(phone)}
  )`.mapWith(Number);
}

/** The condition on a decision `d` of `removalsOfAuthor`: a removal of the author's that still stands. */
export function isRemovalOfAuthor(phone: SQL) {
  return sql`d.outcome in ('hide', 'delete')
      and d.author_phone = ${phone}
      and not exists (
        select 1 from ${moderationDecisions} k
        where k.rating_id = d.rating_id and k.kind = 'appeal' and k.outcome = 'keep'
          and k.decided_at > d.decided_at
      )`;
}

/**
 * Holds for moderation the ratings a device gave since `claimSince` before proving a phone (the ones the proof
 * claims) that are not held already; returns how many.
 */
export async function holdUnclaimedRatingsOfDevice(
  db: Executor,
  params: { deviceSessionId: string; claimSince: Date; heldReason: string },
) {
  const held = await db
    .update(ratings)
    .set({ heldReason: params.heldReason })
    .where(
      and(
        unclaimedOfDevice(params.deviceSessionId),
        gte(ratings.createdAt, params.claimSince),
        isNull(ratings.heldReason),
      ),
    )
    .returning({ id: ratings.id });
  return held.length;
}

/**
 * The texts of the ratings a device gave before proving `phone` (not those of the phone's own number, which
 * the proof drops), oldest first: screened again at the proof (docs/trust-and-safety.md#the-queue-under-a-flood).
 */
export async function listUnclaimedRatingTexts(
  db: Executor,
  params: { deviceSessionId: string; phone: string },
) {
  return unclaimedRatingTexts(db).execute(params);
}

// Prepared: every proof runs it, most often to find nothing.
const unclaimedRatingTexts = preparedPerExecutor((db) =>
  db
    .select({
      id: ratings.id,
      name: ratings.name,
      testimonial: ratings.testimonial,
      gratitude: ratings.gratitude,
      selfReflection: ratings.selfReflection,
      feedback: ratings.feedback,
      heldReason: ratings.heldReason,
    })
    .from(ratings)
    .where(
      and(
        unclaimedOfDevice(sql.placeholder('deviceSessionId')),
        ne(ratings.phoneNumber, sql.placeholder('phone')),
      ),
    )
    .orderBy(asc(ratings.createdAt), asc(ratings.id))
    .prepare('unclaimed_rating_texts'),
);

/** Sets the held reason (or none) of unclaimed ratings, before the proof attributes them. */
export async function setHeldReasonOfUnclaimed(
  db: Executor,
  params: { ids: string[]; heldReason: string | null },
) {
  if (params.ids.length === 0) return;
  await db
    .update(ratings)
    .set({ heldReason: params.heldReason })
    .where(and(inArray(ratings.id, params.ids), isNull(ratings.createdByPhone)));
}

/** Deletes unclaimed ratings (with their scores and notifications) the proof will not attribute. */
export async function deleteUnclaimedRatings(db: Executor, ids: string[]) {
  if (ids.length === 0) return;
  await db.delete(ratings).where(and(inArray(ratings.id, ids), isNull(ratings.createdByPhone)));
}

/**
 * rating.submit: the submitting author's record in one round trip. `removed`: the removals standing against
 * their proven phone (none without one), with those a deleted account of the same phone left behind
 * (`authorKey`); `erasedRatingAt`: when such an account (or a removal) last rated the `rated` number since its
 * `repeatSince`, or null without one
 * (docs/data-rights.md#deletion-keeps-what-protects-others).
 */
export async function findAuthorRecord(
  db: Executor,
  params: {
    provenPhone: string | null;
    authorKey: string | null;
    rated: { phoneNumber: string; repeatSince: Date } | null;
  },
) {
  const { rated } = params;
  const [row] = await (rated ? authorRecordOfRating : authorRecordAtProof)(db).execute({
    provenPhone: params.provenPhone,
    authorKey: params.authorKey,
    ratedPhone: rated?.phoneNumber ?? null,
    repeatSince: rated?.repeatSince.toISOString() ?? null,
  });
  return { removed: row?.removed ?? 0, erasedRatingAt: row?.erasedRatingAt ?? null };
}

/**
 * `findAuthorRecord`'s statement, prepared (every submission and every proof runs it), with the rated number
 * or, at a proof, without one: its column is then a constant null and no lookup is made.
 */
function authorRecordQuery(withRated: boolean) {
  return preparedPerExecutor((db) => {
    const value = (name: string) => sql.placeholder(name);
    const erased = (kind: 'removal' | 'rated_number') =>
      sql`${erasedAccountRecords} e where e.author_key = ${value('authorKey')}::text and e.kind = ${sql.raw(`'${kind}'`)}`;
    return db
      .select({
        removed: sql<number>`${removalsOfAuthor(sql`${value('provenPhone')}::text`)}
        + (select count(*) from ${erased('removal')})`.mapWith(Number),
        erasedRatingAt: (withRated
          ? sql<Date | null>`(select max(e.at) from ${erased('rated_number')}
            and e.phone_number = ${value('ratedPhone')}::text and e.at > ${value('repeatSince')}::timestamptz)`
          : sql<Date | null>`null::timestamptz`
        ).mapWith((value) => (value === null ? null : new Date(value))),
      })
      .from(sql`(select 1) as one`)
      .prepare(withRated ? 'author_record_of_rating' : 'author_record_at_proof');
  });
}

const authorRecordOfRating = authorRecordQuery(true);
const authorRecordAtProof = authorRecordQuery(false);

/**
 * verification.check, before the proof: a device's unproven ratings of numbers that a deleted account of
 * the phone being proven rated since `repeatSince` are dropped, as `prove_phone` drops a repeat of the
 * phone's own ratings. Returns how many.
 */
export async function dropErasedRepeatsOfDevice(
  db: Executor,
  params: { deviceSessionId: string; authorKey: string; repeatSince: Date },
) {
  const dropped = await erasedRepeatsOfDevice(db).execute({
    deviceSessionId: params.deviceSessionId,
    authorKey: params.authorKey,
    repeatSince: params.repeatSince.toISOString(),
  });
  return dropped.length;
}

// Prepared: every proof runs it, most often to drop nothing.
const erasedRepeatsOfDevice = preparedPerExecutor((db) =>
  db
    .delete(ratings)
    .where(
      and(
        unclaimedOfDevice(sql.placeholder('deviceSessionId')),
        sql`${ratings.phoneNumber} in (select e.phone_number from ${erasedAccountRecords} e
          where e.author_key = ${sql.placeholder('authorKey')}::text and e.kind = 'rated_number'
            and e.at > ${sql.placeholder('repeatSince')}::timestamptz)`,
      ),
    )
    .returning({ id: ratings.id })
    .prepare('drop_erased_repeats_of_device'),
);

/**
 * What a moderator weighs beside an item (docs/trust-and-safety.md): the author's record (ratings given,
 * held, hidden, appeals filed) and the rated number's (notices about its ratings, 'Do not rate me'), per
 * rating. The author is matched by proven phone, else by device session; no phone is returned.
 */
export async function queueHistories(db: Executor, ratingIds: readonly string[]) {
  if (ratingIds.length === 0) return [];
  // The outer rating's columns, spelled with the table name: Drizzle leaves a one-table select's columns
  // unqualified, and inside `ratings o` a bare "created_by_phone" would be o's own.
  const phone = sql`"ratings"."created_by_phone"`;
  const session = sql`"ratings"."device_session_id"`;
  const subject = sql`"ratings"."phone_number"`;
  const sameAuthor = sql`(
    (${phone} is not null and o.created_by_phone = ${phone})
    or (${phone} is null and o.created_by_phone is null and o.device_session_id = ${session})
  )`;
  return db
    .select({
      ratingId: ratings.id,
      given: sql<number>`(select count(*) from ${ratings} o where ${sameAuthor})`.mapWith(Number),
      held: sql<number>`(select count(*) from ${ratings} o where ${sameAuthor} and o.held_reason is not null)`.mapWith(
        Number,
      ),
      hidden:
        sql<number>`(select count(*) from ${ratings} o where ${sameAuthor} and o.hidden_at is not null)`.mapWith(
          Number,
        ),
      appeals: sql<number>`(select count(*) from ${ratingAppeals} ap
        where (${phone} is not null and ap.author_phone = ${phone})
           or (${phone} is null and ap.author_session_id = ${session}))`.mapWith(Number),
      removed: removalsOfAuthor(phone),
      subjectNotices: sql<number>`(select count(*) from ${notices} n join ${ratings} x on x.id = n.rating_id
        where x.phone_number = ${subject})`.mapWith(Number),
      subjectDoNotRate: sql<boolean>`exists (select 1 from ${doNotRateNumbers} d
        where d.phone_number = ${subject})`,
    })
    .from(ratings)
    .where(inArray(ratings.id, [...ratingIds]));
}
