import { relations } from 'drizzle-orm';
import { ratingReports } from './moderation';
import { notifications } from './notifications';
import { ratingScores, ratings } from './ratings';

export const ratingsRelations = relations(ratings, ({ many, one }) => ({
  scores: many(ratingScores),
  notification: one(notifications, { fields: [ratings.id], references: [notifications.ratingId] }),
  reports: many(ratingReports),
}));

export const ratingScoresRelations = relations(ratingScores, ({ one }) => ({
  rating: one(ratings, { fields: [ratingScores.ratingId], references: [ratings.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  rating: one(ratings, { fields: [notifications.ratingId], references: [ratings.id] }),
}));

export const ratingReportsRelations = relations(ratingReports, ({ one }) => ({
  rating: one(ratings, { fields: [ratingReports.ratingId], references: [ratings.id] }),
}));
