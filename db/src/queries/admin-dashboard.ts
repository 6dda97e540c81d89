import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../database';
import { logs, profileCounts, ratings } from '../schema';

/** The dashboard's four counts, in one round trip. */
export async function countAdminTotals(db: Executor) {
  const [row] = await db
    .select({
      profiles: sql<number>`(select sum(${profileCounts.total}) from ${profileCounts})`.mapWith(Number),
      verifiedProfiles: sql<number>`(select sum(${profileCounts.verified}) from ${profileCounts})`.mapWith(
        Number,
      ),
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

/**
 * The screening classifier's calls since `since`, by provider and outcome, with their estimated cost, as the
 * screening_classifier_call entries of the audit log record them (one per rating it read).
 */
export async function summarizeClassifierCalls(db: Executor, since: Date) {
  const provider = sql<string>`${logs.details}->>'provider'`;
  const outcome = sql<string>`${logs.details}->>'outcome'`;
  return db
    .select({
      provider,
      outcome,
      calls: count(),
      costUsd: sql<number>`coalesce(sum((${logs.details}->>'costUsd')::numeric), 0)`.mapWith(Number),
    })
    .from(logs)
    .where(and(eq(logs.action, 'screening_classifier_call'), gte(logs.createdAt, since)))
    .groupBy(provider, outcome)
    .orderBy(provider, outcome);
}
