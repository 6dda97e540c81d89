import type { Database } from '@exrated/db';
import { listReceivedRatings } from '@exrated/db/queries';
import { RATING_QUESTIONS, RELATIONSHIP_TYPE_LABELS } from '../rating/rating-questions';
import { inPostedOrder } from './posted-period';
import { ratingAverage, summarizeRatings } from './rating-summary';

/** docs/product.md#data-model: a relationship type outside the fixed list displays as 'Ex'. */
export function relationshipLabel(type: string): string {
  return Object.hasOwn(RELATIONSHIP_TYPE_LABELS, type)
    ? RELATIONSHIP_TYPE_LABELS[type as keyof typeof RELATIONSHIP_TYPE_LABELS]
    : 'Ex';
}

/**
 * What the rated person sees on /profile: their released ratings with a coarse period each ('Posted this
 * week'), later periods first and in a keyed order within one (docs/anonymity.md), and the summary computed
 * from exactly those ratings (hidden, held, withheld and not yet released ones are neither shown nor
 * counted), with the question names and relationship labels the screen shows. No timestamp of a rating is in
 * it. The phone is always the viewer's proven phone, handed in by the procedure, never taken from request
 * input.
 */
export async function loadReceivedRatings(
  db: Database,
  viewerPhone: string,
  order: { secret: string; now: Date },
) {
  const rows = await listReceivedRatings(db, { phone: viewerPhone, now: order.now });
  return {
    // Field by field rather than `...rating`: the rows the driver builds are copied into objects of one fixed
    // shape, which the output walk and JSON.stringify read faster than a spread's copies.
    ratings: inPostedOrder(rows, order.secret, order.now).map(({ rating, posted }) => ({
      id: rating.id,
      name: rating.name,
      relationshipType: rating.relationshipType,
      testimonial: rating.testimonial,
      gratitude: rating.gratitude,
      selfReflection: rating.selfReflection,
      feedback: rating.feedback,
      posted,
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
