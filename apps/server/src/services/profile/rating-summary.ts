export interface ScoredRating {
  scores: ReadonlyArray<{ questionId: number; score: number }>;
}

export interface RatingSummary {
  /** Average of the per-rating averages, one decimal, out of 10; null when there is nothing to average. */
  score: number | null;
  /** How many ratings the score is based on. */
  count: number;
  /** Average score per question over the ratings that answered it, one decimal, by question id. */
  perQuestion: { questionId: number; average: number; count: number }[];
}

/**
 * Rounds to one decimal, half away from zero, on the decimal value people read (7.25 -> 7.3), which plain
 * `Math.round(x * 10) / 10` gets wrong for values such as 1.05 whose binary form sits just below the half.
 */
export function roundToOneDecimal(value: number): number {
  const tenths = Math.abs(value) * 10;
  // Binary noise can only change the rounding of a value next to a half: only there is the decimal value read
  // back, with twelve significant digits, which drop the noise (10.499999999999998 -> 10.5) but keep every
  // real digit. Formatting and parsing every value was 2 % of profile.ratingsReceived's CPU.
  const nearHalf = Math.abs(tenths - Math.floor(tenths) - 0.5) < 1e-9 * Math.max(1, tenths);
  const rounded = Math.round(nearHalf ? Number(tenths.toPrecision(12)) : tenths) / 10;
  return value < 0 ? -rounded : rounded;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** One rating's own score: the average of its answers, one decimal; null for a rating without scores. */
export function ratingAverage(rating: ScoredRating): number | null {
  return rating.scores.length > 0 ? roundToOneDecimal(mean(rating.scores.map((entry) => entry.score))) : null;
}

/**
 * docs/product.md#profile: 'Your Score' is the average of the per-rating averages (each rating weighs the
 * same however many questions it answered), with one decimal. A rating without scores cannot be averaged and
 * is left out of both the score and its count.
 */
export function summarizeRatings(ratings: readonly ScoredRating[]): RatingSummary {
  const perRating: number[] = [];
  const byQuestion = new Map<number, number[]>();
  for (const rating of ratings) {
    if (rating.scores.length === 0) continue;
    perRating.push(mean(rating.scores.map((entry) => entry.score)));
    for (const { questionId, score } of rating.scores) {
      const list = byQuestion.get(questionId) ?? [];
      list.push(score);
      byQuestion.set(questionId, list);
    }
  }
  return {
    score: perRating.length > 0 ? roundToOneDecimal(mean(perRating)) : null,
    count: perRating.length,
    perQuestion: [...byQuestion.entries()]
      .sort(([a], [b]) => a - b)
      .map(([questionId, scores]) => ({
        questionId,
        average: roundToOneDecimal(mean(scores)),
        count: scores.length,
      })),
  };
}
