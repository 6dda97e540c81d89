// Sample data for the admin UI gallery only (docs/architecture.md#layers, docs/product.md#admin: a sample
// dataset with question ids 1 to 10 lives here and nowhere else). Nothing here is sent to the server or shown
// to users.
import type { RatingSummary, ReceivedRating } from '../../profile/profile-types';
import type { RatingQuestion } from '../../rate/RatingScoreSlider';

export const SAMPLE_QUESTIONS: RatingQuestion[] = [
  {
    id: 1,
    question: 'Bedroom Chemistry',
    description: 'Spark and connection.',
    lowLabel: 'No spark',
    highLabel: 'Fireworks',
  },
  {
    id: 2,
    question: 'Generosity as a Lover',
    description: 'Giving as much as taking.',
    lowLabel: 'All about them',
    highLabel: 'Truly giving',
  },
  {
    id: 3,
    question: 'Emotional Maturity',
    description: 'Handling conflict and feelings.',
    lowLabel: 'Stormy',
    highLabel: 'Grounded',
  },
  {
    id: 4,
    question: 'Relational Integrity',
    description: 'Honesty and loyalty.',
    lowLabel: 'Untrustworthy',
    highLabel: 'Rock solid',
  },
  {
    id: 5,
    question: 'Impact on You',
    description: 'How it left you.',
    lowLabel: 'Left scars',
    highLabel: 'Made me better',
  },
  {
    id: 6,
    question: 'Communication',
    description: 'Saying what they meant.',
    lowLabel: 'Silent treatment',
    highLabel: 'Open book',
  },
  {
    id: 7,
    question: 'Sense of Humour',
    description: 'Laughing together.',
    lowLabel: 'Flat',
    highLabel: 'Hilarious',
  },
  {
    id: 8,
    question: 'Reliability',
    description: 'Showing up when it counted.',
    lowLabel: 'Flaky',
    highLabel: 'Always there',
  },
  {
    id: 9,
    question: 'Ambition',
    description: 'Going somewhere in life.',
    lowLabel: 'Drifting',
    highLabel: 'Driven',
  },
  {
    id: 10,
    question: 'Kindness',
    description: 'Warmth towards you and others.',
    lowLabel: 'Cold',
    highLabel: 'Warm-hearted',
  },
];

function sampleRating(
  id: string,
  fields: Pick<
    ReceivedRating,
    'name' | 'relationshipType' | 'relationshipLabel' | 'testimonial' | 'gratitude'
  >,
  posted: string,
  score: (questionId: number) => number,
): ReceivedRating {
  const scores = SAMPLE_QUESTIONS.map((question) => ({ questionId: question.id, score: score(question.id) }));
  const average = Math.round((scores.reduce((sum, entry) => sum + entry.score, 0) / scores.length) * 10) / 10;
  return {
    id,
    ...fields,
    selfReflection: null,
    feedback: 'Text back within a day, please.',
    posted,
    scores,
    reportStatus: null,
    average,
  };
}

export const SAMPLE_RATINGS: ReceivedRating[] = [
  sampleRating(
    'sample-1',
    {
      name: 'Alex S.',
      relationshipType: 'serious',
      relationshipLabel: 'Serious Relationship',
      testimonial: 'Great listener, terrible at texting back.',
      gratitude: 'Always made time for my family.',
    },
    'Posted this week',
    (id) => ((id * 7) % 10) + 1,
  ),
  sampleRating(
    'sample-2',
    {
      name: 'Sam K.',
      relationshipType: 'situationship',
      relationshipLabel: 'Situationship',
      testimonial: 'Fun while it lasted.',
      gratitude: null,
    },
    'Posted this month',
    (id) => 4 + (id % 3),
  ),
];

export const SAMPLE_PER_QUESTION: RatingSummary['perQuestion'] = SAMPLE_QUESTIONS.map((question) => {
  const scores = SAMPLE_RATINGS.map(
    (rating) => rating.scores.find((entry) => entry.questionId === question.id)?.score ?? 0,
  );
  return {
    questionId: question.id,
    average: scores.reduce((sum, score) => sum + score, 0) / scores.length,
    count: scores.length,
  };
});

export const SAMPLE_SCORE =
  SAMPLE_RATINGS.reduce((sum, rating) => sum + (rating.average ?? 0), 0) / SAMPLE_RATINGS.length;

export const SAMPLE_PHONE = '+12025550143';

export function sampleQuestionLabel(questionId: number): string {
  return (
    SAMPLE_QUESTIONS.find((question) => question.id === questionId)?.question ?? `Question ${questionId}`
  );
}
