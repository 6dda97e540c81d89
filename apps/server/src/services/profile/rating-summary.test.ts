import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ratingAverage, roundToOneDecimal, summarizeRatings } from './rating-summary';

const rating = (...scores: number[]) => ({
  scores: scores.map((score, index) => ({ questionId: index + 1, score })),
});

describe('roundToOneDecimal', () => {
  it('rounds halves away from zero on the decimal value', () => {
    expect(roundToOneDecimal(1.05)).toBe(1.1);
    expect(roundToOneDecimal(7.25)).toBe(7.3);
    expect(roundToOneDecimal(7.24)).toBe(7.2);
    expect(roundToOneDecimal(6.666666)).toBe(6.7);
    expect(roundToOneDecimal(10)).toBe(10);
    expect(roundToOneDecimal(-1.05)).toBe(-1.1);
  });

  it('gives what reading every value back as a decimal gives, for every mean of up to 400 scores', () => {
    const readBack = (value: number) => {
      const rounded = Math.round(Number((Math.abs(value) * 10).toPrecision(12))) / 10;
      return value < 0 ? -rounded : rounded;
    };
    for (let count = 1; count <= 400; count += 1) {
      for (let sum = count; sum <= 10 * count; sum += 1) {
        const mean = sum / count;
        // Asserted only on a difference: about 1.4 million expect calls would take seconds.
        if (roundToOneDecimal(mean) !== readBack(mean)) {
          expect(roundToOneDecimal(mean), `${sum}/${count}`).toBe(readBack(mean));
        }
        const meanOfMeans = (mean + 1.05 + 7.25) / 3;
        if (roundToOneDecimal(meanOfMeans) !== readBack(meanOfMeans)) {
          expect(roundToOneDecimal(meanOfMeans), `${meanOfMeans}`).toBe(readBack(meanOfMeans));
        }
      }
    }
  });
});

describe('summarizeRatings', () => {
  it('is empty without ratings', () => {
    expect(summarizeRatings([])).toEqual({ score: null, count: 0, perQuestion: [] });
  });

  it('averages the per-rating averages, not all scores together', () => {
    // Rating one averages 2 over five questions, rating two 9 over one question: per-rating mean is 5.5,
    // whereas pooling the six scores would give 3.2.
    const summary = summarizeRatings([rating(2, 2, 2, 2, 2), { scores: [{ questionId: 3, score: 9 }] }]);
    expect(summary.score).toBe(5.5);
    expect(summary.count).toBe(2);
    expect(summary.perQuestion).toEqual([
      { questionId: 1, average: 2, count: 1 },
      { questionId: 2, average: 2, count: 1 },
      { questionId: 3, average: 5.5, count: 2 },
      { questionId: 4, average: 2, count: 1 },
      { questionId: 5, average: 2, count: 1 },
    ]);
  });

  it('keeps one decimal', () => {
    // Per-rating averages 7.2 and 6.4 -> 6.8; 8, 7 and 7 over three ratings -> 7.333.. -> 7.3.
    expect(summarizeRatings([rating(8, 7, 9, 6, 6), rating(5, 6, 7, 7, 7)]).score).toBe(6.8);
    expect(summarizeRatings([rating(8), rating(7), rating(7)]).score).toBe(7.3);
    expect(summarizeRatings([rating(1, 2)]).score).toBe(1.5);
  });

  it('leaves ratings without scores out of the score and the count', () => {
    expect(summarizeRatings([{ scores: [] }, rating(4, 4, 4, 4, 4)])).toMatchObject({ score: 4, count: 1 });
  });

  it('orders questions by id whatever order the scores come in', () => {
    const summary = summarizeRatings([
      {
        scores: [
          { questionId: 5, score: 1 },
          { questionId: 2, score: 3 },
        ],
      },
    ]);
    expect(summary.perQuestion.map((entry) => entry.questionId)).toEqual([2, 5]);
  });

  it('always lies within the score scale and at most 0.05 from the exact mean', () => {
    const scored = fc.array(fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 5 }), {
      minLength: 1,
      maxLength: 30,
    });
    fc.assert(
      fc.property(scored, (lists) => {
        const summary = summarizeRatings(lists.map((scores) => rating(...scores)));
        const exact =
          lists
            .map((scores) => scores.reduce((a, b) => a + b, 0) / scores.length)
            .reduce((a, b) => a + b, 0) / lists.length;
        expect(summary.count).toBe(lists.length);
        expect(summary.score).not.toBeNull();
        const score = summary.score ?? 0;
        expect(score).toBeGreaterThanOrEqual(1);
        expect(score).toBeLessThanOrEqual(10);
        expect(Math.abs(score - exact)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(Math.round(score * 10)).toBeCloseTo(score * 10, 9);
      }),
    );
  });
});

describe('ratingAverage', () => {
  it("is one rating's mean with one decimal, or null without scores", () => {
    expect(ratingAverage(rating(8, 7, 9, 6, 6))).toBe(7.2);
    expect(ratingAverage(rating(1, 2, 2))).toBe(1.7);
    expect(ratingAverage({ scores: [] })).toBeNull();
  });
});
