import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { deviceSessions } from './sessions';

export const RELATIONSHIP_TYPES = ['serious', 'casual', 'situationship', 'fling', 'long-term'] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

const relationshipTypeList = sql.raw(RELATIONSHIP_TYPES.map((type) => `'${type}'`).join(', '));

/** One rating of an ex (docs/product.md#data-model). The rater is never exposed to the rated person. */
export const ratings = pgTable(
  'ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    relationshipType: text('relationship_type').$type<RelationshipType>().notNull(),
    phoneNumber: text('phone_number').notNull(),
    testimonial: text('testimonial'),
    gratitude: text('gratitude'),
    selfReflection: text('self_reflection'),
    feedback: text('feedback'),
    /** Always null (docs/product.md#data-model); kept for compatibility with the original data model. */
    createdBy: uuid('created_by'),
    createdByPhone: text('created_by_phone'),
    /**
     * The device session that submitted it, so a later phone proof attributes the rating
     * (docs/security.md#sessions).
     */
    deviceSessionId: uuid('device_session_id').references(() => deviceSessions.id, { onDelete: 'set null' }),
    /** Set when moderation hides the rating: it is then neither shown nor counted. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /**
     * Why the rating waits for moderation before it is shown, counted or texted
     * (docs/trust-and-safety.md#decisions): 'daily_ceiling' (the number got more ratings in a day than the
     * ceiling) or 'screening:{rule}'. A rating whose author has not proven a phone (created_by_phone null)
     * waits too, without a reason here: proving the phone releases it.
     */
    heldReason: text('held_reason'),
    /**
     * When the rating reaches the rated person: shown, counted and texted from then on, never before
     * (docs/anonymity.md). Drawn when the rating comes to stand (`stand_rating`); null until then, and for a
     * rating withheld from its subject.
     */
    releaseAt: timestamp('release_at', { withTimezone: true }),
    /**
     * Why a standing rating never reaches its subject: 'do_not_rate' (the number's owner asked not to be
     * rated). Its author sees it as any other rating of theirs (docs/anonymity.md).
     */
    withheldReason: text('withheld_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('ratings_phone_created_idx').on(t.phoneNumber, t.createdAt.desc()),
    index('ratings_created_by_phone_created_idx').on(t.createdByPhone, t.createdAt.desc()),
    index('ratings_device_session_idx').on(t.deviceSessionId),
    index('ratings_created_at_idx').on(t.createdAt.desc()),
    // The moderation queue, and the retention of ratings no one stood behind.
    index('ratings_held_created_idx').on(t.createdAt).where(sql`${t.heldReason} is not null`),
    index('ratings_unclaimed_created_idx').on(t.createdAt).where(sql`${t.createdByPhone} is null`),
    check('ratings_relationship_type_check', sql`${t.relationshipType} in (${relationshipTypeList})`),
  ],
);

export const ratingScores = pgTable(
  'rating_scores',
  {
    ratingId: uuid('rating_id')
      .notNull()
      .references(() => ratings.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    score: integer('score').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ratingId, t.questionId] }),
    check('rating_scores_score_check', sql`${t.score} between 1 and 10`),
    check('rating_scores_question_check', sql`${t.questionId} between 1 and 5`),
  ],
);

export type Rating = typeof ratings.$inferSelect;
export type RatingScore = typeof ratingScores.$inferSelect;
