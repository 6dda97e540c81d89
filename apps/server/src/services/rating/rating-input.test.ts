import { screenRatingInput } from '@exrated/content';
import { describe, expect, it } from 'vitest';
import { ratingSubmitInput, screeningVerdictOf } from './rating-input';

const input = {
  name: 'Alex',
  relationshipType: 'casual',
  phoneNumber: '+13125550123',
  testimonial: 'Kind, funny and always late',
  scores: [1, 2, 3, 4, 5].map((questionId) => ({ questionId, score: 7 })),
};

describe('screeningVerdictOf', () => {
  it('hands the submission the verdict the schema reached for the same input, without screening again', () => {
    const parsed = ratingSubmitInput.parse(input);
    const verdict = screeningVerdictOf(parsed);
    expect(verdict).toBe(screeningVerdictOf(parsed));
    expect(verdict).toEqual(screenRatingInput(parsed));
  });

  it('screens an input the schema did not read', () => {
    const parsed = ratingSubmitInput.parse(input);
    const copy = { ...parsed, testimonial: 'I will kill you' };
    expect(screeningVerdictOf(copy)).toEqual(screenRatingInput(copy));
    expect(screeningVerdictOf(copy).outcome).not.toBe('accept');
  });
});
