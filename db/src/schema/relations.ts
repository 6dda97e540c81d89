import { relations } from 'drizzle-orm';
import { notifications } from './notifications';
import { ratingScores, ratings } from './ratings';

export const ratingsRelations = relations(ratings, ({ many, one }) => ({
  scores: many(ratingScores),
  notification: one(notifications, { fields: [ratings.id], references: [notifications.ratingId] }),
}));

export const ratingScoresRelations = relations(ratingScores, ({ one }) => ({
  rating: one(ratings, { fields: [ratingScores.ratingId], references: [ratings.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  rating: one(ratings, { fields: [notifications.ratingId], references: [ratings.id] }),
}));
