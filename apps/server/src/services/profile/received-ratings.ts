import type { Database } from '@exrated/db';
import { listReceivedRatings } from '@exrated/db/queries';
import { RATING_QUESTIONS, RELATIONSHIP_TYPE_LABELS } from '../rating/rating-questions';
import { ratingAverage, summarizeRatings } from './rating-summary';

/** Spec section 3: a relationship type outside the fixed list displays as 'Ex'. */
export function relationshipLabel(type: string): string {
  return Object.hasOwn(RELATIONSHIP_TYPE_LABELS, type)
    ? RELATIONSHIP_TYPE_LABELS[type as keyof typeof RELATIONSHIP_TYPE_LABELS]
    : 'Ex';
}

/**
 * What the rated person sees on /profile: their visible ratings, newest first, and the summary computed from
 * exactly those ratings (hidden ones are neither shown nor counted), with the question names and relationship
 * labels the screen shows. The phone is always the viewer's proven phone, handed in by the procedure, never
 * taken from request input.
 */
export async function loadReceivedRatings(db: Database, viewerPhone: string) {
  const rows = await listReceivedRatings(db, { phone: viewerPhone });
  return {
    // Field by field rather than `...rating`: the rows the driver builds are copied into objects of one fixed
    // shape, which the output walk and JSON.stringify read faster than a spread's copies.
    ratings: rows.map((rating) => ({
      id: rating.id,
      name: rating.name,
      relationshipType: rating.relationshipType,
      testimonial: rating.testimonial,
      gratitude: rating.gratitude,
      selfReflection: rating.selfReflection,
      feedback: rating.feedback,
      createdAt: rating.createdAt,
      scores: rating.scores,
      reportStatus: rating.reportStatus,
      relationshipLabel: relationshipLabel(rating.relationshipType),
      average: ratingAverage(rating),
    })),
    summary: summarizeRatings(rows),
    questions: RATING_QUESTIONS.map(({ id, question }) => ({ id, question })),
  };
}

export type ReceivedRatings = Awaited<ReturnType<typeof loadReceivedRatings>>;
