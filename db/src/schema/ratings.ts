import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { deviceSessions } from './sessions';

export const RELATIONSHIP_TYPES = ['serious', 'casual', 'situationship', 'fling', 'long-term'] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];

const relationshipTypeList = sql.raw(RELATIONSHIP_TYPES.map((type) => `'${type}'`).join(', '));

/** One rating of an ex (spec section 3). The rater is never exposed to the rated person. */
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
    /** Always null (spec section 3); kept for compatibility with the original data model. */
    createdBy: uuid('created_by'),
    createdByPhone: text('created_by_phone'),
    /** The device session that submitted it, so a later phone proof attributes the rating (DESIGN.md 2). */
    deviceSessionId: uuid('device_session_id').references(() => deviceSessions.id, { onDelete: 'set null' }),
    /** Set when moderation hides the rating: it is then neither shown nor counted. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('ratings_phone_created_idx').on(t.phoneNumber, t.createdAt.desc()),
    index('ratings_created_by_phone_created_idx').on(t.createdByPhone, t.createdAt.desc()),
    index('ratings_device_session_idx').on(t.deviceSessionId),
    index('ratings_created_at_idx').on(t.createdAt.desc()),
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
